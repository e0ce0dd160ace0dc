import { style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { vars } from '../../styles/theme.css.ts'

export const badges = style({ display: 'inline-flex', flexWrap: 'wrap', gap: vars.space['2'] })

// Each pair of colours holds AA contrast for small bold text (core/palette.ts).
export const badge = recipe({
  base: {
    display: 'inline-block',
    borderRadius: vars.radius.pill,
    padding: `2px ${vars.space['3']}`,
    fontSize: vars.fontSize.xs,
    fontWeight: 700,
    whiteSpace: 'nowrap',
  },
  variants: {
    tone: {
      good: { background: vars.color.successSoft, color: vars.color.success },
      bad: { background: vars.color.dangerSoft, color: vars.color.danger },
      // The test-mode notices' pale amber under the text's colour (15.8:1).
      warn: { background: vars.color.notice, color: vars.color.text, boxShadow: `inset 0 0 0 1px ${vars.color.noticeBorder}` },
      active: { background: vars.color.accentSoft, color: vars.color.accentStrong },
      neutral: { background: vars.color.surfaceAlt, color: vars.color.text },
    },
  },
})

import { style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { vars } from '../../styles/theme.css.ts'

export const price = recipe({
  base: { display: 'flex', alignItems: 'baseline', gap: vars.space['1'], margin: 0 },
  variants: {
    size: {
      md: { fontSize: vars.fontSize.lg },
      lg: { fontSize: vars.fontSize['2xl'] },
    },
  },
})

export const amount = style({ fontWeight: 700, color: vars.color.text, fontVariantNumeric: 'tabular-nums' })
export const unit = style({ color: vars.color.textMuted, fontSize: '0.8em' })

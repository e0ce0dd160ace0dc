import { style } from '@vanilla-extract/css'
import { vars } from '../styles/theme.css.ts'
import { bareList } from '../styles/primitives.css.ts'

export const filters = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], ...bareList })

export const filter = style({
  // A 44 px tap target (WCAG 2.5.5).
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.75rem',
  padding: `${vars.space['2']} ${vars.space['4']}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  textDecoration: 'none',
  fontWeight: 500,
  fontSize: vars.fontSize.sm,
  selectors: {
    '&:hover': { borderColor: vars.color.text },
    '&[aria-current="page"]': { background: vars.color.dark, color: vars.color.onDark, borderColor: vars.color.dark },
  },
})

export const count = style({ color: vars.color.textMuted, marginBlock: vars.space['4'] })

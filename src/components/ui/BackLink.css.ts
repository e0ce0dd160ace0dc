import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css.ts'

export const back = style({
  display: 'inline-flex',
  gap: vars.space['2'],
  alignItems: 'center',
  // A 44 px tall tap target.
  minHeight: '2.75rem',
  color: vars.color.accent,
  fontWeight: 600,
  textDecoration: 'none',
  fontSize: vars.fontSize.sm,
  selectors: { '&:hover': { textDecoration: 'underline', textUnderlineOffset: '4px' } },
})

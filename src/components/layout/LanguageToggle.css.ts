import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css.ts'

export const group = style({
  display: 'inline-flex',
  border: '1px solid currentColor',
  borderRadius: vars.radius.pill,
  padding: 2,
})

export const option = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  border: 0,
  background: 'transparent',
  color: 'inherit',
  textDecoration: 'none',
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  letterSpacing: '0.06em',
  paddingInline: vars.space['3'],
  borderRadius: vars.radius.pill,
  cursor: 'pointer',
  // 44 × 44 tap targets.
  minHeight: '2.75rem',
  minWidth: '2.75rem',
  selectors: {
    '&[aria-current="page"]': { background: vars.color.accentSoft, color: vars.color.dark },
  },
})

import { style } from '@vanilla-extract/css'
import { vars } from '../../../styles/theme.css.ts'

// The admin's order table (the dashboard's recent orders and /admin/orders).
export const numberLink = style({
  fontFamily: 'ui-monospace, "SFMono-Regular", "Cascadia Mono", "Roboto Mono", Menlo, Consolas, monospace',
  fontWeight: 700,
  whiteSpace: 'nowrap',
  color: vars.color.accentStrong,
  textUnderlineOffset: '3px',
})
export const email = style({ overflowWrap: 'anywhere', minWidth: '12rem' })

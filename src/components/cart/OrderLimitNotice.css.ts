import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css.ts'

export const notice = style({
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
})

import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css.ts'

export const before = style({ color: vars.color.textMuted, marginInlineEnd: vars.space['1'] })
export const now = style({ fontWeight: 700, color: vars.color.text })
export const notice = style({
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.md,
  background: vars.color.accentSoft,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
})

import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css.ts'

export const body = style({
  maxWidth: vars.layout.maxWidth,
  marginInline: 'auto',
  paddingInline: vars.layout.gutter,
  paddingTop: vars.space['6'],
})

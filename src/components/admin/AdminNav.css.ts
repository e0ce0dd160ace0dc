import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css.ts'

export const nav = style({
  maxWidth: vars.layout.maxWidth,
  marginInline: 'auto',
  paddingInline: vars.layout.gutter,
  paddingTop: vars.space['4'],
})

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  listStyle: 'none',
  margin: 0,
  padding: 0,
})

export const link = style({
  display: 'inline-block',
  padding: `${vars.space['2']} ${vars.space['4']}`,
  borderRadius: vars.radius.md,
  fontWeight: 600,
  color: vars.color.textMuted,
  textDecoration: 'none',
  selectors: {
    '&:hover': { color: vars.color.text, background: vars.color.surfaceAlt },
    '&[aria-current="page"]': { color: vars.color.text, background: vars.color.surfaceAlt },
  },
})

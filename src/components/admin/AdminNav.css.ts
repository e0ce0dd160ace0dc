import { style } from '@vanilla-extract/css'
import { clearance } from '../ui/PageHeader.css.ts'
import { vars } from '../../styles/theme.css.ts'

/** The admin's pages: the nav's band makes room for the fixed site header, so their headers need none. */
export const frame = style({ vars: { [clearance]: '0px' } })

/** A band under the fixed site header, in the colour the page header below it starts with. */
export const nav = style({
  paddingTop: vars.layout.navHeight,
  background: vars.color.surfaceAlt,
})

export const list = style({
  maxWidth: vars.layout.maxWidth,
  margin: '0 auto',
  padding: `${vars.space['3']} ${vars.layout.gutter} 0`,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  listStyle: 'none',
})

export const link = style({
  display: 'inline-block',
  padding: `${vars.space['2']} ${vars.space['4']}`,
  borderRadius: vars.radius.md,
  fontWeight: 600,
  color: vars.color.textMuted,
  textDecoration: 'none',
  selectors: {
    '&:hover': { color: vars.color.text, background: vars.color.surface },
    '&[aria-current="page"]': { color: vars.color.text, background: vars.color.surface, boxShadow: vars.shadow.sm },
  },
})

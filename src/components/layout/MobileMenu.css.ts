import { style } from '@vanilla-extract/css'
import { breakpoints, vars } from '../../styles/theme.css.ts'
import { iconButton } from '../ui/sheet.css.ts'
import { busy, linksInRow } from './SiteHeader.css.ts'
import { bareList } from '../../styles/primitives.css.ts'

/**
 * The menu's disclosure (MobileMenu.tsx): while the shop's links do not fit in the header's row
 * (SiteHeader.css.ts, below 1000 px); below 1200 px when the header is busy (role links, the email
 * reminder).
 */
export const menu = style({
  '@media': {
    [linksInRow]: { display: 'none', selectors: { [`${busy} &`]: { display: 'block' } } },
    [breakpoints.lg]: { selectors: { [`${busy} &`]: { display: 'none' } } },
  },
})

/** The menu button: the disclosure's summary, without its marker. */
export const trigger = style([iconButton, { listStyle: 'none', selectors: { '&::-webkit-details-marker': { display: 'none' } } }])

/** The menu as the disclosure opens it without JavaScript: the links, under the header. */
export const panel = style({
  position: 'fixed',
  top: vars.layout.navHeight,
  insetInline: 0,
  maxHeight: `calc(100dvh - ${vars.layout.navHeight})`,
  overflowY: 'auto',
  padding: `${vars.space['3']} ${vars.layout.gutter} ${vars.space['5']}`,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.lg,
  display: 'grid',
  gap: vars.space['4'],
})

export const description = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const list = style({ ...bareList, display: 'grid', gap: vars.space['1'] })

export const link = style({
  display: 'block',
  padding: `${vars.space['3']} ${vars.space['2']}`,
  fontSize: vars.fontSize.xl,
  fontFamily: vars.font.display,
  textDecoration: 'none',
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&[aria-current="page"]': { color: vars.color.accent } },
})

export const secondaryList = style({ listStyle: 'none', margin: `${vars.space['5']} 0 0`, padding: 0, display: 'grid' })
// 44 px tall tap targets.
export const secondaryLink = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.75rem',
})
export const footer = style({ marginTop: 'auto', paddingTop: vars.space['4'] })
export const account = style({
  display: 'grid',
  gap: vars.space['2'],
  justifyItems: 'start',
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: vars.space['4'],
})
export const accountEmail = style({ fontWeight: 600, wordBreak: 'break-all' })

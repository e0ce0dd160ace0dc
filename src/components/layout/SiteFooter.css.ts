import { globalStyle, style } from '@vanilla-extract/css'
import { breakpoints, vars } from '../../styles/theme.css.ts'
import { bareList, pageColumn } from '../../styles/primitives.css.ts'

export const footer = style({
  background: vars.color.dark,
  color: vars.color.onDark,
  marginTop: vars.space['9'],
  paddingTop: vars.space['8'],
})

export const grid = style({
  ...pageColumn,
  display: 'grid',
  gap: vars.space['6'],
  gridTemplateColumns: '1fr',
  '@media': {
    [breakpoints.sm]: { gridTemplateColumns: '1fr 1fr' },
    [breakpoints.md]: { gridTemplateColumns: '2fr 1fr 1fr' },
  },
})

export const brand = style({ display: 'grid', gap: vars.space['3'], alignContent: 'start' })
export const name = style({ fontFamily: vars.font.display, fontSize: vars.fontSize.xl, fontWeight: 600 })
export const tagline = style({ color: vars.color.onDarkMuted, maxWidth: '44ch' })

export const address = style({
  fontStyle: 'normal',
  display: 'grid',
  gap: vars.space['1'],
  color: vars.color.onDarkMuted,
})
// The email and phone links, 44 px tall tap targets.
globalStyle(`${address} a`, { display: 'inline-flex', alignItems: 'center', minHeight: '2.75rem', justifySelf: 'start' })

export const column = style({ display: 'grid', gap: vars.space['3'], alignContent: 'start' })

export const heading = style({
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  textTransform: 'uppercase',
  letterSpacing: '0.12em',
  color: vars.color.accentOnDark,
})

export const list = style({ ...bareList, display: 'grid' })

export const link = style({
  color: vars.color.onDark,
  textDecoration: 'none',
  // 44 px tall tap targets, one under the other.
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.75rem',
  minWidth: '2.75rem',
  selectors: { '&:hover': { textDecoration: 'underline' } },
})

export const bottom = style({
  maxWidth: vars.layout.maxWidth,
  marginInline: 'auto',
  marginTop: vars.space['7'],
  padding: `${vars.space['5']} ${vars.layout.gutter}`,
  borderTop: '1px solid rgba(245, 239, 228, 0.15)',
  color: vars.color.onDarkMuted,
  fontSize: vars.fontSize.xs,
  // Room under the last line for the WhatsApp bubble fixed in the bottom corner on wide screens,
  // so it covers nothing at the end of the page.
  paddingBottom: `calc(${vars.space['5']} + 4rem)`,
})

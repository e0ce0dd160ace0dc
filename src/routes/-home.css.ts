import { globalStyle, style } from '@vanilla-extract/css'
import { breakpoints, vars } from '../styles/theme.css.ts'
import { pageColumn } from '../styles/primitives.css.ts'

export const hero = style({
  position: 'relative',
  minHeight: 'min(92vh, 820px)',
  display: 'grid',
  alignItems: 'end',
  color: vars.color.onDark,
  background: vars.color.dark,
  overflow: 'hidden',
})

/** Not a grid item of the hero: the picture lies behind the content, the <img> is positioned alone. */
export const heroPicture = style({ display: 'contents' })

export const heroImage = style({ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' })

export const heroOverlay = style({
  position: 'absolute',
  inset: 0,
  background: 'linear-gradient(180deg, rgba(20,18,15,0.55) 0%, rgba(20,18,15,0.35) 40%, rgba(20,18,15,0.85) 100%)',
})

export const heroContent = style({
  position: 'relative',
  width: '100%',
  maxWidth: vars.layout.maxWidth,
  marginInline: 'auto',
  padding: `calc(${vars.layout.navHeight} + ${vars.space['8']}) ${vars.layout.gutter} ${vars.space['8']}`,
  display: 'grid',
  gap: vars.space['4'],
})

export const heroEyebrow = style({
  textTransform: 'uppercase',
  letterSpacing: '0.16em',
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  color: vars.color.accentOnDark,
})

export const heroTitle = style({ fontSize: vars.fontSize['4xl'], maxWidth: '18ch' })
export const heroLead = style({ fontSize: vars.fontSize.lg, maxWidth: '56ch', color: vars.color.onDark })
export const heroActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], marginTop: vars.space['2'] })

export const sectionHead = style({ display: 'grid', gap: vars.space['2'], marginBottom: vars.space['5'] })
export const sectionTitle = style({ fontSize: vars.fontSize['3xl'] })
export const sectionLead = style({ color: vars.color.textMuted, fontSize: vars.fontSize.lg, maxWidth: '60ch' })

export const split = style({
  ...pageColumn,
  paddingTop: vars.space['8'],
  display: 'grid',
  gap: vars.space['5'],
  '@media': { [breakpoints.md]: { gridTemplateColumns: '1fr 1fr' } },
})

const splitBase = {
  borderRadius: vars.radius.lg,
  padding: `clamp(1.5rem, 1rem + 3vw, 3rem)`,
  display: 'grid',
  gap: vars.space['4'],
  alignContent: 'start',
  justifyItems: 'start',
} as const

export const splitCard = style({ ...splitBase, background: vars.color.surfaceAlt })
export const splitCardDark = style({ ...splitBase, background: vars.color.dark, color: vars.color.onDark })
export const darkLead = style({ color: vars.color.onDarkMuted, fontSize: vars.fontSize.lg })

export const priceBand = style({
  marginTop: vars.space['8'],
  background: vars.color.accentSoft,
  paddingBlock: vars.space['7'],
})
// The band is the home page's last section: the footer follows it directly, without the blank
// strip the footer's top margin leaves after pages that end in plain content.
globalStyle(`main:has(> ${priceBand}:last-child) + footer`, { marginTop: 0 })

export const priceInner = style({
  ...pageColumn,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['5'],
})

export const priceTitle = style({ fontSize: vars.fontSize['3xl'] })

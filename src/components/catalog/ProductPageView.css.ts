import { globalStyle, style } from '@vanilla-extract/css'
import { breakpoints, vars } from '../../styles/theme.css.ts'
import { categoryEyebrow, pageColumn } from '../../styles/primitives.css.ts'

export const page = style({
  ...pageColumn,
  paddingTop: `calc(${vars.layout.navHeight} + ${vars.space['5']})`,
  display: 'grid',
  gap: vars.space['5'],
})

export const layout = style({
  display: 'grid',
  gap: vars.space['6'],
  gridTemplateColumns: '1fr',
  alignItems: 'start',
  '@media': { [breakpoints.md]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: vars.space['8'] } },
})
// With more photos, the first one's column holds them too, and the details span both rows.
globalStyle(`${layout} > :nth-child(2)`, { '@media': { [breakpoints.md]: { gridRow: 'span 2' } } })

export const media = style({
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
  boxShadow: vars.shadow.md,
  '@media': { [breakpoints.md]: { position: 'sticky', top: `calc(${vars.layout.navHeight} + ${vars.space['4']})` } },
})
// On a phone the picture is a shorter crop of the panel's surface, so the name, the price and Add to
// cart fit on the first screen.
globalStyle(`${media} img`, {
  '@media': { 'screen and (max-width: 899px)': { aspectRatio: '4 / 3', objectFit: 'cover', width: '100%' } },
})

export const info = style({ display: 'grid', gap: vars.space['4'] })

/**
 * The product's other photos: after the buy box on a phone (the first screen keeps the price and
 * Add to cart), under the first photo from 900 px, two to a row.
 */
export const morePhotos = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space['3'],
  '@media': { [breakpoints.md]: { gridColumn: '1', gridRow: '2' } },
})
export const morePhoto = style({ borderRadius: vars.radius.md, overflow: 'hidden', boxShadow: vars.shadow.sm })

export const category = categoryEyebrow

export const name = style({ fontSize: vars.fontSize['3xl'] })
export const description = style({ color: vars.color.textMuted, fontSize: vars.fontSize.lg })

export const priceBlock = style({
  display: 'grid',
  gap: vars.space['1'],
  paddingBlock: vars.space['4'],
  borderBlock: `1px solid ${vars.color.border}`,
})

export const vat = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })
/** The delivery note under the price: what delivery costs, how long it takes, and pickup. */
export const delivery = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 })

/**
 * The buy box: the quantity (its label above its stepper) on the left; the total and Add to cart on
 * the right. Below 900 px it is a buy bar: it stays at the bottom of the screen while the page has
 * not reached it, and takes its own place in the page once it has (it never covers the page's end).
 */
export const purchase = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gridTemplateRows: 'auto auto',
  alignItems: 'end',
  columnGap: vars.space['3'],
  rowGap: vars.space['2'],
  '@media': {
    'screen and (max-width: 899px)': {
      position: 'sticky',
      bottom: 0,
      // Above the page's content, below the nav and the dialogs.
      zIndex: 46,
      marginInline: `calc(-1 * ${vars.layout.gutter})`,
      padding: `${vars.space['3']} ${vars.layout.gutter}`,
      background: vars.color.bg,
      borderTop: `1px solid ${vars.color.border}`,
      boxShadow: '0 -6px 16px rgba(28, 26, 23, 0.08)',
    },
  },
})
globalStyle(`${purchase} > :first-child`, { gridRow: '1 / span 2', alignSelf: 'stretch', alignContent: 'space-between' })

export const total = style({ fontSize: vars.fontSize.lg, fontVariantNumeric: 'tabular-nums', justifySelf: 'end' })

export const add = style({
  width: '100%',
  '@media': { 'screen and (max-width: 899px)': { paddingInline: vars.space['3'], fontSize: vars.fontSize.md } },
})

export const specs = style({
  background: vars.color.surfaceAlt,
  borderRadius: vars.radius.lg,
  padding: vars.space['5'],
  display: 'grid',
  gap: vars.space['3'],
})

export const specsTitle = style({ fontSize: vars.fontSize.xl })
export const specList = style({ display: 'grid', gap: vars.space['2'], margin: 0 })
globalStyle(`${specList} > div`, {
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space['4'],
  borderBottom: `1px solid ${vars.color.border}`,
  paddingBottom: vars.space['2'],
})
globalStyle(`${specList} dt`, { color: vars.color.textMuted })
globalStyle(`${specList} dd`, { margin: 0, fontWeight: 600, textAlign: 'right' })

export const notFound = style({
  ...pageColumn,
  paddingTop: `calc(${vars.layout.navHeight} + ${vars.space['8']})`,
  display: 'grid',
  justifyItems: 'start',
  gap: vars.space['4'],
})

export const retail = style({ color: vars.color.textMuted })
export const savings = style({ color: vars.color.success, fontWeight: 700 })

export const savingsBox = style({
  marginTop: vars.space['2'],
  padding: vars.space['4'],
  borderRadius: vars.radius.md,
  background: vars.color.successSoft,
  border: `1px solid ${vars.color.success}`,
  color: vars.color.text,
  display: 'grid',
  gap: vars.space['1'],
})

export const savingsTitle = style({ fontWeight: 700, color: vars.color.success })

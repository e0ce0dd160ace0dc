import { globalStyle, style } from '@vanilla-extract/css'
import { breakpoints, vars } from '../styles/theme.css.ts'

export const page = style({
  maxWidth: vars.layout.maxWidth,
  marginInline: 'auto',
  paddingInline: vars.layout.gutter,
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

export const media = style({
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
  boxShadow: vars.shadow.md,
  '@media': { [breakpoints.md]: { position: 'sticky', top: `calc(${vars.layout.navHeight} + ${vars.space['4']})` } },
})

export const info = style({ display: 'grid', gap: vars.space['4'] })

export const category = style({
  fontSize: vars.fontSize.xs,
  textTransform: 'uppercase',
  letterSpacing: '0.12em',
  color: vars.color.accent,
  fontWeight: 600,
})

export const name = style({ fontSize: vars.fontSize['3xl'] })
export const description = style({ color: vars.color.textMuted, fontSize: vars.fontSize.lg })

export const priceBlock = style({
  display: 'grid',
  gap: vars.space['1'],
  paddingBlock: vars.space['4'],
  borderBlock: `1px solid ${vars.color.border}`,
})

export const vat = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const purchase = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: vars.space['4'] })
export const total = style({ fontSize: vars.fontSize.lg, fontVariantNumeric: 'tabular-nums' })

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
  maxWidth: vars.layout.maxWidth,
  marginInline: 'auto',
  paddingInline: vars.layout.gutter,
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

import { globalStyle, style } from '@vanilla-extract/css'
import { breakpoints, vars } from '../../../styles/theme.css.ts'
import { bareList, insetPanel, stackedPageBody } from '../../../styles/primitives.css.ts'

// /admin/orders/new: an order taken on the phone, its form beside what it costs.
export const page = stackedPageBody

export const layout = style({
  display: 'grid',
  gap: vars.space['5'],
  alignItems: 'start',
  '@media': { [breakpoints.md]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' } },
})
export const column = style({ display: 'grid', gap: vars.space['5'], minWidth: 0 })

export const fieldset = style({
  border: 0,
  margin: 0,
  padding: 0,
  minWidth: 0,
  display: 'grid',
  gap: vars.space['4'],
  '@media': { [breakpoints.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
})
export const legend = style({ fontSize: vars.fontSize.lg, fontWeight: 700, marginBottom: vars.space['3'], padding: 0 })
export const wide = style({ '@media': { [breakpoints.sm]: { gridColumn: '1 / -1' } } })

/** The products' fieldset: its lines, then "Add a product" and what is missing. */
export const productsFieldset = style({ border: 0, margin: 0, padding: 0, minWidth: 0, display: 'grid', gap: vars.space['3'] })

/** The product lines: one panel each, its fields side by side on a wide screen. */
export const lines = style({ ...bareList, display: 'grid', gap: vars.space['3'] })
export const line = style({
  ...insetPanel,
  border: 0,
  margin: 0,
  minWidth: 0,
  display: 'grid',
  gap: vars.space['3'],
  alignItems: 'end',
  '@media': { [breakpoints.sm]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 1fr) minmax(0, 2fr) auto' } },
})
// Floated, the legend is one of the grid's items (a whole row) rather than drawn on the border.
export const lineLegend = style({ fontWeight: 700, fontSize: vars.fontSize.sm, padding: 0, float: 'left', width: '100%', gridColumn: '1 / -1' })

export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space['3'] })
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 })

/** The summary: what the server would charge, line by line, then the totals. */
export const facts = style({ display: 'grid', gap: vars.space['2'], margin: 0 })
export const fact = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: `${vars.space['1']} ${vars.space['3']}` })
globalStyle(`${fact} dt`, { color: vars.color.textMuted, minWidth: 0, overflowWrap: 'anywhere' })
globalStyle(`${fact} dd`, { margin: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums', minWidth: 0, overflowWrap: 'anywhere' })
export const total = style([fact, { borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space['2'] }])
export const summary = style({ display: 'grid', gap: vars.space['3'] })
export const agreed = style({ display: 'block', color: vars.color.textMuted, fontSize: vars.fontSize.xs, fontWeight: 400 })

import { style } from '@vanilla-extract/css'
import { breakpoints, vars } from '../../../styles/theme.css.ts'
import { bareList, insetPanel } from '../../../styles/primitives.css.ts'
import { sectionCard, sectionCardHeading } from '../../../styles/section-card.css.ts'

// The owner's delivery settings (docs/product.md#delivery): pickup, then each zone's window and rate tables.

/** A method (pickup, home delivery) as a card of the form: its legend is the card's heading. */
export const method = style([sectionCard, { margin: 0, minWidth: 0 }])
export const methodLegend = style([sectionCardHeading, { float: 'left', width: '100%', padding: 0, fontWeight: 700 }])

/** A zone: its window, then its two tables side by side on a wide screen. */
export const zone = style({ border: 0, margin: 0, padding: 0, minWidth: 0, display: 'grid', gap: vars.space['4'] })
export const zoneLegend = style({ float: 'left', width: '100%', padding: 0, fontSize: vars.fontSize.lg, fontWeight: 700 })

/** Two short numbers side by side (pickup's days, a zone's window). */
export const numbers = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(2, minmax(0, 12rem))',
  alignItems: 'start',
})
export const groupLabel = style({ gridColumn: '1 / -1', margin: 0, fontWeight: 600, fontSize: vars.fontSize.sm })

export const tables = style({
  display: 'grid',
  gap: vars.space['4'],
  '@media': { [breakpoints.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
})

/** A rate table: its bands, the buttons that add or remove one, and its free-delivery threshold. */
export const table = style({ ...insetPanel, border: 0, margin: 0, minWidth: 0, display: 'grid', gap: vars.space['3'], alignContent: 'start' })
export const tableLegend = style({ float: 'left', width: '100%', padding: 0, fontWeight: 700 })

export const bands = style({ ...bareList, display: 'grid', gap: vars.space['3'] })
/** A band: its panels, its price and the button that removes it, on one line when there is room. */
export const band = style({
  display: 'grid',
  gap: vars.space['2'],
  alignItems: 'end',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  '@media': { [breakpoints.sm]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) auto' } },
})
/** The open band's place for panels: it has none. */
export const openBand = style({ alignSelf: 'center', margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm })
export const remove = style({ gridColumn: '1 / -1', justifySelf: 'start', '@media': { [breakpoints.sm]: { gridColumn: 'auto' } } })

export const tableActions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space['2'] })
export const note = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const formActions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space['3'] })

import { globalStyle, style } from '@vanilla-extract/css'
import { breakpoints, vars } from '../../../styles/theme.css.ts'
import { bareList, dangerTint, insetPanel, messageBox, stackedPageBody } from '../../../styles/primitives.css.ts'

// One order's page (docs/product.md#fulfilment): its cards, actions, dialogs and timeline.
export const page = stackedPageBody

/** The number under "Order" in the page's title: whole on one line even on a phone, its Copy button in the body font. */
export const titleNumber = style({ display: 'block', fontFamily: vars.font.body, fontSize: 'clamp(1.125rem, 0.85rem + 1.6vw, 1.75rem)' })
export const lead = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: `${vars.space['2']} ${vars.space['4']}` })
export const layout = style({
  display: 'grid',
  gap: vars.space['5'],
  alignItems: 'start',
  '@media': { [breakpoints.md]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' } },
})
export const column = style({ display: 'grid', gap: vars.space['5'], minWidth: 0 })
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })
export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space['3'] })

/** Label and value pairs: subtotal and total, payment references. */
export const facts = style({ display: 'grid', gap: vars.space['2'], margin: 0 })
export const fact = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: `${vars.space['1']} ${vars.space['3']}` })
globalStyle(`${fact} dt`, { color: vars.color.textMuted })
globalStyle(`${fact} dd`, { margin: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums', minWidth: 0, overflowWrap: 'anywhere' })
export const code = style({ fontFamily: 'ui-monospace, "SFMono-Regular", "Cascadia Mono", "Roboto Mono", Menlo, Consolas, monospace' })
export const contact = style({ display: 'grid', gap: vars.space['1'], fontStyle: 'normal', overflowWrap: 'anywhere' })
export const link = style({ color: vars.color.accentStrong, textUnderlineOffset: '3px' })

export const timeline = style({ ...bareList, display: 'grid', gap: vars.space['3'] })
export const event = style({
  display: 'grid',
  gap: vars.space['1'],
  ...insetPanel,
  borderLeft: `4px solid ${vars.color.border}`,
})
export const eventHead = style({ display: 'flex', flexWrap: 'wrap', gap: `${vars.space['1']} ${vars.space['3']}`, alignItems: 'baseline', margin: 0 })
export const eventDetails = style({ margin: 0, paddingLeft: vars.space['5'], display: 'grid', gap: vars.space['1'], fontSize: vars.fontSize.sm })
export const eventWho = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' })

/** A dialog's warning: what an action does that cannot be undone. */
export const consequences = style({ margin: 0, paddingLeft: vars.space['5'], display: 'grid', gap: vars.space['1'] })
export const dialogError = style({ ...messageBox, padding: vars.space['3'], ...dangerTint })
export const subheading = style({ fontSize: vars.fontSize.md, fontWeight: 700, margin: 0 })

/** The refund dialog: one quantity per line, then what it adds up to. */
export const refundLines = style({ border: 0, padding: 0, margin: 0, display: 'grid', gap: vars.space['3'] })
export const refundTotal = style({ margin: 0, fontWeight: 700 })
/** The order's refunds, one per row: when, how much, why, its corrective invoice. */
export const refundList = style({ margin: 0, paddingLeft: vars.space['5'], display: 'grid', gap: vars.space['2'] })

/** The buyer's withdrawal, above the order's actions (docs/product.md#withdrawal). */
export const withdrawal = style({
  ...messageBox,
  padding: vars.space['4'],
  display: 'grid',
  gap: vars.space['2'],
  border: `2px solid ${vars.color.accentStrong}`,
})

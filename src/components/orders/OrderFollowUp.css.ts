import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css.ts'
import { bareList } from '../../styles/primitives.css.ts'

// What follows an order's payment: its shipment and its invoices (the buyer's /orders, the admin's order page).
/** Label and value pairs side by side, wrapping on a narrow screen. */
export const facts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space['2']} ${vars.space['5']}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
})
export const fact = style({ display: 'grid', gap: '2px', minWidth: 0 })
globalStyle(`${fact} dt`, { color: vars.color.textMuted, fontSize: vars.fontSize.xs, fontWeight: 600 })
globalStyle(`${fact} dd`, { margin: 0, fontWeight: 600 })
export const code = style({
  margin: 0,
  fontFamily: 'ui-monospace, "SFMono-Regular", "Cascadia Mono", "Roboto Mono", Menlo, Consolas, monospace',
  overflowWrap: 'anywhere',
})

/** One block per shipment, newest last. */
export const shipments = style({ display: 'grid', gap: vars.space['3'] })
export const shipment = style({ display: 'grid', gap: vars.space['1'] })
export const shipmentLines = style({ ...bareList, fontWeight: 400 })
export const trackingNote = style({ margin: 0, fontSize: vars.fontSize.sm })

export const invoiceList = style({
  ...bareList,
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space['2']} ${vars.space['5']}`,
})
export const invoiceLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: '2.75rem',
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  color: vars.color.accentStrong,
  textUnderlineOffset: '3px',
})
export const icon = style({ textDecoration: 'none' })
export const voided = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted })

/** Below an order's lines on /orders. */
export const followUp = style({
  display: 'grid',
  gap: vars.space['3'],
  marginTop: vars.space['4'],
  paddingTop: vars.space['4'],
  borderTop: `1px solid ${vars.color.border}`,
})

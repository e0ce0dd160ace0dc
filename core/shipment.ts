import { z } from 'zod'
import { carrierCodeOf } from './carriers.ts'
import { messages } from './messages.ts'
import { shipmentFieldMaxLength } from './order-flow.ts'
import { plainText } from './text.ts'

/**
 * How an order travels, as the admin records it when shipping (docs/product.md#fulfilment): the
 * panels the shipment carries by order line (all that is left when none are named), the carrier (one
 * from core/carriers.ts by its name, or another typed) and the tracking number, both optional. One
 * schema for the admin's dialog and `admin.orders.ship`: texts trimmed, one line, at most
 * `shipmentFieldMaxLength` characters; left empty, a text is kept as null.
 */
const shipmentField = plainText()
  .max(shipmentFieldMaxLength, messages.shipmentFieldTooLong.id)
  .nullish()
  .transform((value) => (value ? value : null))

export const shipmentSchema = z.object({
  carrier: shipmentField,
  tracking: shipmentField,
  /** The panels it carries; left out, everything still to ship. Lines at 0 are not part of it. */
  lines: z
    .array(z.object({ itemId: z.uuid(), quantity: z.number().int().min(0).max(1_000_000) }))
    .max(500)
    .transform((lines) => lines.filter((line) => line.quantity > 0))
    .optional(),
  /** The dialog's own key: the same shipment sent twice (a double click, a retry) is recorded once. */
  requestKey: z.uuid().optional(),
})

/** What the form sends (either text may be left out or empty). */
export type ShipmentInput = z.input<typeof shipmentSchema>
/** What the server keeps: null where nothing was typed. */
export type Shipment = z.output<typeof shipmentSchema>

/** What a shipment's email says it is: some of the panels, the rest after earlier shipments, or all at once. */
export const shipmentParts = ['some', 'rest', 'all'] as const
export type ShipmentPart = (typeof shipmentParts)[number]

/** The panels of one order line, as shipped, refunded or left to ship. */
export interface LineQuantity {
  itemId: string
  quantity: number
}

/**
 * What is left to ship of each line: ordered, less what earlier shipments carried and what refunds
 * gave back (panels refunded before shipping are not sent; never below 0).
 */
export function leftToShip(
  ordered: ReadonlyArray<{ id: string; quantity: number }>,
  shipped: ReadonlyArray<readonly LineQuantity[]>,
  refunded: ReadonlyArray<readonly LineQuantity[]>,
): LineQuantity[] {
  const left = new Map(ordered.map((line) => [line.id, line.quantity]))
  for (const lines of [...shipped, ...refunded]) {
    for (const line of lines) left.set(line.itemId, (left.get(line.itemId) ?? 0) - line.quantity)
  }
  return ordered.map((line) => ({ itemId: line.id, quantity: Math.max(0, left.get(line.id) ?? 0) }))
}

export type ShipmentRefusal = 'nothing_left' | 'nothing_chosen' | 'unknown_line' | 'too_many_panels'

export const shipmentRefusalMessages = {
  nothing_left: messages.shipmentNothingLeft,
  nothing_chosen: messages.shipmentNothingChosen,
  unknown_line: messages.shipmentUnknownLine,
  too_many_panels: messages.shipmentTooManyPanels,
} as const satisfies Record<ShipmentRefusal, unknown>

/** A shipment as it will be recorded: its panels, and whether it sends the last of them (the order is then shipped). */
export interface PlannedShipment {
  lines: LineQuantity[]
  completes: boolean
}

/** The shipment `asked` for (everything left when undefined), given what is left, or why it cannot be. */
export function planShipment(
  left: readonly LineQuantity[],
  asked: readonly LineQuantity[] | undefined,
): PlannedShipment | { refused: ShipmentRefusal } {
  const remaining = left.filter((line) => line.quantity > 0)
  if (remaining.length === 0) return { refused: 'nothing_left' }
  if (asked === undefined) return { lines: remaining.map((line) => ({ ...line })), completes: true }
  const chosen = new Map<string, number>()
  for (const line of asked) {
    const available = left.find((candidate) => candidate.itemId === line.itemId)
    if (!available) return { refused: 'unknown_line' }
    const quantity = (chosen.get(line.itemId) ?? 0) + line.quantity
    if (quantity > available.quantity) return { refused: 'too_many_panels' }
    chosen.set(line.itemId, quantity)
  }
  const lines = left.flatMap((line) => {
    const quantity = chosen.get(line.itemId) ?? 0
    return quantity > 0 ? [{ itemId: line.itemId, quantity }] : []
  })
  if (lines.length === 0) return { refused: 'nothing_chosen' }
  return { lines, completes: remaining.every((line) => chosen.get(line.itemId) === line.quantity) }
}

/** The carrier as recorded: its name as printed, and its code when it is one on the list (which gives the tracking link). */
export function carrierOf(name: string | null): { carrier: string | null; carrierCode: ReturnType<typeof carrierCodeOf> } {
  return { carrier: name, carrierCode: name ? carrierCodeOf(name) : null }
}

import { z } from 'zod'
import { messages } from './messages.ts'
import { plainText } from './text.ts'
import { documentAmounts, maxOrderTotalCents } from './totals.ts'

/**
 * The admin's refunds of an order's payment (docs/product.md#fulfilment): panels by line and quantity
 * (and the delivery), an amount, or what is left; each with a reason. One rule for the admin's
 * dialog and the server, which decides the amount: what can still go back is what was paid less the
 * refunds so far (the server reads both under the order's lock), a line never gives back more panels
 * than it had, and the refund that gives back the rest is "the remainder" (its corrective invoice
 * closes the invoice exactly).
 */
export const refundReasonMaxLength = 200

export const refundRequestSchema = z.object({
  /** The dialog's own key: sending the same refund twice (a double click, a retry) gives back once. */
  requestKey: z.uuid(),
  reason: plainText().min(1, messages.refundReasonRequired.id).max(refundReasonMaxLength, messages.refundReasonTooLong.id),
  what: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('lines'),
      lines: z
        .array(z.object({ itemId: z.uuid(), quantity: z.number().int().min(0).max(1_000_000) }))
        .max(500)
        .transform((lines) => lines.filter((line) => line.quantity > 0)),
      delivery: z.boolean(),
    }),
    z.object({
      kind: z.literal('amount'),
      amountCents: z
        .number()
        .int(messages.refundAmountInvalid.id)
        .min(1, messages.refundAmountInvalid.id)
        .max(maxOrderTotalCents, messages.refundAmountInvalid.id),
    }),
    z.object({ kind: z.literal('remainder') }),
  ]),
})
export type RefundRequest = z.output<typeof refundRequestSchema>
export type RefundWhat = RefundRequest['what']

/** A line of the order as a refund sees it. */
export interface RefundableLine {
  id: string
  name: string
  quantity: number
  unitPriceCents: number
}

/** The order, as paid: its lines, its delivery's price, its total, and its buyer's recargo (0 for most). */
export interface PaidOrder {
  lines: readonly RefundableLine[]
  shippingCostCents: number
  totalCents: number
  taxRateBasisPoints: number
  surchargeRateBasisPoints: number
}

/** What a refund gave back, as its row keeps it. */
export interface GivenRefund {
  amountCents: number
  lines: ReadonlyArray<{ itemId: string; quantity: number }>
  deliveryCents: number
}

/** What can still go back: money, panels per line, and whether the delivery was given back. */
export function refundable(order: PaidOrder, given: readonly GivenRefund[]) {
  const givenCents = given.reduce((sum, refund) => sum + refund.amountCents, 0)
  const quantities = new Map(order.lines.map((line) => [line.id, line.quantity]))
  for (const refund of given) for (const line of refund.lines) quantities.set(line.itemId, (quantities.get(line.itemId) ?? 0) - line.quantity)
  const deliveryGiven = given.some((refund) => refund.deliveryCents > 0)
  return {
    amountCents: Math.max(0, order.totalCents - givenCents),
    lines: order.lines.map((line) => ({ itemId: line.id, quantity: Math.max(0, quantities.get(line.id) ?? 0) })),
    deliveryCents: deliveryGiven ? 0 : order.shippingCostCents,
  }
}
export type Refundable = ReturnType<typeof refundable>

/** A refund decided: what goes back, which panels, and whether it is the rest of the payment. */
export interface PlannedRefund {
  amountCents: number
  lines: Array<{ itemId: string; name: string; quantity: number; unitPriceCents: number }>
  deliveryCents: number
  /** It gives back all that was left: the order's payment is then refunded in full. */
  remainder: boolean
}

export type RefundRefusal = 'nothing_left' | 'nothing_chosen' | 'unknown_line' | 'too_many_panels' | 'delivery_given' | 'exceeds'

/** What the admin reads for each refusal (`refundExceeds` takes `{ max }`, in euros). */
export const refundRefusalMessages = {
  nothing_left: messages.refundNothingLeft,
  nothing_chosen: messages.refundNothingChosen,
  unknown_line: messages.refundUnknownLine,
  too_many_panels: messages.refundTooManyPanels,
  delivery_given: messages.refundDeliveryGiven,
  exceeds: messages.refundExceeds,
} as const satisfies Record<RefundRefusal, unknown>

/**
 * The refund `what` asks for, or why it cannot be. Panels are given back at the price paid, the
 * delivery at its price, and a buyer under the recargo de equivalencia gets its share on top
 * (the document's rule: core/totals.ts); when that gives back everything left, it is the remainder,
 * whatever earlier refunds of an amount took from the total.
 */
export function planRefund(order: PaidOrder, given: readonly GivenRefund[], what: RefundWhat): PlannedRefund | { refused: RefundRefusal } {
  return planFromLeft(order, refundable(order, given), what)
}

/** `planRefund` from what is left (the admin's dialog has that from the server, not the refunds). */
export function planFromLeft(order: PaidOrder, left: Refundable, what: RefundWhat): PlannedRefund | { refused: RefundRefusal } {
  if (left.amountCents === 0) return { refused: 'nothing_left' }
  if (what.kind === 'remainder') return remainderOf(order, left)
  if (what.kind === 'amount') {
    if (what.amountCents > left.amountCents) return { refused: 'exceeds' }
    if (what.amountCents === left.amountCents) return { ...remainderOf(order, left), lines: [], deliveryCents: 0 }
    return { amountCents: what.amountCents, lines: [], deliveryCents: 0, remainder: false }
  }
  const lines: PlannedRefund['lines'] = []
  for (const asked of what.lines) {
    const line = order.lines.find((candidate) => candidate.id === asked.itemId)
    if (!line) return { refused: 'unknown_line' }
    const available = left.lines.find((candidate) => candidate.itemId === asked.itemId)?.quantity ?? 0
    const already = lines.find((chosen) => chosen.itemId === asked.itemId)
    if (asked.quantity + (already?.quantity ?? 0) > available) return { refused: 'too_many_panels' }
    if (already) already.quantity += asked.quantity
    else lines.push({ itemId: line.id, name: line.name, quantity: asked.quantity, unitPriceCents: line.unitPriceCents })
  }
  if (what.delivery && order.shippingCostCents > 0 && left.deliveryCents === 0) return { refused: 'delivery_given' }
  const deliveryCents = what.delivery ? left.deliveryCents : 0
  if (lines.length === 0 && deliveryCents === 0) return { refused: 'nothing_chosen' }
  const everything =
    deliveryCents === left.deliveryCents &&
    left.lines.every((line) => line.quantity === (lines.find((chosen) => chosen.itemId === line.itemId)?.quantity ?? 0))
  if (everything) return { amountCents: left.amountCents, lines, deliveryCents, remainder: true }
  const grossCents = lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0) + deliveryCents
  const { totalCents } = documentAmounts(grossCents, order)
  if (totalCents > left.amountCents) return { refused: 'exceeds' }
  return { amountCents: totalCents, lines, deliveryCents, remainder: totalCents === left.amountCents }
}

function remainderOf(order: PaidOrder, left: Refundable): PlannedRefund {
  const lines = left.lines
    .filter((line) => line.quantity > 0)
    .map((line) => {
      const ordered = order.lines.find((candidate) => candidate.id === line.itemId)
      return { itemId: line.itemId, name: ordered?.name ?? '', quantity: line.quantity, unitPriceCents: ordered?.unitPriceCents ?? 0 }
    })
  return { amountCents: left.amountCents, lines, deliveryCents: left.deliveryCents, remainder: true }
}

/**
 * A refund's amount split as its corrective invoice prints it (positive; the invoice negates it):
 * the taxable base, the IVA and the recargo, adding up to exactly what went back. Panels and
 * delivery split as a document of their own (core/totals.ts) when that is what went back; any other
 * amount is split at the order's rates with the recargo on the base and the IVA the rest.
 */
export function refundAmounts(
  refund: { amountCents: number; grossCents: number | null },
  rates: { taxRateBasisPoints: number; surchargeRateBasisPoints: number },
) {
  if (refund.grossCents !== null) {
    const document = documentAmounts(refund.grossCents, rates)
    if (document.totalCents === refund.amountCents) return document
  }
  const amount = refund.amountCents
  const taxableBaseCents = Math.round((amount * 10_000) / (10_000 + rates.taxRateBasisPoints + rates.surchargeRateBasisPoints))
  const surchargeCents = Math.round((taxableBaseCents * rates.surchargeRateBasisPoints) / 10_000)
  return { taxableBaseCents, taxCents: amount - taxableBaseCents - surchargeCents, surchargeCents, totalCents: amount }
}

/**
 * The admin's refunds of an order's payment (docs/decisions/022, docs/product.md#fulfilment), each a row
 * of `refunds`: taken under the order's lock for what the request asks and what is still refundable
 * (paid − refunds so far, unconfirmed ones included) before the provider is asked, so that two
 * admins at once never give back more than was paid; let go when the provider refuses; completed
 * by the `refund_part` or `refund` transition. (A verified payment that never became its order's is
 * given back in payments.ts, one row per payment session.)
 */
import { and, asc, desc, eq, isNull } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { invoices, orderItems, orders, refunds } from '../../db/schema/index.ts'
import type { OrdersContext } from './context.ts'
import { messages, type AppMessage } from '../../../core/messages.ts'
import { canApply } from '../../../core/order-flow.ts'
import { messageEuros } from '../../../core/money.ts'
import { planRefund, refundable, refundRefusalMessages, type GivenRefund, type PaidOrder, type RefundRequest } from '../../../core/refunds.ts'

/** The row of a refund not yet confirmed by the provider, and the payment it gives back. */
export interface TakenRefund {
  id: string
  amountCents: number
  paymentSessionId: string
  /** It gives back the rest of the payment: the order's payment is then refunded in full. */
  remainder: boolean
}

export type TakeResult =
  | { result: 'missing' }
  | { result: 'already' }
  | { result: 'refused'; message: AppMessage; values?: Record<string, number> }
  | { result: 'taken'; refund: TakenRefund }

/** The order as paid and its refunds so far (unconfirmed ones too), read in the caller's transaction. */
export async function paidOrderOf(db: Database, orderId: string, fallbackTaxRate: number) {
  const [order] = await db
    .select({
      totalCents: orders.totalCents,
      shippingCostCents: orders.shippingCostCents,
      surchargeRateBasisPoints: orders.surchargeRateBasisPoints,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
  if (!order) return null
  const [lines, given, [invoice]] = await Promise.all([
    db
      .select({ id: orderItems.id, name: orderItems.productName, quantity: orderItems.quantity, unitPriceCents: orderItems.unitPriceCents })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.position), asc(orderItems.id)),
    db
      .select({
        id: refunds.id,
        amountCents: refunds.amountCents,
        lines: refunds.lines,
        deliveryCents: refunds.deliveryCents,
        requestKey: refunds.requestKey,
        refundedAt: refunds.refundedAt,
      })
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), eq(refunds.kind, 'order_payment')))
      .orderBy(asc(refunds.createdAt), asc(refunds.id)),
    // The IVA rate the order was invoiced at splits a recargo buyer's refund; the shop's rate before any invoice.
    db
      .select({ rate: invoices.taxRateBasisPoints })
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')))
      .orderBy(desc(invoices.issuedAt))
      .limit(1),
  ])
  const paid: PaidOrder = { ...order, lines, taxRateBasisPoints: invoice?.rate ?? fallbackTaxRate }
  const refundsSoFar = given.map((row) => ({ ...row, amountCents: row.amountCents ?? 0 }))
  return { paid, given: refundsSoFar satisfies GivenRefund[] }
}

/**
 * Takes the row of the admin's refund `request` of an order's payment, under the order's lock:
 * `already` when this very request was given back before (or, asking for the rest, nothing is
 * left), `refused` with the reason when it cannot be, otherwise the row: the one this request left
 * unconfirmed before (its provider call is idempotent, so asking again is safe), or a new one.
 */
export async function takeOrderRefund(ctx: OrdersContext, orderId: string, request: RefundRequest): Promise<TakeResult> {
  return ctx.db.transaction(async (tx): Promise<TakeResult> => {
    const [order] = await tx
      .select({ status: orders.status, paymentStatus: orders.paymentStatus, sessionId: orders.paymentSessionId })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update')
    if (!order) return { result: 'missing' }
    const found = await paidOrderOf(tx, orderId, ctx.invoicing.taxRateBasisPoints)
    if (!found) return { result: 'missing' }
    const same = found.given.find((row) => row.requestKey === request.requestKey)
    if (same?.refundedAt) return { result: 'already' }
    if (order.paymentStatus === 'refunded' && (request.what.kind === 'remainder' || same)) return { result: 'already' }
    if (!canApply('refund', order) || !order.sessionId) {
      return { result: 'refused', message: order.paymentStatus === 'refunded' ? messages.refundNothingLeft : messages.cannotRefund }
    }
    const others = found.given.filter((row) => row !== same)
    const plan = planRefund(found.paid, others, request.what)
    if ('refused' in plan) {
      if (plan.refused === 'nothing_left' && request.what.kind === 'remainder') return { result: 'already' }
      const left = refundable(found.paid, others).amountCents
      return { result: 'refused', message: refundRefusalMessages[plan.refused], values: { max: messageEuros(left) } }
    }
    if (same) {
      // The same request again (its provider call was left unanswered): only as it was first sent.
      if (same.amountCents !== plan.amountCents) return { result: 'refused', message: messages.refundRequestReused }
      return { result: 'taken', refund: { id: same.id, amountCents: same.amountCents, paymentSessionId: order.sessionId, remainder: plan.remainder } }
    }
    const [taken] = await tx
      .insert(refunds)
      .values({
        orderId,
        kind: 'order_payment',
        paymentSessionId: order.sessionId,
        amountCents: plan.amountCents,
        reason: request.reason,
        lines: plan.lines,
        deliveryCents: plan.deliveryCents,
        requestKey: request.requestKey,
      })
      .returning({ id: refunds.id })
    if (!taken) throw new Error(`refund of order ${orderId} was not recorded`)
    return { result: 'taken', refund: { id: taken.id, amountCents: plan.amountCents, paymentSessionId: order.sessionId, remainder: plan.remainder } }
  })
}

/**
 * Takes again, under the order's lock, a refund's row the provider never confirmed (a crash or a lost
 * answer left it so): it already holds its amount, so it is asked for as it was, with its own key;
 * `already` once confirmed. The reason is the row's.
 */
export async function takeUnconfirmedRefund(ctx: OrdersContext, orderId: string, refundId: string): Promise<TakeResult & { reason?: string }> {
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx.select({ totalCents: orders.totalCents }).from(orders).where(eq(orders.id, orderId)).for('update')
    if (!order) return { result: 'missing' as const }
    const rows = await tx
      .select({
        id: refunds.id,
        amountCents: refunds.amountCents,
        paymentSessionId: refunds.paymentSessionId,
        reason: refunds.reason,
        refundedAt: refunds.refundedAt,
      })
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), eq(refunds.kind, 'order_payment')))
    const row = rows.find((candidate) => candidate.id === refundId)
    if (!row?.amountCents) return { result: 'missing' as const }
    if (row.refundedAt) return { result: 'already' as const }
    // It gives back the rest when, with every other refund, the whole payment has gone back.
    const given = rows.reduce((sum, candidate) => sum + (candidate.amountCents ?? 0), 0)
    return {
      result: 'taken' as const,
      reason: row.reason ?? '',
      refund: { id: row.id, amountCents: row.amountCents, paymentSessionId: row.paymentSessionId, remainder: given >= order.totalCents },
    }
  })
}

/** Lets go of a refund's row the provider refused: nothing went back, a later try takes a new one. */
export async function releaseRefund(ctx: OrdersContext, refundId: string): Promise<void> {
  await ctx.db.delete(refunds).where(and(eq(refunds.id, refundId), isNull(refunds.refundedAt)))
}

/**
 * The admin's refund of an order's payment, as a row of `refunds` (docs/decisions/022): taken under
 * the order's lock for what is still refundable (paid − refunds so far) before the provider is
 * asked, so that two clicks give back once; let go when the provider refuses; completed by the
 * `refund` transition. (A verified payment that never became its order's is given back in
 * payments.ts, one row per payment session.)
 */
import { and, eq, isNull, sql } from 'drizzle-orm'
import { orders, refunds } from '../../db/schema/index.ts'
import type { OrdersContext } from './context.ts'
import { canApply, isApplied } from '../../../core/order-flow.ts'

/** The row of a refund not yet confirmed by the provider, and the payment it gives back. */
export interface TakenRefund {
  id: string
  amountCents: number
  paymentSessionId: string
}

/**
 * Takes the row of the admin's refund of an order's payment, under the order's lock: `already` when
 * the order's payment is refunded, `refused` when it cannot be (not paid), otherwise the row: the
 * one a try before left unconfirmed (its provider call is idempotent, so asking again is safe), or a
 * new one for what is still refundable.
 */
export async function takeOrderRefund(
  ctx: OrdersContext,
  orderId: string,
): Promise<{ result: 'already' } | { result: 'refused' } | { result: 'missing' } | { result: 'taken'; refund: TakenRefund }> {
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status, paymentStatus: orders.paymentStatus, totalCents: orders.totalCents, sessionId: orders.paymentSessionId })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update')
    if (!order) return { result: 'missing' as const }
    if (isApplied('refund', order)) return { result: 'already' as const }
    if (!canApply('refund', order) || !order.sessionId) return { result: 'refused' as const }
    const ofOrder = and(eq(refunds.orderId, orderId), eq(refunds.kind, 'order_payment'))
    const [open] = await tx
      .select({ id: refunds.id, amountCents: refunds.amountCents, paymentSessionId: refunds.paymentSessionId })
      .from(refunds)
      .where(and(ofOrder, isNull(refunds.refundedAt)))
      .limit(1)
    if (open?.amountCents) return { result: 'taken' as const, refund: { ...open, amountCents: open.amountCents } }
    const [given] = await tx
      .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)`.mapWith(Number) })
      .from(refunds)
      .where(ofOrder)
    const amountCents = order.totalCents - (given?.cents ?? 0)
    if (amountCents <= 0) return { result: 'already' as const }
    const [taken] = await tx
      .insert(refunds)
      .values({ orderId, kind: 'order_payment', paymentSessionId: order.sessionId, amountCents })
      .returning({ id: refunds.id, amountCents: refunds.amountCents, paymentSessionId: refunds.paymentSessionId })
    if (!taken?.amountCents) throw new Error(`refund of order ${orderId} was not recorded`)
    return { result: 'taken' as const, refund: { ...taken, amountCents: taken.amountCents } }
  })
}

/** Lets go of a refund's row the provider refused: nothing went back, a later try takes a new one. */
export async function releaseRefund(ctx: OrdersContext, refundId: string): Promise<void> {
  await ctx.db.delete(refunds).where(and(eq(refunds.id, refundId), isNull(refunds.refundedAt)))
}

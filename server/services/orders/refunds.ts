/**
 * Money given back, as rows of `refunds` (docs/decisions/022). A refund's row is taken before the
 * provider is asked, so that two clicks or two deliveries of one event give back once, and let go
 * when the provider refuses; what happens to the order then is a transition.
 *
 * - The admin's refund of the order's payment: the row is taken under the order's lock for what is
 *   still refundable (paid − refunds so far); the `refund` transition completes it.
 * - A verified payment that never became its order's (the order was cancelled, changed, or paid by
 *   another session): one row per payment session; the buyer is emailed when the provider confirms.
 */
import { and, eq, isNull, sql } from 'drizzle-orm'
import { orders, refunds } from '../../db/schema/index.ts'
import type { AppLogger } from '../../logger.ts'
import type { SessionState } from '../payments/provider.ts'
import type { OrdersContext } from './context.ts'
import { systemActor } from './events.ts'
import { orderEmailJob } from './notifications.ts'
import type { TransitionRequest } from './transition.ts'
import { paymentFailures } from '../../metrics.ts'
import { canApply, isApplied, type UnusedPaymentReason } from '../../../core/order-flow.ts'

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

/** Why a verified payment is given back, as the log, the refund's row and the buyer's email say it. */
export function unusedPaymentReason(order: { status: string; paymentStatus: string }, exactAmount: boolean): UnusedPaymentReason {
  if (!exactAmount) return 'amount differs'
  if (order.status === 'cancelled') return 'order cancelled'
  if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') return 'order paid by another payment'
  return 'order changed'
}

/**
 * Gives back a verified payment that did not become its order's, once per session: the row is taken
 * first so concurrent deliveries refund once (null: another one did); when the provider fails, the
 * row is let go and the error thrown (Stripe retries the webhook). Once the provider confirms, the
 * row is completed and the buyer's email queued in one transaction (their money moved, whatever the
 * order's state). Returns the transition that tells a cancelled order its payment went back.
 */
export async function giveBackUnusedPayment(
  ctx: OrdersContext,
  opts: { session: SessionState; orderId: string; reason: UnusedPaymentReason },
  log: AppLogger,
): Promise<TransitionRequest<'refund_unused_payment'> | null> {
  const { session, orderId, reason } = opts
  const amountCents = session.amountCents !== null && session.amountCents > 0 ? session.amountCents : null
  const [taken] = await ctx.db
    .insert(refunds)
    .values({ orderId, kind: 'unused_payment', paymentSessionId: session.id, amountCents, reason })
    .onConflictDoNothing()
    .returning({ id: refunds.id })
  if (!taken) return null
  paymentFailures.inc({ reason })
  let refundId: string
  try {
    ;({ refundId } = await ctx.payments.refundSession(session.id))
  } catch (error) {
    await releaseRefund(ctx, taken.id)
    log.error({ err: error, orderId, sessionId: session.id, reason }, 'refund of a payment for a cancelled or replaced order failed')
    throw error
  }
  const job = await ctx.db.transaction(async (tx) => {
    await tx
      .update(refunds)
      .set({ providerRefundId: refundId, refundedAt: sql`now()` })
      .where(eq(refunds.id, taken.id))
    return ctx.jobs.enqueue(tx, orderEmailJob(orderId, { kind: 'payment_returned', sessionId: session.id, reason }))
  })
  if (job)
    await ctx.jobs
      .run([job])
      .catch((error: unknown) => log.error({ err: error, orderId }, 'the given-back payment’s email could not be sent now: left to the worker'))
  log.warn(
    { orderId, sessionId: session.id, refundId, amountCents: session.amountCents, reason },
    'payment for a cancelled or replaced order refunded',
  )
  return { orderId, event: 'refund_unused_payment', actor: systemActor, facts: { refundId, sessionId: session.id } }
}

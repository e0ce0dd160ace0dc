/**
 * Cancelling orders that wait for payment (docs/product.md#checkout, docs/decisions/014): by their
 * buyer, by an admin, before an account is deleted, or by the expiry job when their payment time
 * lapses. The payment session is closed at the provider first; a payment that completed before that
 * confirms the order instead, and it stays.
 */
import type { AppLogger } from '../../logger.ts'
import type { OrdersContext } from './context.ts'
import { customerActor, systemActor, type OrderActor } from './events.ts'
import { closePaymentSession } from './payments.ts'
import { loadCreatedOrder } from './checkout.ts'
import { awaitsPayment, lapsedPendingOrders, pendingOrdersOf } from './store.ts'
import { transition } from './transition.ts'
import type { OrderState } from '../../../core/order-flow.ts'

export type PendingCancel = { event: 'cancel'; reason: 'buyer' | 'admin'; wholesaleEnded?: boolean } | { event: 'expire' }

/**
 * Cancels a pending order: its payment session is closed first, and a payment that completed before
 * that confirms the order instead. Returns the order's state afterwards and whether this call
 * cancelled it (`cancelledNow`); null when there is no such order.
 */
export async function cancelPendingOrder(
  ctx: OrdersContext,
  orderId: string,
  how: PendingCancel,
  call: { actor: OrderActor; log: AppLogger; now?: Date },
): Promise<(OrderState & { cancelledNow: boolean }) | null> {
  const order = await loadCreatedOrder(ctx.db, orderId)
  if (!order) return null
  if (!awaitsPayment(order)) return { status: order.status, paymentStatus: order.paymentStatus, cancelledNow: false }
  const paid = await closePaymentSession(ctx, order, call.log)
  if (paid) return { ...paid, cancelledNow: false }
  const now = call.now ?? new Date()
  const { actor } = call
  const done =
    how.event === 'expire'
      ? await transition(ctx, { orderId, event: 'expire', actor, facts: { now } })
      : await transition(ctx, { orderId, event: 'cancel', actor, facts: { reason: how.reason, now, wholesaleEnded: how.wholesaleEnded } })
  const cancelledNow = done.result === 'applied'
  if (cancelledNow) call.log.info({ orderId, reason: how.event === 'expire' ? 'expired' : how.reason }, 'pending order cancelled')
  return { ...done.state, cancelledNow }
}

/**
 * Before an account is deleted: none of its orders may be paid afterwards, so each pending one is
 * cancelled (reason `buyer`: the buyer asked for the deletion), its payment page closed first.
 */
export async function cancelPendingOrdersOf(ctx: OrdersContext, userId: string, log: AppLogger) {
  for (const orderId of await pendingOrdersOf(ctx.db, userId)) {
    const order = await loadCreatedOrder(ctx.db, orderId)
    if (!order) continue
    const actor = await customerActor(ctx.db, { userId, orderEmail: order.customerEmail })
    await cancelPendingOrder(ctx, orderId, { event: 'cancel', reason: 'buyer' }, { actor, log })
  }
}

/**
 * The expiry job's one pass: every pending order whose payment time is over at `now` is cancelled
 * (its session closed first). `now` is injected so tests can move the clock. Returns how many
 * orders it cancelled.
 */
export async function expireLapsedOrders(ctx: OrdersContext, opts: { now: Date; log: AppLogger }): Promise<number> {
  let cancelled = 0
  for (const orderId of await lapsedPendingOrders(ctx.db, opts.now)) {
    try {
      const state = await cancelPendingOrder(ctx, orderId, { event: 'expire' }, { actor: systemActor, log: opts.log, now: opts.now })
      if (state?.cancelledNow) cancelled++
    } catch (error) {
      // One provider hiccup must not stop the others: the next pass tries this one again.
      opts.log.error({ err: error, orderId }, 'could not cancel an expired pending order')
    }
  }
  return cancelled
}

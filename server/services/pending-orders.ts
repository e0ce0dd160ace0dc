/**
 * Pending orders and their payment sessions (docs/product.md#checkout, docs/decisions/014): opening
 * (or reopening) the payment of a pending order, closing its session at the provider before the
 * order changes or is cancelled, cancelling, and the job that cancels orders left unpaid when their
 * session lapses.
 */
import type { Database } from '../db/client.ts'
import { localizedUrl } from '../../core/language-urls.ts'
import { AppError } from '../errors.ts'
import type { AppLogger } from '../logger.ts'
import type { Services } from './index.ts'
import {
  lapsedPendingOrders,
  pendingOrdersOf,
  loadCreatedOrder,
  markCancelled,
  nextPaymentAttempt,
  orderTooLarge,
  paymentAmountCents,
  setPaymentSession,
  type CancelReason,
  type CreatedOrder,
} from './orders.ts'
import { applyVerifiedSession } from './payments/outcomes.ts'
import type { OrderActor } from './order-events.ts'
import { messages } from '../../core/messages.ts'
import { isPayableTotal } from '../../core/totals.ts'

/**
 * Where the shopper goes next: the payment page of a pending order (`paymentUrl`), or, for an order
 * that is no longer waiting for payment, nowhere to pay (`paymentUrl: null`) and the order's state.
 */
export interface PaymentStep {
  orderId: string
  orderNumber: string
  paymentUrl: string | null
  status: CreatedOrder['status']
  paymentStatus: CreatedOrder['paymentStatus']
}

const stepOf = (order: CreatedOrder, paymentUrl: string | null): PaymentStep => ({
  orderId: order.id,
  orderNumber: order.orderNumber,
  status: order.status,
  paymentStatus: order.paymentStatus,
  paymentUrl,
})

async function reloaded(db: Database, order: CreatedOrder): Promise<PaymentStep> {
  const now = await loadCreatedOrder(db, order.id)
  return stepOf(now ?? order, null)
}

/**
 * The payment page of a pending order: its open session when there is one, otherwise a new session
 * for the order's lines and total. A session that was paid meanwhile confirms the order instead.
 * `returnTo` is where the provider's "cancel" sends the shopper back (the checkout, or /orders).
 */
export async function openPayment(
  db: Database,
  services: Services,
  order: CreatedOrder,
  opts: { returnTo: '/checkout' | '/orders'; log: AppLogger },
): Promise<PaymentStep> {
  if (order.status !== 'pending' || order.paymentStatus === 'paid') return stepOf(order, null)
  // Defensive: checkout makes no such order and the database refuses one; none is ever offered for payment.
  if (!isPayableTotal(order.totalCents)) throw orderTooLarge()
  if (order.paymentSessionId) {
    const session = await services.payments.retrieveSession(order.paymentSessionId)
    if (session?.paid) {
      await applyVerifiedSession(db, services, session, opts.log)
      return reloaded(db, order)
    }
    if (session?.status === 'open' && session.url) return stepOf(order, session.url)
  }
  const base = services.publicUrl
  const attempt = nextPaymentAttempt(order)
  try {
    const session = await services.payments.createCheckoutSession({
      orderId: order.id,
      orderNumber: order.orderNumber,
      attempt,
      amountCents: paymentAmountCents(order.totalCents),
      currency: 'eur',
      customerEmail: order.customerEmail,
      language: order.language,
      lines: order.lines,
      // Back in the order's language: English shoppers return to /en/… pages.
      successUrl: localizedUrl(base, `/payment-success?order_id=${order.id}&session_id={CHECKOUT_SESSION_ID}`, order.language),
      cancelUrl: localizedUrl(base, opts.returnTo === '/checkout' ? '/checkout?cancelled=1' : '/orders', order.language),
    })
    await setPaymentSession(db, order.id, { id: session.id, attempt })
    return stepOf(order, session.url)
  } catch (error) {
    opts.log.error({ err: error, orderId: order.id }, 'payment session could not be created')
    throw new AppError('SERVICE_UNAVAILABLE', messages.orderFailed, { cause: error })
  }
}

/**
 * Closes the order's open payment session at the provider, before the order is changed or
 * cancelled. When the shopper paid first, that payment is applied and wins: returns 'paid'.
 */
export async function closePaymentSession(
  db: Database,
  services: Services,
  order: Pick<CreatedOrder, 'id' | 'paymentSessionId'>,
  log: AppLogger,
): Promise<'paid' | 'closed'> {
  if (!order.paymentSessionId) return 'closed'
  const session = await services.payments.expireSession(order.paymentSessionId)
  if (session?.paid) {
    await applyVerifiedSession(db, services, session, log)
    return 'paid'
  }
  return 'closed'
}

/**
 * Cancels a pending order (by its buyer, by the expiry of its payment, or by an admin): its payment
 * session is closed first, and a payment that completed before that confirms the order instead.
 * `actor` is who the timeline names (by default the buyer, or the shop for an expiry). Returns the
 * order's state afterwards and whether this call cancelled it (`cancelledNow`).
 */
export async function cancelPendingOrder(
  db: Database,
  services: Services,
  orderId: string,
  reason: CancelReason,
  log: AppLogger,
  now = new Date(),
  actor?: OrderActor,
): Promise<(Pick<CreatedOrder, 'status' | 'paymentStatus'> & { cancelledNow: boolean }) | null> {
  const order = await loadCreatedOrder(db, orderId)
  if (!order) return null
  let cancelledNow = false
  if (order.status === 'pending' && order.paymentStatus !== 'paid') {
    const closed = await closePaymentSession(db, services, order, log)
    cancelledNow = closed === 'closed' && (await markCancelled(db, orderId, reason, now, actor))
    if (cancelledNow) log.info({ orderId, reason }, 'pending order cancelled')
  }
  const after = await loadCreatedOrder(db, orderId)
  return after ? { status: after.status, paymentStatus: after.paymentStatus, cancelledNow } : null
}

/**
 * Before an account is deleted: none of its orders may be paid afterwards, so each pending one is
 * cancelled (reason `buyer`: the buyer asked for the deletion), its payment page closed first.
 */
export async function cancelPendingOrdersOf(db: Database, services: Services, userId: string, log: AppLogger) {
  for (const orderId of await pendingOrdersOf(db, userId)) await cancelPendingOrder(db, services, orderId, 'buyer', log)
}

/**
 * The expiry job's one pass: every pending order whose payment time is over at `now` is cancelled
 * (its session closed first). `now` is injected so tests can move the clock. Returns how many
 * orders it cancelled.
 */
export async function expireLapsedOrders(db: Database, services: Services, opts: { now: Date; log: AppLogger }): Promise<number> {
  let cancelled = 0
  for (const orderId of await lapsedPendingOrders(db, opts.now)) {
    try {
      const state = await cancelPendingOrder(db, services, orderId, 'expired', opts.log, opts.now)
      if (state?.cancelledNow) cancelled++
    } catch (error) {
      // One provider hiccup must not stop the others: the next pass tries this one again.
      opts.log.error({ err: error, orderId }, 'could not cancel an expired pending order')
    }
  }
  return cancelled
}

/**
 * Runs the expiry pass every `everyMs` (15 minutes by default) until stopped. Several instances may
 * run it at once: each cancellation is a conditional update, so an order is cancelled once.
 */
export function startPendingOrderExpiry(
  db: Database,
  services: Services,
  opts: { log: AppLogger; everyMs?: number; clock?: () => Date },
): { stop(): Promise<void> } {
  const clock = opts.clock ?? (() => new Date())
  let running: Promise<unknown> = Promise.resolve()
  const pass = () => {
    running = expireLapsedOrders(db, services, { now: clock(), log: opts.log }).catch((error: unknown) =>
      opts.log.error({ err: error }, 'pending order expiry pass failed'),
    )
  }
  const timer = setInterval(pass, opts.everyMs ?? 15 * 60_000)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}

/**
 * The provider's webhook events (Stripe), dispatched to what they do to an order: completed → paid;
 * expired → the pending order is cancelled (unless it has a payment link); failed → its payment is marked failed. Events about
 * orders the shop does not know are logged and acknowledged: Stripe need not retry them.
 */
import type { AppLogger } from '../../logger.ts'
import type { PaymentEvent } from '../payments/provider.ts'
import { cancelPendingOrder } from './cancel.ts'
import type { OrdersContext } from './context.ts'
import { providerActor, systemActor } from './events.ts'
import { applyVerifiedSession, paymentSessionOf } from './payments.ts'
import { transition } from './transition.ts'
import { paymentFailures } from '../../metrics.ts'
import { orderIdSchema } from '../../../core/identifiers.ts'

export async function handlePaymentEvent(ctx: OrdersContext, event: PaymentEvent, log: AppLogger) {
  const session = event.session
  if (!session?.orderId) return
  if ((event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') && session.paid) {
    await applyVerifiedSession(ctx, session, log, { id: event.id, type: event.type })
  } else if (event.type === 'checkout.session.expired' || event.type === 'checkout.session.async_payment_failed') {
    const id = orderIdSchema.safeParse(session.orderId).success ? session.orderId : null
    const order = id ? await paymentSessionOf(ctx.db, id) : null
    if (!id || !order) {
      log.warn({ sessionId: session.id, orderId: session.orderId, type: event.type }, 'payment event for an unknown order ignored')
      return
    }
    if (order.paymentSessionId !== session.id) return // an older session of an order that went on
    if (event.type === 'checkout.session.expired') {
      // A checkout's time to pay is its session's, so it ends with it. An order with a payment link
      // (payable_until) stays payable: its next click opens a fresh session, and the expiry job ends it.
      if (order.payableUntil === null) await cancelPendingOrder(ctx, id, { event: 'expire' }, { actor: systemActor, log })
      return
    }
    const failed = await transition(ctx, {
      orderId: id,
      event: 'fail',
      actor: providerActor,
      facts: { providerEvent: { id: event.id, type: event.type } },
    })
    if (failed.result === 'applied') paymentFailures.inc({ reason: 'provider' })
  }
}

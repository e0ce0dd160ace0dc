import type { Database } from '../../db/client.ts'
import type { AppLogger } from '../../logger.ts'
import type { Services } from '../index.ts'
import { markPaymentFailed, paymentSessionOf } from '../orders.ts'
import { cancelPendingOrder } from '../pending-orders.ts'
import { applyVerifiedSession } from './outcomes.ts'
import type { PaymentEvent } from './provider.ts'
import { orderIdSchema } from '../../../core/identifiers.ts'

// The provider's webhook events, dispatched to what they do to an order: kept apart from the
// outcomes themselves, which the pending orders' own code applies too.

/**
 * A verified webhook event (Stripe): completed → paid; expired or failed → payment failed. Events
 * about orders the shop does not know are logged and acknowledged: Stripe need not retry them.
 */
export async function handlePaymentEvent(db: Database, services: Services, event: PaymentEvent, log: AppLogger) {
  const session = event.session
  if (!session?.orderId) return
  if ((event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') && session.paid) {
    await applyVerifiedSession(db, services, session, log, { id: event.id, type: event.type })
  } else if (event.type === 'checkout.session.expired' || event.type === 'checkout.session.async_payment_failed') {
    const id = orderIdSchema.safeParse(session.orderId).success ? session.orderId : null
    const order = id ? await paymentSessionOf(db, id) : null
    if (!id || !order) {
      log.warn({ sessionId: session.id, orderId: session.orderId, type: event.type }, 'payment event for an unknown order ignored')
      return
    }
    if (order.paymentSessionId !== session.id) return // an older session of an order that went on
    if (event.type === 'checkout.session.expired') await cancelPendingOrder(db, services, id, 'expired', log)
    else await markPaymentFailed(db, { orderId: id, eventId: event.id, eventType: event.type })
  }
}

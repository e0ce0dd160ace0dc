/** What a payment's outcome does to an order: paid (once, for the exact total), failed, or ignored with a log line. */
import type { Database } from '../../db/client.ts'
import { confirmPayment, markPaymentFailed, paymentAmountCents, paymentSessionOf } from '../orders.ts'
import { findOrder } from '../order-views.ts'
import type { AppLogger } from '../../logger.ts'
import type { Services } from '../index.ts'
import type { PaymentEvent, SessionState } from './provider.ts'
import { orderIdSchema } from '../../../core/identifiers.ts'

/** Emails the order confirmation in the order's language; a mail failure never undoes a payment. */
export async function sendOrderConfirmation(db: Database, services: Services, orderId: string, log: AppLogger) {
  const order = await findOrder(db, orderId)
  if (!order) return
  try {
    const email = services.renderOrderConfirmation(order)
    await services.mailer.send({ to: order.customerEmail, subject: email.subject, html: email.html, text: email.text, kind: 'order-confirmation' })
  } catch (error) {
    log.error({ err: error, orderId }, 'order confirmation email failed')
  }
}

/**
 * The order a provider's session names, when the session may settle it: the order exists and the
 * session charged exactly its total in euros. Anything else is logged and changes nothing.
 */
async function payableOrder(db: Database, session: SessionState, log: AppLogger): Promise<string | null> {
  const id = session.orderId
  const order = id !== null && orderIdSchema.safeParse(id).success ? await paymentSessionOf(db, id) : null
  if (!id || !order) {
    log.warn({ sessionId: session.id, orderId: id }, 'payment for an unknown order ignored')
    return null
  }
  const expected = paymentAmountCents(order.totalCents)
  if (session.amountCents !== expected || session.currency !== 'eur') {
    log.error(
      { sessionId: session.id, orderId: id, amountCents: session.amountCents, currency: session.currency, expectedCents: expected },
      'payment amount or currency differs from the order: not marked paid',
    )
    return null
  }
  return id
}

/**
 * Applies what the provider verified about a session: paid, for the order's exact total → the
 * order is confirmed (once), the ordered panels leave the cart and the customer is emailed.
 * Anything else changes nothing.
 */
export async function applyVerifiedSession(
  db: Database,
  services: Services,
  session: SessionState,
  log: AppLogger,
  event?: { id: string; type: string },
): Promise<boolean> {
  if (!session.paid) return false
  const id = await payableOrder(db, session, log)
  if (!id) return false
  const applied = await confirmPayment(db, { orderId: id, ...(event ? { eventId: event.id, eventType: event.type } : {}) })
  if (applied) {
    log.info({ orderId: id, sessionId: session.id, via: event ? event.type : 'confirm' }, 'order paid')
    await sendOrderConfirmation(db, services, id, log)
  }
  return applied
}

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
    if (!id || !(await paymentSessionOf(db, id))) {
      log.warn({ sessionId: session.id, orderId: session.orderId, type: event.type }, 'payment event for an unknown order ignored')
      return
    }
    await markPaymentFailed(db, { orderId: id, eventId: event.id, eventType: event.type })
  }
}

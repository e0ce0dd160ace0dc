import type { Database } from '../../db/client.ts'
import type { Mailer } from '../mail.ts'
import { confirmPayment, findOrder, markPaymentFailed } from '../orders.ts'
import type { AppLogger } from '../../trpc.ts'
import type { PaymentEvent, PaymentProvider, SessionState } from './provider.ts'
import type { OrderConfirmationRenderer } from '../../../src/emails/order-confirmation.tsx'

/** What taking a payment needs besides the database: the provider, mail and its templates. */
export interface CommerceServices {
  payments: PaymentProvider
  mailer: Mailer
  renderOrderConfirmation: OrderConfirmationRenderer
  publicUrl: string
}

/** Emails the order confirmation in the order's language; a mail failure never undoes a payment. */
export async function sendOrderConfirmation(db: Database, services: CommerceServices, orderId: string, log: AppLogger) {
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
 * Applies what the provider verified about a session: paid → the order is confirmed (once), its
 * cart emptied and the customer emailed. Anything else changes nothing.
 */
export async function applyVerifiedSession(
  db: Database,
  services: CommerceServices,
  session: SessionState,
  log: AppLogger,
  event?: { id: string; type: string },
): Promise<boolean> {
  if (!session.orderId || !session.paid) return false
  const applied = await confirmPayment(db, { orderId: session.orderId, ...(event ? { eventId: event.id, eventType: event.type } : {}) })
  if (applied) {
    log.info({ orderId: session.orderId, sessionId: session.id, via: event ? event.type : 'confirm' }, 'order paid')
    await sendOrderConfirmation(db, services, session.orderId, log)
  }
  return applied
}

/** A verified webhook event (Stripe): completed → paid; expired or failed → payment failed. */
export async function handlePaymentEvent(db: Database, services: CommerceServices, event: PaymentEvent, log: AppLogger) {
  const session = event.session
  if (!session?.orderId) return
  if ((event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') && session.paid) {
    await applyVerifiedSession(db, services, session, log, { id: event.id, type: event.type })
  } else if (event.type === 'checkout.session.expired' || event.type === 'checkout.session.async_payment_failed') {
    await markPaymentFailed(db, { orderId: session.orderId, eventId: event.id, eventType: event.type })
  }
}

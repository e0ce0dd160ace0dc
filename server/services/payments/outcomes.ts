/** What a payment's outcome does to an order: paid (once, for the exact total), failed, or ignored with a log line. */
import type { Database } from '../../db/client.ts'
import { and, eq, gt, lt, notExists, sql } from 'drizzle-orm'
import { emailOutbox, orderEvents, orders, paymentRefunds } from '../../db/schema/index.ts'
import { confirmPayment, markRefunded, paymentAmountCents, paymentSessionOf } from '../orders.ts'
import { findOrder, type OrderRecord } from '../order-views.ts'
import { invoicesOfOrders } from '../invoices.ts'
import { invoicePdf } from '../invoice-pdf/index.ts'
import type { AppLogger } from '../../logger.ts'
import type { Services } from '../index.ts'
import type { SessionState } from './provider.ts'
import { orderIdSchema } from '../../../core/identifiers.ts'
import { invoiceFileName } from '../../../core/invoices.ts'
import { localizedUrl } from '../../../core/language-urls.ts'
import { ordersPaid, paymentFailures } from '../../metrics.ts'

/** One confirmation per order, however many deliveries or instances ask for it (ADR 019). */
export const orderConfirmationKey = (orderId: string) => `order-confirmation:${orderId}`

/**
 * Emails the order confirmation in the order's language, its invoice attached (guests have no other
 * way to get it); a mail failure never undoes a payment. The email outbox keeps it until it goes,
 * and queues it once per order.
 */
export async function sendOrderConfirmation(db: Database, services: Services, orderId: string, log: AppLogger) {
  const order = await findOrder(db, orderId)
  if (!order) return
  try {
    const invoice = await invoiceAttachment(db, services, order, log)
    const email = services.renderOrderConfirmation({ ...order, invoice: invoice?.mention ?? null })
    await services.mailer.send({
      to: order.customerEmail,
      subject: email.subject,
      html: email.html,
      text: email.text,
      kind: 'order-confirmation',
      dedupeKey: orderConfirmationKey(order.id),
      ...(invoice ? { attachments: [invoice.file] } : {}),
    })
  } catch (error) {
    log.error({ err: error, orderId }, 'order confirmation email failed')
  }
}

/**
 * The confirmations a crash lost: an instance that died between a payment's commit and queueing its
 * email leaves a paid order without one. Orders paid in the last `lookBackMs` (7 days), at least
 * `graceMs` (a minute: the instance confirming it is still rendering) ago, with no confirmation in the
 * email outbox get it now. Run by the outbox worker; several instances at once queue it once.
 * Returns how many it queued.
 */
export async function queueMissingOrderConfirmations(
  db: Database,
  services: Services,
  log: AppLogger,
  opts: { now?: Date; lookBackMs?: number; graceMs?: number } = {},
): Promise<number> {
  const now = opts.now ?? services.mailer.now()
  const since = new Date(now.getTime() - (opts.lookBackMs ?? 7 * 24 * 3600_000))
  const until = new Date(now.getTime() - (opts.graceMs ?? 60_000))
  const missing = await db
    .selectDistinct({ id: orders.id })
    .from(orders)
    .innerJoin(orderEvents, and(eq(orderEvents.orderId, orders.id), eq(orderEvents.type, 'paid')))
    .where(
      and(
        eq(orders.paymentStatus, 'paid'),
        gt(orderEvents.createdAt, since),
        lt(orderEvents.createdAt, until),
        notExists(
          db
            .select({ one: sql`1` })
            .from(emailOutbox)
            .where(eq(emailOutbox.dedupeKey, sql`${orderConfirmationKey('')} || ${orders.id}::text`)),
        ),
      ),
    )
  for (const { id } of missing) {
    log.warn({ orderId: id }, 'paid order without a confirmation email (a crash?): queued now')
    await sendOrderConfirmation(db, services, id, log)
  }
  return missing.length
}

/** The order's invoice as the email attaches it; when its PDF cannot be drawn, the email goes without it (logged). */
async function invoiceAttachment(db: Database, services: Services, order: OrderRecord, log: AppLogger) {
  const issued = (await invoicesOfOrders(db, [order.id])).find((invoice) => invoice.kind === 'invoice')
  if (!issued) return null
  try {
    const content = await invoicePdf(db, issued.number)
    if (!content) return null
    return {
      mention: { number: issued.number, ordersUrl: order.userId ? localizedUrl(services.publicUrl, '/orders', order.language) : null },
      file: { filename: invoiceFileName(issued.number, order.language), content, contentType: 'application/pdf' },
    }
  } catch (error) {
    log.error({ err: error, orderId: order.id, invoice: issued.number }, 'invoice PDF failed: the confirmation email goes without it')
    return null
  }
}

/**
 * Applies what the provider verified about a session: paid, for the order's exact total, by the
 * order's current session while it is pending → the order is confirmed (once), the ordered panels
 * leave the cart and the customer is emailed. A verified payment that cannot become its order's
 * (the order was cancelled, changed, or paid by another session; the amount differs) is refunded
 * and logged (docs/product.md#checkout). Returns whether this call confirmed the order.
 */
export async function applyVerifiedSession(
  db: Database,
  services: Services,
  session: SessionState,
  log: AppLogger,
  event?: { id: string; type: string },
): Promise<boolean> {
  if (!session.paid) return false
  const id = session.orderId !== null && orderIdSchema.safeParse(session.orderId).success ? session.orderId : null
  const order = id ? await paymentSessionOf(db, id) : null
  if (!id || !order) {
    log.warn({ sessionId: session.id, orderId: session.orderId }, 'payment for an unknown order ignored')
    return false
  }
  if (order.paymentStatus === 'paid' && order.paymentSessionId === session.id) return false
  const expected = paymentAmountCents(order.totalCents)
  const exactAmount = session.amountCents === expected && session.currency === 'eur'
  if (!exactAmount) {
    log.error(
      { sessionId: session.id, orderId: id, amountCents: session.amountCents, currency: session.currency, expectedCents: expected },
      'payment amount or currency differs from the order: not marked paid',
    )
  } else if (
    await confirmPayment(db, { orderId: id, sessionId: session.id, eventId: event?.id, eventType: event?.type, invoicing: services.invoicing })
  ) {
    log.info({ orderId: id, sessionId: session.id, via: event ? event.type : 'confirm' }, 'order paid')
    ordersPaid.inc()
    await sendOrderConfirmation(db, services, id, log)
    return true
  }
  const now = await paymentSessionOf(db, id)
  // Another delivery of the same payment confirmed it a moment ago.
  if (now?.paymentStatus === 'paid' && now.paymentSessionId === session.id) return false
  const reason = !exactAmount
    ? 'amount differs'
    : now?.status === 'cancelled'
      ? 'order cancelled'
      : now?.paymentStatus === 'paid'
        ? 'order paid by another payment'
        : 'order changed'
  await refundUnusedPayment(db, services, { session, orderId: id, reason }, log)
  return false
}

/**
 * Gives back a verified payment that did not become its order's, once per session: the row in
 * payment_refunds is taken first so concurrent deliveries refund once; when the provider fails,
 * the row is let go and the error thrown (Stripe retries the webhook).
 */
async function refundUnusedPayment(
  db: Database,
  services: Services,
  opts: { session: SessionState; orderId: string; reason: string },
  log: AppLogger,
) {
  const { session, orderId, reason } = opts
  const [taken] = await db
    .insert(paymentRefunds)
    .values({ sessionId: session.id, orderId, amountCents: session.amountCents, reason })
    .onConflictDoNothing()
    .returning({ sessionId: paymentRefunds.sessionId })
  if (!taken) return
  paymentFailures.inc({ reason })
  try {
    const { refundId } = await services.payments.refundSession(session.id)
    await db.update(paymentRefunds).set({ providerRefundId: refundId }).where(eq(paymentRefunds.sessionId, session.id))
    await markRefunded(db, orderId, { refundId, sessionId: session.id })
    log.warn(
      { orderId, sessionId: session.id, refundId, amountCents: session.amountCents, reason },
      'payment for a cancelled or replaced order refunded',
    )
  } catch (error) {
    await db.delete(paymentRefunds).where(eq(paymentRefunds.sessionId, session.id))
    log.error({ err: error, orderId, sessionId: session.id, reason }, 'refund of a payment for a cancelled or replaced order failed')
    throw error
  }
}

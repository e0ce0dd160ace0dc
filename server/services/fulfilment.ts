/**
 * What the admin does with an order after checkout (docs/decisions/018): ship it, mark it
 * delivered, cancel it while unpaid, refund it once paid. Each transition is one transaction that
 * locks the order, checks the rule of core/order-flow.ts and writes its timeline event; asking
 * again for a state the order already has changes nothing (`changed: false`, no second email),
 * anything else that does not apply is a CONFLICT. The customer is emailed after the change is
 * committed; a mail failure is logged and never undoes it.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { orders } from '../db/schema/index.ts'
import { AppError, notFound } from '../errors.ts'
import type { AppLogger } from '../logger.ts'
import type { Services } from './index.ts'
import { issueCorrectiveInvoice } from './invoices.ts'
import { invoicePdf } from './invoice-pdf/index.ts'
import { adminActor, recordOrderEvent, systemActor, type AdminActor } from './order-events.ts'
import { cancelPendingOrder } from './pending-orders.ts'
import { pendingOrdersOf } from './orders.ts'
import { renderOrderUpdate, type OrderUpdate } from '../emails/order-updates.ts'
import { localizedUrl } from '../../core/language-urls.ts'
import { messages } from '../../core/messages.ts'
import {
  canApply,
  shipmentFieldMaxLength,
  transitionTarget,
  type OrderStatus,
  type OrderTransition,
  type PaymentStatus,
} from '../../core/order-flow.ts'
import { shipmentSchema, type ShipmentInput } from '../../core/shipment.ts'
import { invoiceFileName } from '../../core/invoices.ts'

export interface TransitionResult {
  ok: true
  /** False when the order already was in the state asked for: nothing was done, nobody emailed. */
  changed: boolean
}

const conflicts = {
  ship: messages.cannotShip,
  deliver: messages.cannotDeliver,
  cancel: messages.cannotCancel,
  refund: messages.cannotRefund,
} as const satisfies Record<OrderTransition, unknown>

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]
type Locked = { status: OrderStatus; paymentStatus: PaymentStatus }

/**
 * Runs `apply` on the order, locked, when `transition` applies to it now; returns false when the
 * order already has the transition's target state. `apply`'s UPDATE is also guarded by the state
 * read here, so however many admins ask at once, the change is made once.
 */
async function transition(
  db: Database,
  orderId: string,
  kind: OrderTransition,
  apply: (tx: Tx, guard: ReturnType<typeof and>, order: Locked) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update')
      .limit(1)
    if (!order) throw notFound(messages.orderNotFound)
    if (order.status === transitionTarget[kind]) return false
    if (!canApply(kind, order)) throw new AppError('CONFLICT', conflicts[kind])
    await apply(tx, and(eq(orders.id, orderId), eq(orders.status, order.status), eq(orders.paymentStatus, order.paymentStatus)), order)
    return true
  })
}

/** A guarded UPDATE that found nothing: the order moved on between the lock and the update. */
function expectOne(rows: unknown[], kind: OrderTransition) {
  if (rows.length !== 1) throw new AppError('CONFLICT', conflicts[kind])
}

/** Confirmed (paid) → shipped, with the carrier and tracking number when the admin gives them. */
export async function shipOrder(
  db: Database,
  services: Services,
  actor: AdminActor,
  input: { id: string } & ShipmentInput,
  log: AppLogger,
): Promise<TransitionResult> {
  const parsed = shipmentSchema.safeParse({ carrier: input.carrier, tracking: input.tracking })
  if (!parsed.success) throw new AppError('BAD_REQUEST', messages.shipmentFieldTooLong, { values: { maximum: shipmentFieldMaxLength } })
  const { carrier, tracking } = parsed.data
  const changed = await transition(db, input.id, 'ship', async (tx, guard) => {
    const rows = await tx
      .update(orders)
      .set({ status: 'shipped', carrier, tracking, shippedAt: sql`now()`, updatedAt: sql`now()` })
      .where(guard)
      .returning({ id: orders.id })
    expectOne(rows, 'ship')
    await recordOrderEvent(tx, { orderId: input.id, type: 'shipped', actor: adminActor(actor), details: { carrier, tracking } })
  })
  if (changed) await tellCustomer(db, services, input.id, { kind: 'shipped', carrier, tracking }, log)
  return { ok: true, changed }
}

/** Shipped → delivered. */
export async function deliverOrder(
  db: Database,
  services: Services,
  actor: AdminActor,
  input: { id: string },
  log: AppLogger,
): Promise<TransitionResult> {
  const changed = await transition(db, input.id, 'deliver', async (tx, guard) => {
    const rows = await tx
      .update(orders)
      .set({ status: 'delivered', deliveredAt: sql`now()`, updatedAt: sql`now()` })
      .where(guard)
      .returning({ id: orders.id })
    expectOne(rows, 'deliver')
    await recordOrderEvent(tx, { orderId: input.id, type: 'delivered', actor: adminActor(actor) })
  })
  if (changed) await tellCustomer(db, services, input.id, { kind: 'delivered' }, log)
  return { ok: true, changed }
}

/**
 * Cancels an order still waiting for payment (docs/product.md#fulfilment): its payment session is
 * closed at the provider first; a payment that completed before that keeps the order paid
 * (CONFLICT).
 */
export async function cancelOrderByAdmin(
  db: Database,
  services: Services,
  actor: AdminActor,
  input: { id: string },
  log: AppLogger,
): Promise<TransitionResult> {
  const [order] = await db.select({ status: orders.status, paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, input.id))
  if (!order) throw notFound(messages.orderNotFound)
  if (order.status === 'cancelled') return { ok: true, changed: false }
  if (!canApply('cancel', order)) throw new AppError('CONFLICT', messages.cannotCancel)
  let after: Awaited<ReturnType<typeof cancelPendingOrder>>
  try {
    after = await cancelPendingOrder(db, services, input.id, 'admin', log, new Date(), adminActor(actor))
  } catch (error) {
    if (error instanceof AppError) throw error
    log.error({ err: error, orderId: input.id }, 'admin cancel: the payment session could not be closed')
    throw new AppError('SERVICE_UNAVAILABLE', messages.paymentProviderUnavailable, { cause: error })
  }
  if (!after) throw notFound(messages.orderNotFound)
  if (after.cancelledNow) {
    await tellCustomer(db, services, input.id, { kind: 'cancelled' }, log)
    return { ok: true, changed: true }
  }
  if (after.status === 'cancelled') return { ok: true, changed: false }
  throw new AppError('CONFLICT', messages.orderPaidBeforeCancel)
}

/**
 * After an admin revoked a customer's wholesale access: none of their orders waiting for payment
 * (priced at wholesale for them) may be paid any more (docs/decisions/020). Each is cancelled, its
 * payment page closed first, and the customer told why; one the provider could not close is left to
 * the expiry job and logged. Returns how many were cancelled.
 */
export async function cancelOrdersOfRevokedCustomer(db: Database, services: Services, actor: AdminActor, userId: string, log: AppLogger) {
  let cancelled = 0
  for (const orderId of await pendingOrdersOf(db, userId)) {
    try {
      const after = await cancelPendingOrder(db, services, orderId, 'admin', log, new Date(), adminActor(actor))
      if (!after?.cancelledNow) continue
      cancelled++
      await tellCustomer(db, services, orderId, { kind: 'cancelled', wholesaleEnded: true }, log)
    } catch (error) {
      log.error({ err: error, orderId }, 'wholesale access revoked: a pending order could not be cancelled')
    }
  }
  return cancelled
}

/**
 * Gives a paid order's whole payment back (shipped or delivered ones too): the provider refunds
 * first (idempotent per payment session, so a retry never refunds twice); if it refuses, nothing
 * changes. Then, in one transaction: the order shows `refunded`, with the provider's refund id, and
 * gets its corrective invoice.
 */
export async function refundOrder(
  db: Database,
  services: Services,
  actor: AdminActor,
  input: { id: string },
  log: AppLogger,
): Promise<TransitionResult> {
  const [order] = await db
    .select({ status: orders.status, paymentStatus: orders.paymentStatus, sessionId: orders.paymentSessionId, totalCents: orders.totalCents })
    .from(orders)
    .where(eq(orders.id, input.id))
  if (!order) throw notFound(messages.orderNotFound)
  if (order.status === 'refunded') return { ok: true, changed: false }
  if (!canApply('refund', order) || !order.sessionId) throw new AppError('CONFLICT', messages.cannotRefund)
  let refundId: string
  try {
    ;({ refundId } = await services.payments.refundSession(order.sessionId))
  } catch (error) {
    log.error({ err: error, orderId: input.id, sessionId: order.sessionId }, 'refund refused by the payment provider')
    throw new AppError('SERVICE_UNAVAILABLE', messages.refundFailed, { cause: error })
  }
  const issued: { number: string | null } = { number: null }
  const changed = await transition(db, input.id, 'refund', async (tx, guard) => {
    const rows = await tx
      .update(orders)
      .set({ status: 'refunded', paymentStatus: 'refunded', refundedAt: sql`now()`, providerRefundId: refundId, updatedAt: sql`now()` })
      .where(guard)
      .returning({ id: orders.id })
    expectOne(rows, 'refund')
    // Spanish law: the refund's corrective invoice takes its number in the refund's own transaction.
    issued.number = await issueCorrectiveInvoice(tx, input.id, services.invoicing)
    await recordOrderEvent(tx, {
      orderId: input.id,
      type: 'refunded',
      actor: adminActor(actor),
      details: { refundId, correctiveInvoice: issued.number },
    })
    if (issued.number) {
      await recordOrderEvent(tx, {
        orderId: input.id,
        type: 'invoice_issued',
        actor: systemActor,
        details: { number: issued.number, kind: 'corrective' },
      })
    }
  })
  if (changed) {
    log.info({ orderId: input.id, refundId, amountCents: order.totalCents }, 'order refunded by an admin')
    await tellCustomer(
      db,
      services,
      input.id,
      { kind: 'refunded', amountCents: order.totalCents, correctiveInvoice: issued.number, invoiceAttached: false },
      log,
    )
  }
  return { ok: true, changed }
}

/**
 * Emails the customer, in the order's language, what just happened to their order; a refund's
 * email carries the corrective invoice's PDF when it can be made. Failures are logged: the change
 * stands.
 */
async function tellCustomer(db: Database, services: Services, orderId: string, update: OrderUpdate, log: AppLogger) {
  try {
    const [order] = await db
      .select({ orderNumber: orders.orderNumber, customerName: orders.customerName, email: orders.customerEmail, language: orders.language })
      .from(orders)
      .where(eq(orders.id, orderId))
    if (!order) return
    let attachments: Array<{ filename: string; content: Buffer; contentType: string }> | undefined
    if (update.kind === 'refunded' && update.correctiveInvoice) {
      const invoice = update.correctiveInvoice
      const pdf = await invoicePdf(db, invoice).catch((error: unknown) => {
        log.error({ err: error, orderId, invoice }, 'corrective invoice PDF could not be made for the refund email')
        return null
      })
      if (pdf) attachments = [{ filename: invoiceFileName(invoice, order.language), content: pdf, contentType: 'application/pdf' }]
      update = { ...update, invoiceAttached: pdf !== null }
    }
    const ordersUrl = localizedUrl(services.publicUrl, '/orders', order.language)
    const email = renderOrderUpdate({ ...order, ordersUrl }, update, services.company)
    await services.mailer.send({
      to: order.email,
      subject: email.subject,
      html: email.html,
      text: email.text,
      kind: `order-${update.kind}`,
      ...(attachments ? { attachments } : {}),
    })
  } catch (error) {
    log.error({ err: error, orderId, update: update.kind }, 'order update email failed')
  }
}

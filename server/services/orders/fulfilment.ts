/**
 * What the admin does with an order after checkout (docs/product.md#fulfilment): ship it, mark it
 * delivered, cancel it while unpaid, refund it once paid. Each is one `transition()`: asking again
 * for a state the order already has changes nothing (`changed: false`, no second email), anything
 * else that does not apply is a CONFLICT. The customer's email is queued with the change.
 */
import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { invoices, orders } from '../../db/schema/index.ts'
import { AppError, notFound } from '../../errors.ts'
import type { AppLogger } from '../../logger.ts'
import { invoiceStates, issueMissingInvoices, issueReplacementInvoice } from '../invoices.ts'
import { recordVoidedInvoice } from '../verifactu/chain.ts'
import { invoicingStopped, liftInvoicingHalt } from '../verifactu/halt.ts'
import { cancelPendingOrder } from './cancel.ts'
import { recordOrderEvent } from './events.ts'
import { orderEmailJob } from './notifications.ts'
import { releaseRefund, takeOrderRefund, takeUnconfirmedRefund, type TakenRefund } from './refunds.ts'
import type { OrderCall, OrdersContext } from './context.ts'
import { leftToShipOf, shipmentOfRequest } from './shipments.ts'
import { pendingOrdersOf } from './store.ts'
import { transition, type TransitionResult } from './transition.ts'
import type { Billing } from '../../../core/billing.ts'
import { messages } from '../../../core/messages.ts'
import { canApply, isApplied, shipmentFieldMaxLength, type AdminOrderAction } from '../../../core/order-flow.ts'
import { carrierOf, planShipment, shipmentRefusalMessages, shipmentSchema, type ShipmentInput } from '../../../core/shipment.ts'
import type { RefundRequest } from '../../../core/refunds.ts'

export interface AdminActionResult {
  ok: true
  /** False when the order already was in the state asked for: nothing was done, nobody emailed. */
  changed: boolean
}

const conflicts = {
  ship: messages.cannotShip,
  deliver: messages.cannotDeliver,
  cancel: messages.cannotCancel,
  refund: messages.cannotRefund,
} as const satisfies Record<AdminOrderAction, unknown>

function answer(action: AdminOrderAction, done: TransitionResult): AdminActionResult {
  if (done.result === 'refused') throw new AppError('CONFLICT', conflicts[action])
  return { ok: true, changed: done.result === 'applied' }
}

/**
 * A shipment of a paid order: the panels the admin chose (everything left when none), with the carrier
 * and tracking number when given. The last of the panels make the order shipped (`ship`), others
 * partially shipped (`ship_part`); the transition checks the shipment again under the order's lock.
 */
export async function shipOrder(ctx: OrdersContext, input: { id: string } & ShipmentInput, call: OrderCall): Promise<AdminActionResult> {
  const { id, ...fields } = input
  const parsed = shipmentSchema.safeParse(fields)
  if (!parsed.success) {
    const onText = parsed.error.issues.some((issue) => issue.path[0] === 'carrier' || issue.path[0] === 'tracking')
    if (onText) throw new AppError('BAD_REQUEST', messages.shipmentFieldTooLong, { values: { maximum: shipmentFieldMaxLength } })
    throw new AppError('BAD_REQUEST', messages.shipmentUnknownLine)
  }
  const { carrier, tracking, lines, requestKey } = parsed.data
  if (requestKey && (await shipmentOfRequest(ctx.db, id, requestKey))) return { ok: true, changed: false }
  const state = await stateOf(ctx, id)
  const facts = { shipmentId: randomUUID(), ...carrierOf(carrier), tracking, requestKey: requestKey ?? null }
  // Nothing shippable as the order stands (unpaid, shipped already): the table answers, as for any order.
  if (!canApply('ship', state))
    return answer('ship', await transition(ctx, { orderId: id, event: 'ship', actor: call.actor, facts: { ...facts, lines: [] } }))
  const plan = planShipment(await leftToShipOf(ctx.db, id), lines)
  if ('refused' in plan) throw new AppError('BAD_REQUEST', shipmentRefusalMessages[plan.refused])
  const event = plan.completes ? 'ship' : 'ship_part'
  return answer('ship', await transition(ctx, { orderId: id, event, actor: call.actor, facts: { ...facts, lines: plan.lines } }))
}

/** Shipped → delivered. */
export async function deliverOrder(ctx: OrdersContext, input: { id: string }, call: OrderCall): Promise<AdminActionResult> {
  return answer('deliver', await transition(ctx, { orderId: input.id, event: 'deliver', actor: call.actor, facts: {} }))
}

/** The order's state, for the checks made before the provider is asked anything. */
async function stateOf(ctx: OrdersContext, orderId: string) {
  const [order] = await ctx.db.select({ status: orders.status, paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, orderId))
  if (!order) throw notFound(messages.orderNotFound)
  return order
}

/**
 * Cancels an order still waiting for payment (docs/product.md#fulfilment): its payment session is
 * closed at the provider first; a payment that completed before that keeps the order paid
 * (CONFLICT).
 */
export async function cancelOrderByAdmin(ctx: OrdersContext, input: { id: string }, call: OrderCall): Promise<AdminActionResult> {
  const order = await stateOf(ctx, input.id)
  if (isApplied('cancel', order)) return { ok: true, changed: false }
  if (!canApply('cancel', order)) throw new AppError('CONFLICT', messages.cannotCancel)
  let after: Awaited<ReturnType<typeof cancelPendingOrder>>
  try {
    after = await cancelPendingOrder(ctx, input.id, { event: 'cancel', reason: 'admin' }, call)
  } catch (error) {
    if (error instanceof AppError) throw error
    call.log.error({ err: error, orderId: input.id }, 'admin cancel: the payment session could not be closed')
    throw new AppError('SERVICE_UNAVAILABLE', messages.paymentProviderUnavailable, { cause: error })
  }
  if (!after) throw notFound(messages.orderNotFound)
  if (after.cancelledNow) return { ok: true, changed: true }
  if (after.status === 'cancelled') return { ok: true, changed: false }
  throw new AppError('CONFLICT', messages.orderPaidBeforeCancel)
}

/**
 * After an admin revoked a customer's wholesale access: none of their orders waiting for payment
 * (priced at wholesale for them) may be paid any more (docs/decisions/020). Each is cancelled, its
 * payment page closed first, and the customer told why; one the provider could not close is left to
 * the expiry job and logged. Returns how many were cancelled.
 */
export async function cancelOrdersOfRevokedCustomer(ctx: OrdersContext, userId: string, call: OrderCall): Promise<number> {
  let cancelled = 0
  for (const orderId of await pendingOrdersOf(ctx.db, userId)) {
    try {
      const after = await cancelPendingOrder(ctx, orderId, { event: 'cancel', reason: 'admin', wholesaleEnded: true }, call)
      if (after?.cancelledNow) cancelled++
    } catch (error) {
      call.log.error({ err: error, orderId }, 'wholesale access revoked: a pending order could not be cancelled')
    }
  }
  return cancelled
}

/**
 * Gives back part of a paid order's payment (panels by line and quantity, the delivery, an amount)
 * or the rest of it, with the admin's reason (shipped or delivered orders too): the refund's row is
 * taken first under the order's lock for what is still refundable (two admins at once never give
 * back more than was paid), then the provider refunds that amount (idempotent per row, so a retry
 * never refunds twice); if it refuses, the row is let go and nothing changes. Then one transition:
 * the payment shows `partially_refunded`, or `refunded` once nothing is left (the goods stay where
 * they got to); the row gets the provider's id and its own corrective invoice.
 */
export async function refundOrder(ctx: OrdersContext, input: { id: string } & RefundRequest, call: OrderCall): Promise<AdminActionResult> {
  const taken = await takeOrderRefund(ctx, input.id, input)
  if (taken.result === 'missing') throw notFound(messages.orderNotFound)
  if (taken.result === 'already') return { ok: true, changed: false }
  if (taken.result === 'refused') throw new AppError('CONFLICT', taken.message, taken.values ? { values: taken.values } : {})
  return completeRefund(ctx, input.id, { ...taken.refund, reason: input.reason }, call)
}

/**
 * "Reintentar" on a refund the provider never confirmed (a crash or a lost answer between asking and
 * recording): asked again with its own key, so a refund that did go through is found, never made
 * twice; then completed as any refund. NOT_FOUND for a refund of another order.
 */
export async function retryRefund(ctx: OrdersContext, input: { id: string; refundId: string }, call: OrderCall): Promise<AdminActionResult> {
  const taken = await takeUnconfirmedRefund(ctx, input.id, input.refundId)
  if (taken.result === 'missing') throw notFound(messages.refundNotFound)
  if (taken.result === 'already') return { ok: true, changed: false }
  if (taken.result === 'refused') throw new AppError('CONFLICT', taken.message)
  return completeRefund(ctx, input.id, { ...taken.refund, reason: taken.reason ?? '' }, call)
}

/** The provider gives the taken row's amount back; one transition records it (partial, or the rest). */
async function completeRefund(ctx: OrdersContext, orderId: string, refund: TakenRefund & { reason: string }, call: OrderCall) {
  const providerRefundId = await refundAtProvider(ctx, { orderId, refund }, call.log)
  const event = refund.remainder ? 'refund' : 'refund_part'
  const facts = { refund: { id: refund.id, amountCents: refund.amountCents, reason: refund.reason }, providerRefundId }
  const done = answer('refund', await transition(ctx, { orderId, event, actor: call.actor, facts }))
  if (done.changed) call.log.info({ orderId, refundId: providerRefundId, amountCents: refund.amountCents, event }, 'order refunded by an admin')
  return done
}

async function refundAtProvider(ctx: OrdersContext, payment: { orderId: string; refund: TakenRefund }, log: AppLogger): Promise<string> {
  const { refund } = payment
  try {
    return (await ctx.payments.refund({ sessionId: refund.paymentSessionId, amountCents: refund.amountCents, key: `refund:${refund.id}` })).refundId
  } catch (error) {
    await releaseRefund(ctx, refund.id)
    log.error({ err: error, orderId: payment.orderId, sessionId: refund.paymentSessionId }, 'refund refused by the payment provider')
    throw new AppError('SERVICE_UNAVAILABLE', messages.refundFailed, { cause: error })
  }
}

/**
 * Replaces a paid order's simplified invoice by a full one (F3) made out to `billing`: a customer who
 * asks for a full invoice after buying (docs/product.md#invoices). Under the order's lock, in one
 * transaction: the F3 takes the next number of the invoice series, the order now names its buyer,
 * the timeline says who did it, and the customer's email with the new invoice is queued. CONFLICT
 * when the order has no simplified invoice to replace (not paid, a full invoice already, refunded).
 */
export async function replaceSimplifiedInvoice(
  ctx: OrdersContext,
  input: { id: string; billing: Billing },
  call: OrderCall,
): Promise<{ ok: true; invoice: string }> {
  const done = await ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .select({ paymentStatus: orders.paymentStatus, address: orders.shippingAddress })
      .from(orders)
      .where(eq(orders.id, input.id))
      .for('update')
    if (!order) throw notFound(messages.orderNotFound)
    if (await invoicingStopped(tx, ctx.invoicing.verifactu)) throw new AppError('CONFLICT', messages.invoicingHalted)
    // A full invoice names the buyer's address: an order collected at the showroom may have none.
    if (!order.address) throw new AppError('CONFLICT', messages.invoiceNeedsAddress)
    const [simplified] = await tx
      .select({ number: invoices.number })
      .from(invoices)
      .where(and(eq(invoices.orderId, input.id), eq(invoices.aeatType, 'F2')))
    const number = order.paymentStatus === 'paid' && simplified ? await issueReplacementInvoice(tx, input.id, input.billing, ctx.invoicing) : null
    if (!number || !simplified) throw new AppError('CONFLICT', messages.cannotReplaceInvoice)
    await tx
      .update(orders)
      .set({ billing: input.billing, updatedAt: sql`now()` })
      .where(eq(orders.id, input.id))
    await recordOrderEvent(tx, {
      orderId: input.id,
      type: 'invoice_issued',
      actor: call.actor,
      details: { number, kind: 'invoice', type: 'F3', replaces: simplified.number },
    })
    const job = await ctx.jobs.enqueue(tx, orderEmailJob(input.id, { kind: 'invoice_replaced', invoice: number, replaced: simplified.number }))
    return { number, job }
  })
  if (done.job) {
    await ctx.jobs
      .run([done.job])
      .catch((error: unknown) =>
        call.log.error({ err: error, orderId: input.id }, 'the full invoice’s email could not be sent now: left to the worker'),
      )
  }
  call.log.info({ orderId: input.id, invoice: done.number }, 'simplified invoice replaced by a full one')
  return { ok: true, invoice: done.number }
}

/**
 * Voids an invoice issued in error (docs/product.md#invoices): under the order's lock, its
 * registro de anulación is appended to the VERI*FACTU chain and the timeline says who did it. The
 * number stays used (the series has no gaps) and the PDF says it is voided. Refunds never come
 * here: they issue corrective invoices. CONFLICT when the invoice has no record to void (issued
 * while VERIFACTU was `off`), was voided already, or another invoice corrects or replaces it.
 */
export async function voidInvoice(
  ctx: OrdersContext,
  input: { id: string; number: string },
  call: OrderCall,
): Promise<{ ok: true; invoice: string }> {
  await ctx.db.transaction(async (tx) => {
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, input.id)).for('update')
    if (!order) throw notFound(messages.orderNotFound)
    if (await invoicingStopped(tx, ctx.invoicing.verifactu)) throw new AppError('CONFLICT', messages.invoicingHalted)
    const invoice = (await invoiceStates(tx, [input.id])).find((candidate) => candidate.number === input.number)
    if (!invoice) throw notFound(messages.invoiceNotFound)
    const voided = invoice.voidable ? await recordVoidedInvoice(tx, invoice.id, ctx.invoicing.verifactu, new Date()) : null
    if (!voided) throw new AppError('CONFLICT', messages.cannotVoidInvoice)
    await recordOrderEvent(tx, { orderId: input.id, type: 'invoice_voided', actor: call.actor, details: { number: input.number } })
  })
  call.log.info({ orderId: input.id, invoice: input.number }, 'invoice voided (registro de anulación)')
  return { ok: true, invoice: input.number }
}

/**
 * Invoicing goes on after an admin reconciled what stopped it (docs/decisions/030): the halt is
 * lifted, then the orders paid or refunded meanwhile get their invoices, oldest payment first, each
 * in its own transaction with its email to the customer (the invoices attached). CONFLICT when
 * nothing was stopped.
 */
export async function resumeInvoicing(ctx: OrdersContext, call: OrderCall): Promise<{ invoiced: number }> {
  const { mode } = ctx.invoicing.verifactu
  if (mode === 'off' || !(await liftInvoicingHalt(ctx.db, mode))) throw new AppError('CONFLICT', messages.invoicingNotHalted)
  const emails: string[] = []
  const invoiced = await issueMissingInvoices(ctx.db, ctx.invoicing, {
    afterIssue: async (tx, issued) => {
      const job = await ctx.jobs.enqueue(
        tx,
        orderEmailJob(issued.orderId, { kind: 'late_invoices', invoice: issued.invoice, correctives: issued.correctives }),
      )
      if (job) emails.push(job)
    },
  })
  if (emails.length > 0) {
    await ctx.jobs
      .run(emails)
      .catch((error: unknown) => call.log.error({ err: error }, 'the late invoices’ emails could not be sent now: left to the worker'))
  }
  call.log.warn({ actor: call.actor, invoiced }, 'VERI*FACTU: invoicing resumed by an admin')
  return { invoiced }
}

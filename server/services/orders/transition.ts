/**
 * The one place an order's state changes (docs/decisions/022). `transition()` locks the order, checks
 * the event against the table of core/order-flow.ts and who asks, and in one transaction writes the
 * new state, the event's own writes (what the payment takes out of the cart, a shipment's row, the
 * refund's row completed, the invoice and corrective invoice numbers: gapless numbering depends on
 * it), its timeline entries and the jobs of its emails.
 * Once committed it runs that job; a job left undone is run by the worker (jobs.ts).
 */
import { and, eq, gt, lte, sql } from 'drizzle-orm'
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { Database } from '../../db/client.ts'
import { cartItems, orderItems, orders, paymentEvents, refunds, shipments } from '../../db/schema/index.ts'
import { AppError, notFound } from '../../errors.ts'
import { issueInvoice, issueRefundInvoice } from '../invoices.ts'
import type { OrdersContext } from './context.ts'
import { recordOrderEvent, systemActor, type OrderActor } from './events.ts'
import { orderEmailJob, type OrderEmail } from './notifications.ts'
import { leftToShipOf, shipmentOfRequest } from './shipments.ts'
import { paymentAmountCents } from './store.ts'
import { messages } from '../../../core/messages.ts'
import type { KnownCarrier } from '../../../core/carriers.ts'
import { canApply, isApplied, orderFlow, stateAfter, type OrderEvent, type OrderState, type OrderStep } from '../../../core/order-flow.ts'
import { planShipment, type LineQuantity } from '../../../core/shipment.ts'

/** A provider's webhook event: recorded so that its repeated delivery changes nothing. */
export interface ProviderEventRef {
  id: string
  type: string
}

/** What each event carries besides who causes it. `create` is checkout's insert (checkout.ts). */
export interface EventFacts {
  pay: { sessionId: string; amountCents: number | null; currency: string | null; providerEvent?: ProviderEventRef | undefined }
  fail: { providerEvent: ProviderEventRef }
  expire: { now: Date }
  cancel: { reason: 'buyer' | 'admin'; now: Date; wholesaleEnded?: boolean | undefined }
  ship_part: ShipmentFacts
  ship: ShipmentFacts
  deliver: Record<string, never>
  /** The refund's row, taken before the provider was asked (refunds.ts), and the provider's answer. */
  refund_part: RefundFacts
  refund: RefundFacts
  refund_unused_payment: { refundId: string; sessionId: string }
}
export type ChangeEvent = keyof EventFacts & OrderEvent

/** A shipment as the admin recorded it (fulfilment.ts): its id, panels, carrier and tracking number. */
export interface ShipmentFacts {
  shipmentId: string
  carrier: string | null
  carrierCode: KnownCarrier | null
  tracking: string | null
  lines: LineQuantity[]
  /** The admin's request: sent twice, it ships once. */
  requestKey: string | null
}

/** An admin's refund: its row (refunds.ts), the admin's reason, and the provider's refund id. */
export interface RefundFacts {
  refund: { id: string; amountCents: number; reason: string }
  providerRefundId: string
}

/** The order as the transition finds it, locked. */
export interface LockedOrder extends OrderState {
  id: string
  userId: string | null
  cartSessionId: string | null
  customerEmail: string
  totalCents: number
  paymentSessionId: string | null
}

type Details = Record<string, string | null | undefined>

/** An invoice an event issued: the timeline tells it right after the event. */
interface IssuedInvoice {
  number: string
  kind: 'invoice' | 'corrective'
}

/** How the server carries out one event of the table: each part optional. */
interface EventRule<E extends ChangeEvent> {
  /** Runs first: false when this very request was applied before (a provider's repeated delivery). */
  first?: (tx: Database, order: LockedOrder, facts: EventFacts[E]) => Promise<boolean>
  /** Checked besides the table (the paying session must be the order's current one). */
  when?: (order: LockedOrder, facts: EventFacts[E]) => boolean
  /** The event's columns besides the state, and its timeline entry's details. */
  columns?: (facts: EventFacts[E]) => PgUpdateSetSource<typeof orders>
  details?: (facts: EventFacts[E], issued: string | null) => Details
  /** The event's own writes, after the state change, in its transaction; the invoice they issued, if any. */
  writes?: (tx: Database, ctx: OrdersContext, order: LockedOrder, facts: EventFacts[E]) => Promise<IssuedInvoice | null>
  /** The emails it queues, given what the writes issued. */
  emails?: (facts: EventFacts[E], order: LockedOrder, actor: OrderActor, issued: string | null) => OrderEmail[]
}

const rules: { [E in ChangeEvent]: EventRule<E> } = {
  pay: {
    first: (tx, order, facts) => (facts.providerEvent ? recordProviderEvent(tx, order.id, facts.providerEvent) : Promise.resolve(true)),
    // Only the order's current session, for the order's exact total in euros.
    when: (order, facts) =>
      order.paymentSessionId === facts.sessionId && facts.amountCents === paymentAmountCents(order.totalCents) && facts.currency === 'eur',
    details: (facts) => ({ sessionId: facts.sessionId }),
    writes: async (tx, ctx, order) => {
      await takeOrderedOutOfCart(tx, order)
      // Spanish law: the paid order's invoice number is taken here, so a rolled-back payment leaves no
      // gap; last of the writes, because the series' row stays locked until the commit and every
      // payment waits for it.
      // None while invoicing is stopped (docs/decisions/030): the order is invoiced when an admin resumes.
      const number = await issueInvoice(tx, order.id, ctx.invoicing)
      return number ? { number, kind: 'invoice' } : null
    },
    // The buyer's confirmation, and the shop's alert (ORDER_NOTIFY_EMAILS): there is an order to prepare.
    emails: (_facts, _order, _actor, invoice) => [{ kind: 'confirmation', invoice }, { kind: 'shop_alert' }],
  },
  fail: {
    first: (tx, order, facts) => recordProviderEvent(tx, order.id, facts.providerEvent),
    details: (facts) => ({ event: facts.providerEvent.type }),
  },
  expire: {
    columns: (facts) => ({ cancelledAt: facts.now, cancelReason: 'expired', paymentExpiresAt: null }),
    details: () => ({ reason: 'expired' }),
  },
  cancel: {
    columns: (facts) => ({ cancelledAt: facts.now, cancelReason: facts.reason, paymentExpiresAt: null }),
    details: (facts) => ({ reason: facts.reason }),
    // The shop tells the buyer when it cancels; a buyer who cancels knows.
    emails: (facts, _order, actor) =>
      actor.kind === 'admin' ? [{ kind: 'cancelled', ...(facts.wholesaleEnded ? { wholesaleEnded: true } : {}) }] : [],
  },
  ship_part: shipmentRule('ship_part'),
  ship: shipmentRule('ship'),
  deliver: {
    columns: () => ({ deliveredAt: sql`now()` }),
    emails: () => [{ kind: 'delivered' }],
  },
  refund_part: refundRule(),
  refund: refundRule(),
  refund_unused_payment: {
    details: (facts) => ({ refundId: facts.refundId, sessionId: facts.sessionId, reason: 'paid_after_cancel' }),
  },
}

/**
 * A shipment, of some panels (`ship_part`) or of the last of them (`ship`): checked again under the
 * order's lock against what is left to ship (another admin may have shipped meanwhile), its row, the
 * buyer's email with the carrier's tracking link.
 */
function shipmentRule(event: 'ship' | 'ship_part'): EventRule<'ship' | 'ship_part'> {
  return {
    first: async (tx, order, facts) => {
      if (facts.requestKey && (await shipmentOfRequest(tx, order.id, facts.requestKey))) return false
      // Shipped already, or not shippable: the table answers (the same "ship everything" twice changes nothing).
      if (!canApply(event, order)) return true
      const plan = planShipment(await leftToShipOf(tx, order.id), facts.lines)
      if ('refused' in plan || plan.completes !== (event === 'ship')) throw new AppError('CONFLICT', messages.shipmentChanged)
      return true
    },
    details: (facts) => ({
      carrier: facts.carrier,
      tracking: facts.tracking,
      panels: String(facts.lines.reduce((sum, line) => sum + line.quantity, 0)),
    }),
    writes: async (tx, _ctx, order, facts) => {
      await tx.insert(shipments).values({
        id: facts.shipmentId,
        orderId: order.id,
        carrier: facts.carrier,
        carrierCode: facts.carrierCode,
        tracking: facts.tracking,
        lines: facts.lines,
        requestKey: facts.requestKey,
      })
      return null
    },
    emails: (facts, order) => [
      {
        kind: 'shipped',
        shipmentId: facts.shipmentId,
        carrier: facts.carrier,
        carrierCode: facts.carrierCode,
        tracking: facts.tracking,
        // Part of the order, the rest of it after earlier shipments, or all of it at once.
        part: event === 'ship_part' ? 'some' : order.status === 'partially_shipped' ? 'rest' : 'all',
      },
    ],
  }
}

/** A refund, in part or of the rest: its row completed, its own corrective invoice, the buyer's email. */
function refundRule(): EventRule<'refund' | 'refund_part'> {
  return {
    // This very refund was completed before (a repeated call): nothing again.
    first: async (tx, _order, facts) => {
      const [row] = await tx.select({ refundedAt: refunds.refundedAt }).from(refunds).where(eq(refunds.id, facts.refund.id))
      return !row?.refundedAt
    },
    details: (facts, corrective) => ({
      refundId: facts.providerRefundId,
      correctiveInvoice: corrective,
      amountCents: String(facts.refund.amountCents),
      reason: facts.refund.reason,
    }),
    writes: async (tx, ctx, _order, facts) => {
      await tx
        .update(refunds)
        .set({ providerRefundId: facts.providerRefundId, refundedAt: sql`now()` })
        .where(eq(refunds.id, facts.refund.id))
      // Spanish law: the refund's corrective invoice takes its number in the refund's own transaction.
      const number = await issueRefundInvoice(tx, facts.refund.id, ctx.invoicing)
      return number ? { number, kind: 'corrective' } : null
    },
    emails: (facts, _order, _actor, corrective) => [
      { kind: 'refunded', refundId: facts.refund.id, amountCents: facts.refund.amountCents, correctiveInvoice: corrective },
    ],
  }
}

/**
 * `applied`: this call made the change; `already`: the order was already where the event leads (or
 * the provider's event was applied before), nothing done; `refused`: the event does not apply to the
 * order as it is. `order` is the order as found, `state` where it stands afterwards.
 */
export type TransitionResult = { result: 'applied' | 'already' | 'refused'; order: LockedOrder; state: OrderState }

export interface TransitionRequest<E extends ChangeEvent> {
  orderId: string
  event: E
  actor: OrderActor
  facts: EventFacts[E]
}

export async function transition<E extends ChangeEvent>(ctx: OrdersContext, request: TransitionRequest<E>): Promise<TransitionResult> {
  const { event, actor, facts } = request
  const step: OrderStep = orderFlow[event]
  // The table says who may cause each event: anything else is the shop's own mistake, never the caller's.
  if (!step.by.includes(actor.kind)) throw new Error(`${actor.kind} may not ${event} an order`)
  const rule: EventRule<E> = rules[event]
  const outcome = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, request.orderId)
    if (rule.first && !(await rule.first(tx, order, facts))) return { result: 'already' as const, order, jobs: [] }
    if (isApplied(event, order)) return { result: 'already' as const, order, jobs: [] }
    if (!canApply(event, order) || (rule.when && !rule.when(order, facts))) return { result: 'refused' as const, order, jobs: [] }
    const next = stateAfter(event, order)
    await tx
      .update(orders)
      .set({ ...rule.columns?.(facts), status: next.status, paymentStatus: next.paymentStatus, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id))
    const invoice = rule.writes ? await rule.writes(tx, ctx, order, facts) : null
    const issued = invoice?.number ?? null
    await recordOrderEvent(tx, { orderId: order.id, type: step.records, actor, details: rule.details?.(facts, issued) ?? {} })
    if (invoice) await recordOrderEvent(tx, { orderId: order.id, type: 'invoice_issued', actor: systemActor, details: { ...invoice } })
    const jobs: string[] = []
    for (const email of rule.emails?.(facts, order, actor, issued) ?? []) {
      const job = await ctx.jobs.enqueue(tx, orderEmailJob(order.id, email))
      if (job) jobs.push(job)
    }
    return { result: 'applied' as const, order, jobs }
  })
  // The change stands whatever happens to its emails now: a job not run here is the worker's.
  if (outcome.jobs.length > 0) {
    await ctx.jobs
      .run(outcome.jobs)
      .catch((error: unknown) =>
        ctx.log.error({ err: error, orderId: request.orderId }, 'a transition’s job could not be run now: left to the worker'),
      )
  }
  const state =
    outcome.result === 'applied' ? stateAfter(event, outcome.order) : { status: outcome.order.status, paymentStatus: outcome.order.paymentStatus }
  return { result: outcome.result, order: outcome.order, state }
}

async function lockOrder(tx: Database, orderId: string): Promise<LockedOrder> {
  const [order] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      userId: orders.userId,
      cartSessionId: orders.cartSessionId,
      customerEmail: orders.customerEmail,
      totalCents: orders.totalCents,
      paymentSessionId: orders.paymentSessionId,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update')
    .limit(1)
  if (!order) throw notFound(messages.orderNotFound)
  return order
}

/** False when the provider's event was recorded before: its repeated delivery is a no-op. */
async function recordProviderEvent(tx: Database, orderId: string, event: ProviderEventRef): Promise<boolean> {
  const recorded = await tx
    .insert(paymentEvents)
    .values({ id: event.id, type: event.type, orderId })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id })
  return recorded.length > 0
}

/** The paid order's panels leave the cart it came from: the ordered quantities, not panels added since. */
async function takeOrderedOutOfCart(tx: Database, order: LockedOrder) {
  const owner = order.userId ? eq(cartItems.userId, order.userId) : order.cartSessionId ? eq(cartItems.sessionId, order.cartSessionId) : null
  if (!owner) return
  const ordered = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
  for (const line of ordered) {
    if (!line.productId) continue
    const sameProduct = and(owner, eq(cartItems.productId, line.productId))
    await tx.delete(cartItems).where(and(sameProduct, lte(cartItems.quantity, line.quantity)))
    await tx
      .update(cartItems)
      .set({ quantity: sql`${cartItems.quantity} - ${line.quantity}`, updatedAt: sql`now()` })
      .where(and(sameProduct, gt(cartItems.quantity, line.quantity)))
  }
}

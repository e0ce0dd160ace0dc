/** Creating orders from the cart and their payment state (docs/product.md#checkout); readers' views are in order-views.ts. */
import { randomInt } from 'node:crypto'
import { and, asc, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { cartItems, orderItems, orders, paymentEvents } from '../db/schema/index.ts'
import { AppError, hasPgCode } from '../errors.ts'
import { cartLines, type CartOwner } from './cart.ts'
import { isPayableTotal, lineTotalCents, orderTooLargeValues, totals } from '../../core/totals.ts'
import type { Language } from '../../core/language.ts'
import type { Role } from '../../core/roles.ts'
import { storedAddress, type PostalAddress } from '../../core/address.ts'
import type { Shipping } from '../../core/shipping.ts'
import { messages } from '../../core/messages.ts'
import { issueInvoice, type InvoiceSettings } from './invoices.ts'
import { customerActor, providerActor, recordOrderEvent, systemActor, type OrderActor } from './order-events.ts'
import { ordersCreated, paymentFailures } from '../metrics.ts'

const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'

/** docs/product.md#checkout: 'ORD-' + timestamp + 9 random uppercase characters. */
export function newOrderNumber(now = Date.now()): string {
  let suffix = ''
  for (let i = 0; i < 9; i++) suffix += upper[randomInt(upper.length)]
  return `ORD-${now}${suffix}`
}

/** docs/product.md#checkout: the provider is asked for round(total × 100) cents; totals are already cents. */
export const paymentAmountCents = (totalCents: number) => Math.round(totalCents)

/** An order above what one payment can take (core/totals.ts): CONFLICT, the cart is as it was. */
export const orderTooLarge = () => new AppError('CONFLICT', messages.orderTooLarge, { values: orderTooLargeValues })

type OrderStatus = (typeof orders.$inferSelect)['status']
type PaymentStatus = (typeof orders.$inferSelect)['paymentStatus']

export interface CreatedOrder {
  id: string
  orderNumber: string
  totalCents: number
  status: OrderStatus
  paymentStatus: PaymentStatus
  paymentSessionId: string | null
  paymentAttempts: number
  customerEmail: string
  language: Language
  lines: OrderLine[]
  created: boolean
}

interface OrderLine {
  productId: string | null
  name: string
  quantity: number
  unitPriceCents: number
}

export interface CreateOrderOptions {
  owner: CartOwner | null
  userId: string | null
  /** This browser's anonymous cart, also when signed in: a guest's pending order follows its buyer into their account. */
  browserCart: string | null
  role: Role | null
  shipping: Shipping
  language: Language
  checkoutKey: string
}

/** What an order made from the cart now would hold: re-priced lines and the shipping details. */
interface OrderDraft {
  lines: Array<OrderLine & { productId: string; nameEs: string; nameEn: string }>
  customer: { customerName: string; customerEmail: string; customerPhone: string; shippingAddress: PostalAddress }
  language: Language
}

/**
 * The caller's cart as an order: every line re-priced for the caller's current role (the client
 * sends no price or total); a price the shopper has not been shown yet refuses the order (CONFLICT)
 * instead of charging it.
 */
async function draftFromCart(db: Database, opts: CreateOrderOptions): Promise<OrderDraft> {
  if (!opts.owner) throw new AppError('BAD_REQUEST', messages.cartEmpty)
  // An archived product's line stays in the cart, marked unavailable, and out of the order.
  const cart = (await cartLines(db, opts.owner, opts.role)).filter((line) => line.available)
  if (cart.length === 0) throw new AppError('BAD_REQUEST', messages.cartEmpty)
  // Reading the cart (cart.get) shows the new price and records it; then the order may go on.
  if (cart.some((line) => line.unitPriceCents !== line.shownPriceCents)) throw new AppError('CONFLICT', messages.pricesChanged)
  // Before any row is written: an order the payment provider would refuse is never made.
  if (!isPayableTotal(totals(cart).totalCents)) throw orderTooLarge()
  const { shipping } = opts
  return {
    lines: cart.map((line) => ({
      productId: line.productId,
      name: opts.language === 'en' ? line.nameEn : line.nameEs,
      nameEs: line.nameEs,
      nameEn: line.nameEn,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
    })),
    customer: {
      customerName: shipping.full_name,
      customerEmail: shipping.email,
      customerPhone: shipping.phone,
      shippingAddress: storedAddress(shipping),
    },
    language: opts.language,
  }
}

function itemRows(orderId: string, draft: OrderDraft) {
  return draft.lines.map((line, position) => ({
    orderId,
    position,
    productId: line.productId,
    productName: line.name,
    productNameEs: line.nameEs,
    productNameEn: line.nameEn,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    subtotalCents: lineTotalCents(line),
  }))
}

/**
 * The order for this checkout: a new one from the caller's cart, or, for a checkout key the caller
 * used before (a double submit, or the shopper back from the payment page), that order. A pending
 * order whose cart or details changed since is returned with `changed`: the caller closes its
 * payment session and then calls `replaceOrderContents`.
 */
export async function orderForCheckout(db: Database, opts: CreateOrderOptions): Promise<{ order: CreatedOrder; draft: OrderDraft | null }> {
  const existing = await findByCheckoutKey(db, opts.checkoutKey, opts)
  if (existing) {
    if (existing.status !== 'pending' || existing.paymentStatus === 'paid') return { order: existing, draft: null }
    const draft = await draftFromCart(db, opts)
    return { order: existing, draft: (await sameContents(db, existing.id, draft)) ? null : draft }
  }
  try {
    const order = await insertOrder(db, opts)
    ordersCreated.inc()
    return { order, draft: null }
  } catch (error) {
    // The same checkout submitted twice at once: the other request's order is the order.
    if (hasPgCode(error, '23505')) {
      const raced = await findByCheckoutKey(db, opts.checkoutKey, opts)
      if (raced) return { order: raced, draft: null }
    }
    throw error
  }
}

function insertOrder(db: Database, opts: CreateOrderOptions): Promise<CreatedOrder> {
  return db.transaction(async (tx) => {
    const draft = await draftFromCart(tx, opts)
    const amounts = totals(draft.lines)
    const [order] = await tx
      .insert(orders)
      .values({
        userId: opts.userId,
        orderNumber: newOrderNumber(),
        ...draft.customer,
        ...amounts,
        status: 'pending',
        paymentStatus: 'pending',
        language: opts.language,
        cartSessionId: opts.owner && 'sessionId' in opts.owner ? opts.owner.sessionId : null,
        checkoutKey: opts.checkoutKey,
      })
      .returning({ id: orders.id, orderNumber: orders.orderNumber, totalCents: orders.totalCents })
    if (!order) throw new Error('order insert returned nothing')
    await tx.insert(orderItems).values(itemRows(order.id, draft))
    await recordOrderEvent(tx, {
      orderId: order.id,
      type: 'created',
      actor: await customerActor(tx, { userId: opts.userId, orderEmail: draft.customer.customerEmail }),
    })
    return {
      ...order,
      status: 'pending' as const,
      paymentStatus: 'pending' as const,
      paymentSessionId: null,
      paymentAttempts: 0,
      customerEmail: draft.customer.customerEmail,
      language: opts.language,
      lines: draft.lines.map(({ productId, name, quantity, unitPriceCents }) => ({ productId, name, quantity, unitPriceCents })),
      created: true,
    }
  })
}

/** Whether the pending order already holds exactly this draft (lines, prices, details, language). */
async function sameContents(db: Database, orderId: string, draft: OrderDraft): Promise<boolean> {
  const [order] = await db
    .select({
      customerName: orders.customerName,
      customerEmail: orders.customerEmail,
      customerPhone: orders.customerPhone,
      shippingAddress: orders.shippingAddress,
      language: orders.language,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
  if (!order) return false
  const items = await db
    .select({ productId: orderItems.productId, quantity: orderItems.quantity, unitPriceCents: orderItems.unitPriceCents })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
  const key = (line: { productId: string | null; quantity: number; unitPriceCents: number }) =>
    `${line.productId}:${line.quantity}:${line.unitPriceCents}`
  const had = items.map(key).sort()
  const wants = draft.lines.map(key).sort()
  const { shippingAddress, ...customer } = order
  return (
    had.join() === wants.join() &&
    order.language === draft.language &&
    JSON.stringify(customer) ===
      JSON.stringify({
        customerName: draft.customer.customerName,
        customerEmail: draft.customer.customerEmail,
        customerPhone: draft.customer.customerPhone,
        language: draft.language,
      }) &&
    JSON.stringify(addressKey(shippingAddress)) === JSON.stringify(addressKey(draft.customer.shippingAddress))
  )
}

const addressKey = (a: PostalAddress) => [a.line1, a.line2 ?? null, a.city, a.state ?? null, a.postal_code, a.country]

/**
 * Puts a changed cart and details into a pending order whose payment session was closed first.
 * Changes nothing (null) when the order moved on meanwhile: paid, cancelled, or another session.
 */
export async function replaceOrderContents(db: Database, order: CreatedOrder, draft: OrderDraft): Promise<CreatedOrder | null> {
  return db.transaction(async (tx) => {
    const amounts = totals(draft.lines)
    const sameSession = order.paymentSessionId === null ? isNull(orders.paymentSessionId) : eq(orders.paymentSessionId, order.paymentSessionId)
    const [updated] = await tx
      .update(orders)
      .set({ ...draft.customer, ...amounts, language: draft.language, paymentSessionId: null, paymentExpiresAt: null, updatedAt: sql`now()` })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending'), ne(orders.paymentStatus, 'paid'), sameSession))
      .returning({ totalCents: orders.totalCents })
    if (!updated) return null
    await tx.delete(orderItems).where(eq(orderItems.orderId, order.id))
    await tx.insert(orderItems).values(itemRows(order.id, draft))
    return {
      ...order,
      totalCents: updated.totalCents,
      paymentSessionId: null,
      customerEmail: draft.customer.customerEmail,
      language: draft.language,
      lines: draft.lines.map(({ productId, name, quantity, unitPriceCents }) => ({ productId, name, quantity, unitPriceCents })),
    }
  })
}

/**
 * The order a checkout key made, for the caller that made it: the same account, or for a guest the
 * same anonymous cart (a guest who signed in meanwhile takes their pending order along). Anyone
 * else replaying the key learns nothing of it (PRECONDITION_FAILED).
 */
async function findByCheckoutKey(
  db: Database,
  checkoutKey: string,
  caller: Pick<CreateOrderOptions, 'userId' | 'owner' | 'browserCart'>,
): Promise<CreatedOrder | null> {
  const [order] = await db
    .select({ id: orders.id, userId: orders.userId, cartSessionId: orders.cartSessionId, status: orders.status })
    .from(orders)
    .where(eq(orders.checkoutKey, checkoutKey))
    .limit(1)
  if (!order) return null
  const cartSessionId = caller.owner && 'sessionId' in caller.owner ? caller.owner.sessionId : null
  const sameCaller = caller.userId !== null ? order.userId === caller.userId : order.userId === null && order.cartSessionId === cartSessionId
  const guestNowSignedIn =
    caller.userId !== null &&
    order.userId === null &&
    order.status === 'pending' &&
    caller.browserCart !== null &&
    order.cartSessionId === caller.browserCart
  if (guestNowSignedIn) {
    await db
      .update(orders)
      .set({ userId: caller.userId, updatedAt: sql`now()` })
      .where(and(eq(orders.id, order.id), isNull(orders.userId)))
  } else if (!sameCaller || (caller.userId === null && cartSessionId === null)) {
    // PRECONDITION_FAILED, not CONFLICT: the checkout page then starts a new key by itself (someone
    // signed out or in on this tab since the key was made).
    throw new AppError('PRECONDITION_FAILED', messages.checkoutAlreadyUsed)
  }
  return loadCreatedOrder(db, order.id)
}

/** An order as checkout and payment need it: its state, its payment session and its lines. */
export async function loadCreatedOrder(db: Database, orderId: string): Promise<CreatedOrder | null> {
  const [order] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      totalCents: orders.totalCents,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      paymentSessionId: orders.paymentSessionId,
      paymentAttempts: orders.paymentAttempts,
      customerEmail: orders.customerEmail,
      language: orders.language,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1)
  if (!order) return null
  const lines = await db
    .select({
      productId: orderItems.productId,
      name: orderItems.productName,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.position), asc(orderItems.id))
  return { ...order, lines, created: false }
}

/** How long a payment session stays open, at Stripe (its default) and at the test provider alike. */
export const paymentSessionHours = 24

/**
 * The next payment attempt's number: attempts are numbered so that each new payment session has its
 * own idempotency key at the provider, while a double submit of the same attempt gets the same one.
 */
export const nextPaymentAttempt = (order: Pick<CreatedOrder, 'paymentAttempts'>) => order.paymentAttempts + 1

/**
 * Records the session opened for a payment attempt, and when it lapses. A concurrent request that
 * opened the same attempt recorded the same session; a later attempt is never overwritten by an
 * earlier one.
 */
export async function setPaymentSession(db: Database, orderId: string, session: { id: string; attempt: number; now?: Date }) {
  const opened = session.now ?? new Date()
  await db
    .update(orders)
    .set({
      paymentSessionId: session.id,
      paymentAttempts: session.attempt,
      paymentExpiresAt: new Date(opened.getTime() + paymentSessionHours * 3_600_000),
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.id, orderId), lte(orders.paymentAttempts, session.attempt), eq(orders.status, 'pending')))
}

/**
 * The one transition to paid/confirmed, applied at most once per order and once per provider
 * event, and only by the order's current payment session while the order is pending (a payment
 * for a cancelled or changed order is refunded instead: payments/outcomes.ts). It also takes what
 * was ordered out of the cart the order came from: the ordered quantities, not panels added since.
 * Returns whether this call applied it.
 */
export async function confirmPayment(
  db: Database,
  opts: { orderId: string; sessionId: string; eventId?: string | undefined; eventType?: string | undefined; invoicing: InvoiceSettings },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (opts.eventId) {
      const recorded = await tx
        .insert(paymentEvents)
        .values({ id: opts.eventId, type: opts.eventType ?? 'unknown', orderId: opts.orderId })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id })
      if (recorded.length === 0) return false
    }
    const [order] = await tx
      .update(orders)
      .set({ status: 'confirmed', paymentStatus: 'paid', updatedAt: sql`now()` })
      .where(
        and(eq(orders.id, opts.orderId), eq(orders.status, 'pending'), ne(orders.paymentStatus, 'paid'), eq(orders.paymentSessionId, opts.sessionId)),
      )
      .returning({ userId: orders.userId, cartSessionId: orders.cartSessionId })
    if (!order) return false
    await recordOrderEvent(tx, { orderId: opts.orderId, type: 'paid', actor: providerActor, details: { sessionId: opts.sessionId } })
    const owner = order.userId ? eq(cartItems.userId, order.userId) : order.cartSessionId ? eq(cartItems.sessionId, order.cartSessionId) : null
    if (owner) {
      const ordered = await tx
        .select({ productId: orderItems.productId, quantity: orderItems.quantity })
        .from(orderItems)
        .where(eq(orderItems.orderId, opts.orderId))
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
    // Spanish law: the paid order's invoice number is taken here, so a rolled-back payment leaves no
    // gap; last, because the series' row stays locked until the commit and every payment waits for it.
    const invoice = await issueInvoice(tx, opts.orderId, opts.invoicing)
    await recordOrderEvent(tx, { orderId: opts.orderId, type: 'invoice_issued', actor: systemActor, details: { number: invoice, kind: 'invoice' } })
    return true
  })
}

/** An abandoned or failed payment: the order stays pending and its payment is marked failed. */
export async function markPaymentFailed(db: Database, opts: { orderId: string; eventId: string; eventType: string }): Promise<boolean> {
  return db
    .transaction(async (tx) => {
      const recorded = await tx
        .insert(paymentEvents)
        .values({ id: opts.eventId, type: opts.eventType, orderId: opts.orderId })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id })
      if (recorded.length === 0) return false
      const updated = await tx
        .update(orders)
        .set({ paymentStatus: 'failed', updatedAt: sql`now()` })
        .where(and(eq(orders.id, opts.orderId), eq(orders.paymentStatus, 'pending')))
        .returning({ id: orders.id })
      if (updated.length === 0) return false
      await recordOrderEvent(tx, { orderId: opts.orderId, type: 'payment_failed', actor: providerActor, details: { event: opts.eventType } })
      return true
    })
    .then((failed) => {
      if (failed) paymentFailures.inc({ reason: 'provider' })
      return failed
    })
}

export async function paymentSessionOf(db: Database, orderId: string) {
  const [row] = await db
    .select({
      status: orders.status,
      paymentSessionId: orders.paymentSessionId,
      paymentStatus: orders.paymentStatus,
      totalCents: orders.totalCents,
      userId: orders.userId,
      cartSessionId: orders.cartSessionId,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1)
  return row ?? null
}

export type CancelReason = NonNullable<(typeof orders.$inferSelect)['cancelReason']>

/**
 * Cancels a pending, unpaid order whose payment session is already closed (payments/pending-orders.ts
 * closes it first), and writes who did it on its timeline: `actor`, or by default the buyer (reason
 * `buyer`), the shop (`expired`). An admin's cancel names the admin. Returns whether this call
 * cancelled it.
 */
export async function markCancelled(db: Database, orderId: string, reason: CancelReason, now = new Date(), actor?: OrderActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: now, cancelReason: reason, paymentExpiresAt: null, updatedAt: sql`now()` })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'pending'), ne(orders.paymentStatus, 'paid')))
      .returning({ userId: orders.userId, email: orders.customerEmail })
    if (!updated) return false
    const who = actor ?? (reason === 'buyer' ? await customerActor(tx, { userId: updated.userId, orderEmail: updated.email }) : systemActor)
    await recordOrderEvent(tx, { orderId, type: 'cancelled', actor: who, details: { reason } })
    return true
  })
}

/** Pending, unpaid orders whose payment time is over at `now` (oldest first, a bounded batch). */
export async function lapsedPendingOrders(db: Database, now: Date, limit = 100): Promise<string[]> {
  const lapsed = sql`coalesce(${orders.paymentExpiresAt}, ${orders.createdAt} + make_interval(hours => ${paymentSessionHours})) <= ${now.toISOString()}::timestamptz`
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'pending'), ne(orders.paymentStatus, 'paid'), lapsed))
    .orderBy(asc(orders.createdAt))
    .limit(limit)
  return rows.map((row) => row.id)
}

/** A user's orders still waiting for payment. */
export async function pendingOrdersOf(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending'), ne(orders.paymentStatus, 'paid')))
  return rows.map((row) => row.id)
}

/**
 * After the shop refunded by itself a payment that did not become the order's (it came after the
 * cancel): a cancelled order says its money went back, and its timeline says so (`details`: the
 * provider's refund id and the session, when the caller gives them).
 */
export async function markRefunded(db: Database, orderId: string, details: { refundId?: string; sessionId?: string } = {}) {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(orders)
      .set({ paymentStatus: 'refunded', updatedAt: sql`now()` })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'cancelled'), inArray(orders.paymentStatus, ['pending', 'failed'])))
      .returning({ id: orders.id })
    if (updated.length === 0) return
    await recordOrderEvent(tx, { orderId, type: 'refunded', actor: systemActor, details: { ...details, reason: 'paid_after_cancel' } })
  })
}

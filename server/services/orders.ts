import { randomInt } from 'node:crypto'
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { cartItems, orderItems, orders, paymentEvents, products } from '../db/schema/index.ts'
import { AppError, hasPgCode, notFound } from '../errors.ts'
import type { CartOwner } from './cart.ts'
import { lineTotalCents, totals } from './totals.ts'
import type { Language } from '../../src/shared/language.ts'
import type { Shipping } from '../../src/shared/shipping.ts'

const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'

/** SPEC §9: 'ORD-' + timestamp + 9 random uppercase characters. */
export function newOrderNumber(now = Date.now()): string {
  let suffix = ''
  for (let i = 0; i < 9; i++) suffix += upper[randomInt(upper.length)]
  return `ORD-${now}${suffix}`
}

/** SPEC §9: the provider is asked for round(total × 100) cents; totals are already cents. */
export const paymentAmountCents = (totalCents: number) => Math.round(totalCents)

export interface CreatedOrder {
  id: string
  orderNumber: string
  totalCents: number
  paymentSessionId: string | null
  lines: Array<{ name: string; quantity: number; unitPriceCents: number }>
  created: boolean
}

/**
 * Creates the order from the caller's cart in one transaction: every amount is recomputed here
 * from the cart rows (the client sends no price or total). A repeated `checkoutKey` returns the
 * order it created before instead of a second one.
 */
export async function createOrderFromCart(db: Database, opts: CreateOrderOptions): Promise<CreatedOrder> {
  try {
    return await insertOrderFromCart(db, opts)
  } catch (error) {
    // The same checkout submitted twice at once: the other request's order is the order.
    if (hasPgCode(error, '23505')) {
      const existing = await findByCheckoutKey(db, opts.checkoutKey, opts.userId)
      if (existing) return existing
    }
    throw error
  }
}

interface CreateOrderOptions {
  owner: CartOwner | null
  userId: string | null
  shipping: Shipping
  language: Language
  checkoutKey: string
}

function insertOrderFromCart(db: Database, opts: CreateOrderOptions): Promise<CreatedOrder> {
  return db.transaction(async (tx) => {
    const existing = await findByCheckoutKey(tx, opts.checkoutKey, opts.userId)
    if (existing) return existing
    if (!opts.owner) throw new AppError('BAD_REQUEST', 'Cart is empty')
    const ownerFilter = 'userId' in opts.owner ? eq(cartItems.userId, opts.owner.userId) : eq(cartItems.sessionId, opts.owner.sessionId)
    const rows = await tx
      .select({
        productId: cartItems.productId,
        nameEs: products.nameEs,
        nameEn: products.nameEn,
        quantity: cartItems.quantity,
        unitPriceCents: cartItems.priceAtTimeCents,
      })
      .from(cartItems)
      .innerJoin(products, eq(cartItems.productId, products.id))
      .where(ownerFilter)
      .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
    if (rows.length === 0) throw new AppError('BAD_REQUEST', 'Cart is empty')
    const lines = rows.map((row) => ({
      productId: row.productId,
      name: opts.language === 'en' ? row.nameEn : row.nameEs,
      quantity: row.quantity,
      unitPriceCents: row.unitPriceCents,
    }))
    const amounts = totals(lines)
    const { shipping } = opts
    const [order] = await tx
      .insert(orders)
      .values({
        userId: opts.userId,
        orderNumber: newOrderNumber(),
        customerName: shipping.full_name,
        customerEmail: shipping.email,
        customerPhone: shipping.phone,
        shippingAddress: {
          line1: shipping.address_line1,
          line2: shipping.address_line2 || null,
          city: shipping.city,
          state: shipping.state || null,
          postal_code: shipping.postal_code,
          country: shipping.country,
        },
        ...amounts,
        status: 'pending',
        paymentStatus: 'pending',
        language: opts.language,
        cartSessionId: 'sessionId' in opts.owner ? opts.owner.sessionId : null,
        checkoutKey: opts.checkoutKey,
      })
      .returning({ id: orders.id, orderNumber: orders.orderNumber, totalCents: orders.totalCents })
    if (!order) throw new Error('order insert returned nothing')
    await tx.insert(orderItems).values(
      lines.map((line) => ({ orderId: order.id, productId: line.productId, productName: line.name, quantity: line.quantity, unitPriceCents: line.unitPriceCents, subtotalCents: lineTotalCents(line) })),
    )
    return { ...order, paymentSessionId: null, lines: lines.map(({ name, quantity, unitPriceCents }) => ({ name, quantity, unitPriceCents })), created: true }
  })
}

async function findByCheckoutKey(db: Database, checkoutKey: string, userId: string | null): Promise<CreatedOrder | null> {
  const [order] = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, totalCents: orders.totalCents, paymentSessionId: orders.paymentSessionId, userId: orders.userId })
    .from(orders)
    .where(eq(orders.checkoutKey, checkoutKey))
    .limit(1)
  if (!order) return null
  // A key is only good for the caller that made it.
  if (order.userId !== userId) throw new AppError('CONFLICT', 'This checkout was already used')
  const lines = await db
    .select({ name: orderItems.productName, quantity: orderItems.quantity, unitPriceCents: orderItems.unitPriceCents })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id))
  return { id: order.id, orderNumber: order.orderNumber, totalCents: order.totalCents, paymentSessionId: order.paymentSessionId, lines, created: false }
}

export async function setPaymentSession(db: Database, orderId: string, sessionId: string) {
  await db.update(orders).set({ paymentSessionId: sessionId, updatedAt: sql`now()` }).where(eq(orders.id, orderId))
}

/**
 * The one transition to paid/confirmed, applied at most once per order and once per provider
 * event. It also empties the cart the order came from. Returns whether this call applied it.
 */
export async function confirmPayment(db: Database, opts: { orderId: string; eventId?: string; eventType?: string }): Promise<boolean> {
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
      .where(and(eq(orders.id, opts.orderId), ne(orders.paymentStatus, 'paid')))
      .returning({ userId: orders.userId, cartSessionId: orders.cartSessionId })
    if (!order) return false
    const productIds = tx.select({ id: orderItems.productId }).from(orderItems).where(eq(orderItems.orderId, opts.orderId))
    const owner = order.userId ? eq(cartItems.userId, order.userId) : order.cartSessionId ? eq(cartItems.sessionId, order.cartSessionId) : null
    if (owner) await tx.delete(cartItems).where(and(owner, inArray(cartItems.productId, productIds)))
    return true
  })
}

/** An abandoned or failed payment: the order stays pending and its payment is marked failed. */
export async function markPaymentFailed(db: Database, opts: { orderId: string; eventId: string; eventType: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const recorded = await tx.insert(paymentEvents).values({ id: opts.eventId, type: opts.eventType, orderId: opts.orderId }).onConflictDoNothing().returning({ id: paymentEvents.id })
    if (recorded.length === 0) return false
    const updated = await tx
      .update(orders)
      .set({ paymentStatus: 'failed', updatedAt: sql`now()` })
      .where(and(eq(orders.id, opts.orderId), eq(orders.paymentStatus, 'pending')))
      .returning({ id: orders.id })
    return updated.length > 0
  })
}

const orderColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  userId: orders.userId,
  customerName: orders.customerName,
  customerEmail: orders.customerEmail,
  customerPhone: orders.customerPhone,
  shippingAddress: orders.shippingAddress,
  subtotalCents: orders.subtotalCents,
  taxCents: orders.taxCents,
  shippingCostCents: orders.shippingCostCents,
  totalCents: orders.totalCents,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  language: orders.language,
  paymentSessionId: orders.paymentSessionId,
  createdAt: orders.createdAt,
}

export type OrderRecord = Awaited<ReturnType<typeof loadOrders>>[number]

async function loadOrders(db: Database, where: ReturnType<typeof eq> | undefined, limit?: number) {
  const query = db.select(orderColumns).from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).$dynamic()
  const rows = await (limit === undefined ? query : query.limit(limit))
  if (rows.length === 0) return []
  const items = await db
    .select({ orderId: orderItems.orderId, productId: orderItems.productId, productName: orderItems.productName, quantity: orderItems.quantity, unitPriceCents: orderItems.unitPriceCents, subtotalCents: orderItems.subtotalCents, slug: products.slug })
    .from(orderItems)
    .leftJoin(products, eq(orderItems.productId, products.id))
    .where(inArray(orderItems.orderId, rows.map((r) => r.id)))
    .orderBy(asc(orderItems.id))
  return rows.map(({ createdAt, paymentSessionId: _session, ...row }) => ({
    ...row,
    createdAt: createdAt.toISOString(),
    items: items.filter((item) => item.orderId === row.id).map(({ orderId: _orderId, ...item }) => item),
  }))
}

export function findOrder(db: Database, orderId: string) {
  return loadOrders(db, eq(orders.id, orderId), 1).then((rows) => rows[0] ?? null)
}

/** An order the caller may see: their own, or any for an admin; otherwise NOT_FOUND. */
export async function getOrderFor(db: Database, viewer: { userId: string; admin: boolean }, orderId: string) {
  const order = await findOrder(db, orderId)
  if (!order || (!viewer.admin && order.userId !== viewer.userId)) throw notFound('Order')
  return order
}

export function listOrdersOf(db: Database, userId: string) {
  return loadOrders(db, eq(orders.userId, userId))
}

export async function paymentSessionOf(db: Database, orderId: string) {
  const [row] = await db.select({ paymentSessionId: orders.paymentSessionId, paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, orderId)).limit(1)
  return row ?? null
}

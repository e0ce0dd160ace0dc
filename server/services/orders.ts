/** Creating orders from the cart and their payment state (docs/product.md#checkout); readers' views are in order-views.ts. */
import { randomInt } from 'node:crypto'
import { and, asc, eq, gt, lte, ne, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { cartItems, orderItems, orders, paymentEvents } from '../db/schema/index.ts'
import { AppError, hasPgCode } from '../errors.ts'
import { cartLines, type CartOwner } from './cart.ts'
import { lineTotalCents, totals } from '../../core/totals.ts'
import type { Language } from '../../core/language.ts'
import type { Role } from '../../core/roles.ts'
import type { Shipping } from '../../core/shipping.ts'
import { messages } from '../../core/messages.ts'

const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'

/** docs/product.md#checkout: 'ORD-' + timestamp + 9 random uppercase characters. */
export function newOrderNumber(now = Date.now()): string {
  let suffix = ''
  for (let i = 0; i < 9; i++) suffix += upper[randomInt(upper.length)]
  return `ORD-${now}${suffix}`
}

/** docs/product.md#checkout: the provider is asked for round(total × 100) cents; totals are already cents. */
export const paymentAmountCents = (totalCents: number) => Math.round(totalCents)

type OrderStatus = (typeof orders.$inferSelect)['status']
type PaymentStatus = (typeof orders.$inferSelect)['paymentStatus']

export interface CreatedOrder {
  id: string
  orderNumber: string
  totalCents: number
  status: OrderStatus
  paymentStatus: PaymentStatus
  paymentSessionId: string | null
  lines: Array<{ name: string; quantity: number; unitPriceCents: number }>
  created: boolean
}

/**
 * Creates the order from the caller's cart in one transaction: every line is re-priced here for
 * the caller's current role (the client sends no price or total), and a price the shopper has not
 * been shown yet refuses the order (CONFLICT) instead of charging it. A repeated `checkoutKey`
 * returns the order it created before instead of a second one.
 */
export async function createOrderFromCart(db: Database, opts: CreateOrderOptions): Promise<CreatedOrder> {
  try {
    return await insertOrderFromCart(db, opts)
  } catch (error) {
    // The same checkout submitted twice at once: the other request's order is the order.
    if (hasPgCode(error, '23505')) {
      const existing = await findByCheckoutKey(db, opts.checkoutKey, opts)
      if (existing) return existing
    }
    throw error
  }
}

export interface CreateOrderOptions {
  owner: CartOwner | null
  userId: string | null
  role: Role | null
  shipping: Shipping
  language: Language
  checkoutKey: string
}

function insertOrderFromCart(db: Database, opts: CreateOrderOptions): Promise<CreatedOrder> {
  return db.transaction(async (tx) => {
    const existing = await findByCheckoutKey(tx, opts.checkoutKey, opts)
    if (existing) return existing
    if (!opts.owner) throw new AppError('BAD_REQUEST', messages.cartEmpty)
    const cart = await cartLines(tx, opts.owner, opts.role)
    if (cart.length === 0) throw new AppError('BAD_REQUEST', messages.cartEmpty)
    // Reading the cart (cart.get) shows the new price and records it; then the order may go on.
    if (cart.some((line) => line.unitPriceCents !== line.shownPriceCents)) throw new AppError('CONFLICT', messages.pricesChanged)
    const lines = cart.map((line) => ({
      productId: line.productId,
      name: opts.language === 'en' ? line.nameEn : line.nameEs,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
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
      lines.map((line) => ({
        orderId: order.id,
        productId: line.productId,
        productName: line.name,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        subtotalCents: lineTotalCents(line),
      })),
    )
    return {
      ...order,
      status: 'pending' as const,
      paymentStatus: 'pending' as const,
      paymentSessionId: null,
      lines: lines.map(({ name, quantity, unitPriceCents }) => ({ name, quantity, unitPriceCents })),
      created: true,
    }
  })
}

/**
 * The order a checkout key made, for the caller that made it: the same account, or for a guest the
 * same anonymous cart. Anyone else replaying the key learns nothing of it (CONFLICT).
 */
async function findByCheckoutKey(
  db: Database,
  checkoutKey: string,
  caller: Pick<CreateOrderOptions, 'userId' | 'owner'>,
): Promise<CreatedOrder | null> {
  const [order] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      totalCents: orders.totalCents,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      paymentSessionId: orders.paymentSessionId,
      userId: orders.userId,
      cartSessionId: orders.cartSessionId,
    })
    .from(orders)
    .where(eq(orders.checkoutKey, checkoutKey))
    .limit(1)
  if (!order) return null
  const cartSessionId = caller.owner && 'sessionId' in caller.owner ? caller.owner.sessionId : null
  const sameCaller = caller.userId !== null ? order.userId === caller.userId : order.userId === null && order.cartSessionId === cartSessionId
  if (!sameCaller || (caller.userId === null && cartSessionId === null)) throw new AppError('CONFLICT', messages.checkoutAlreadyUsed)
  const lines = await db
    .select({ name: orderItems.productName, quantity: orderItems.quantity, unitPriceCents: orderItems.unitPriceCents })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id))
  const { userId: _owner, cartSessionId: _cart, ...found } = order
  return { ...found, lines, created: false }
}

export async function setPaymentSession(db: Database, orderId: string, sessionId: string) {
  await db
    .update(orders)
    .set({ paymentSessionId: sessionId, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId))
}

/**
 * The one transition to paid/confirmed, applied at most once per order and once per provider
 * event. It also takes what was ordered out of the cart the order came from: the ordered
 * quantities, not panels added since. Returns whether this call applied it.
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
    const owner = order.userId ? eq(cartItems.userId, order.userId) : order.cartSessionId ? eq(cartItems.sessionId, order.cartSessionId) : null
    if (!owner) return true
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
    return true
  })
}

/** An abandoned or failed payment: the order stays pending and its payment is marked failed. */
export async function markPaymentFailed(db: Database, opts: { orderId: string; eventId: string; eventType: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
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
    return updated.length > 0
  })
}

export async function paymentSessionOf(db: Database, orderId: string) {
  const [row] = await db
    .select({
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

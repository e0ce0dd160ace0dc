import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { orderItems, orders, products } from '../db/schema/index.ts'
import { notFound } from '../errors.ts'
import { messages } from '../../core/messages.ts'

// What orders look like to their readers (docs/product.md#orders): the buyer's list and one order,
// and the admin's paged list. Creating orders and their payment state live in orders.ts.

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
  paymentExpiresAt: orders.paymentExpiresAt,
  cancelledAt: orders.cancelledAt,
  cancelReason: orders.cancelReason,
  createdAt: orders.createdAt,
}

export type OrderRecord = Awaited<ReturnType<typeof loadOrders>>[number]

async function loadOrders(db: Database, where: ReturnType<typeof eq> | undefined, limit?: number) {
  const query = db.select(orderColumns).from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).$dynamic()
  const rows = await (limit === undefined ? query : query.limit(limit))
  if (rows.length === 0) return []
  const items = await db
    .select({
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      productName: orderItems.productName,
      // Each reader sees the names in their language; orders older than both names give the one they had.
      nameEs: sql<string>`coalesce(${orderItems.productNameEs}, ${orderItems.productName})`,
      nameEn: sql<string>`coalesce(${orderItems.productNameEn}, ${orderItems.productName})`,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
      subtotalCents: orderItems.subtotalCents,
      slug: products.slug,
    })
    .from(orderItems)
    .leftJoin(products, eq(orderItems.productId, products.id))
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderItems.id))
  return rows.map(({ createdAt, paymentSessionId: _session, paymentExpiresAt, cancelledAt, ...row }) => ({
    ...row,
    createdAt: createdAt.toISOString(),
    cancelledAt: cancelledAt?.toISOString() ?? null,
    /** While the order waits for payment: until when it can be paid (then the expiry job cancels it). */
    payableUntil: row.status === 'pending' && row.paymentStatus !== 'paid' ? (paymentExpiresAt?.toISOString() ?? null) : null,
    items: items.filter((item) => item.orderId === row.id).map(({ orderId: _orderId, ...item }) => item),
  }))
}

export function findOrder(db: Database, orderId: string) {
  return loadOrders(db, eq(orders.id, orderId), 1).then((rows) => rows[0] ?? null)
}

/** An order the caller may see: their own, or any for an admin; otherwise NOT_FOUND. */
export async function getOrderFor(db: Database, viewer: { userId: string; admin: boolean }, orderId: string) {
  const order = await findOrder(db, orderId)
  if (!order || (!viewer.admin && order.userId !== viewer.userId)) throw notFound(messages.orderNotFound)
  return order
}

export function listOrdersOf(db: Database, userId: string) {
  return loadOrders(db, eq(orders.userId, userId))
}

export const adminOrdersPageSize = 25

type OrderStatus = (typeof orders.$inferSelect)['status']

/** Every order for the admin dashboard, newest first, one page at a time (docs/product.md#orders). */
export async function listAllOrders(db: Database, opts: { page: number; status?: OrderStatus | undefined }) {
  const where = opts.status ? eq(orders.status, opts.status) : undefined
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        createdAt: orders.createdAt,
        customerName: orders.customerName,
        customerEmail: orders.customerEmail,
        totalCents: orders.totalCents,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        panels: sql<number>`coalesce(sum(${orderItems.quantity}), 0)`.mapWith(Number),
      })
      .from(orders)
      .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(where)
      .groupBy(orders.id)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(adminOrdersPageSize)
      .offset((opts.page - 1) * adminOrdersPageSize),
    db.select({ count: count() }).from(orders).where(where),
  ])
  const totalCount = total?.count ?? 0
  return {
    orders: rows.map(({ createdAt, ...row }) => ({ ...row, createdAt: createdAt.toISOString() })),
    page: opts.page,
    pageSize: adminOrdersPageSize,
    total: totalCount,
    pageCount: Math.max(1, Math.ceil(totalCount / adminOrdersPageSize)),
  }
}

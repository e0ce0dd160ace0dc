import { count, desc, eq, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { orderItems, orders } from '../db/schema/index.ts'

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

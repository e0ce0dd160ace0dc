import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { invoices, orderItems, orders, products, refunds, shipments, withdrawals } from '../../db/schema/index.ts'
import { paidOrderOf } from './refunds.ts'
import { leftToShipOf } from './shipments.ts'
import { refundable } from '../../../core/refunds.ts'
import { notFound } from '../../errors.ts'
import { displayPhone } from '../../phones.ts'
import { invoicesOfOrders } from '../invoices.ts'
import { orderTimeline } from './events.ts'
import { messages } from '../../../core/messages.ts'
import {
  allowedTransitions,
  paymentFilterStatuses,
  paymentReceived,
  statusFilterStatuses,
  type PaymentFilter,
  type StatusFilter,
} from '../../../core/order-flow.ts'
import { adminPageSize } from '../../../core/admin-lists.ts'
import { withdrawalLastMoment, type WithdrawalFilter } from '../../../core/withdrawal.ts'
import type { DeliveryMethod } from '../../../core/delivery.ts'

// What orders look like to their readers (docs/product.md#orders): the buyer's list and one order,
// and the admin's paged list. What changes an order is in transition.ts and its callers here.

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
  surchargeRateBasisPoints: orders.surchargeRateBasisPoints,
  shippingCostCents: orders.shippingCostCents,
  totalCents: orders.totalCents,
  deliveryMethod: orders.deliveryMethod,
  deliveryZone: orders.deliveryZone,
  deliveryMinDays: orders.deliveryMinDays,
  deliveryMaxDays: orders.deliveryMaxDays,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  language: orders.language,
  paymentSessionId: orders.paymentSessionId,
  paymentExpiresAt: orders.paymentExpiresAt,
  cancelledAt: orders.cancelledAt,
  cancelReason: orders.cancelReason,
  deliveredAt: orders.deliveredAt,
  createdAt: orders.createdAt,
}

const iso = (date: Date | null) => date?.toISOString() ?? null

export type OrderRecord = Awaited<ReturnType<typeof loadOrders>>[number]

async function loadOrders(db: Database, where: SQL | undefined, limit?: number) {
  const query = db.select(orderColumns).from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).$dynamic()
  const rows = await (limit === undefined ? query : query.limit(limit))
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  // The order's parts, read side by side: one query each, whatever the number of orders.
  const [invoices, items, sent, givenBack, withdrawn] = await Promise.all([
    invoicesOfOrders(db, ids),
    db
      .select({
        id: orderItems.id,
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
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.position), asc(orderItems.id)),
    db
      .select({
        id: shipments.id,
        orderId: shipments.orderId,
        carrier: shipments.carrier,
        carrierCode: shipments.carrierCode,
        tracking: shipments.tracking,
        lines: shipments.lines,
        shippedAt: shipments.shippedAt,
      })
      .from(shipments)
      .where(inArray(shipments.orderId, ids))
      .orderBy(asc(shipments.shippedAt), asc(shipments.id)),
    // Only what the provider confirmed went back: a refund still being asked for is not the buyer's news yet.
    db
      .select({ orderId: refunds.orderId, kind: refunds.kind, amountCents: refunds.amountCents, refundedAt: refunds.refundedAt })
      .from(refunds)
      .where(and(inArray(refunds.orderId, ids), isNotNull(refunds.refundedAt)))
      .orderBy(asc(refunds.refundedAt), asc(refunds.id)),
    db
      .select({ orderId: withdrawals.orderId, channel: withdrawals.channel, comment: withdrawals.comment, createdAt: withdrawals.createdAt })
      .from(withdrawals)
      .where(inArray(withdrawals.orderId, ids)),
  ])
  return rows.map(({ createdAt, paymentSessionId: _session, paymentExpiresAt, cancelledAt, deliveredAt, ...row }) => ({
    ...row,
    /** The phone as people read it (`+44 7700 900123`); `customerPhone` stays E.164 for links and forms. */
    customerPhoneDisplay: displayPhone(row.customerPhone),
    createdAt: createdAt.toISOString(),
    cancelledAt: iso(cancelledAt),
    deliveredAt: iso(deliveredAt),
    /** The buyer's withdrawal from the contract, if sent (docs/product.md#withdrawal), and until when one may be sent after delivery. */
    withdrawal: withdrawalView(withdrawn.find((withdrawal) => withdrawal.orderId === row.id)),
    withdrawalUntil: iso(withdrawalLastMoment(deliveredAt)),
    /** How it travels: one entry per shipment the shop sent (its panels by order line), oldest first. */
    shipments: sent
      .filter((shipment) => shipment.orderId === row.id)
      .map(({ orderId: _orderId, shippedAt, ...shipment }) => ({ ...shipment, shippedAt: shippedAt.toISOString() })),
    /** Money given back, oldest first: the order's payment (by the shop) or a payment that never became the order's. */
    refunds: givenBack
      .filter((refund) => refund.orderId === row.id)
      .map((refund) => ({ kind: refund.kind, amountCents: refund.amountCents, refundedAt: iso(refund.refundedAt) })),
    /** While the order waits for payment: until when it can be paid (then the expiry job cancels it). */
    payableUntil: row.status === 'pending' && row.paymentStatus !== 'paid' ? iso(paymentExpiresAt) : null,
    items: items.filter((item) => item.orderId === row.id).map(({ orderId: _orderId, ...item }) => item),
    /** The order's invoice and, after a refund, its corrective invoice (each downloadable as a PDF). */
    invoices: invoices.filter((invoice) => invoice.orderId === row.id).map(({ orderId: _orderId, ...invoice }) => invoice),
  }))
}

const withdrawalView = (row: { channel: 'account' | 'link'; comment: string | null; createdAt: Date } | undefined) =>
  row ? { channel: row.channel, comment: row.comment, at: row.createdAt.toISOString() } : null

export function findOrder(db: Database, orderId: string) {
  return loadOrders(db, eq(orders.id, orderId), 1).then((rows) => rows[0] ?? null)
}

/** The order as /payment-success shows it to its buyer, with where the confirmation went. */
export const returnedOrderView = ({ id, orderNumber, status, paymentStatus, totalCents, customerEmail }: OrderRecord) => ({
  orderId: id,
  orderNumber,
  status,
  paymentStatus,
  totalCents,
  email: customerEmail,
})

/** An order the caller may see: their own, or any for an admin; otherwise NOT_FOUND. */
export async function getOrderFor(db: Database, viewer: { userId: string; admin: boolean }, orderId: string) {
  const order = await findOrder(db, orderId)
  if (!order || (!viewer.admin && order.userId !== viewer.userId)) throw notFound(messages.orderNotFound)
  return order
}

export function listOrdersOf(db: Database, userId: string) {
  return loadOrders(db, eq(orders.userId, userId))
}

/**
 * One order for the admin's order page: the order as its buyer sees it, plus the provider's
 * payment reference, its refunds (each with its reason, panels, corrective invoice; one the
 * provider has not confirmed yet says so), what can still be refunded and shipped, its timeline, and the
 * transitions that apply now.
 */
export async function adminOrderDetail(db: Database, orderId: string, fallbackTaxRate: number) {
  const order = await findOrder(db, orderId)
  if (!order) throw notFound(messages.orderNotFound)
  const [[payment], made, found, timeline, unshipped] = await Promise.all([
    db.select({ reference: orders.paymentSessionId }).from(orders).where(eq(orders.id, orderId)),
    db
      .select({
        id: refunds.id,
        amountCents: refunds.amountCents,
        reason: refunds.reason,
        lines: refunds.lines,
        deliveryCents: refunds.deliveryCents,
        reference: refunds.providerRefundId,
        requestKey: refunds.requestKey,
        createdAt: refunds.createdAt,
        refundedAt: refunds.refundedAt,
        correctiveInvoice: invoices.number,
      })
      .from(refunds)
      .leftJoin(invoices, eq(invoices.id, refunds.correctiveInvoiceId))
      .where(and(eq(refunds.orderId, orderId), eq(refunds.kind, 'order_payment')))
      .orderBy(asc(refunds.createdAt), asc(refunds.id)),
    paidOrderOf(db, orderId, fallbackTaxRate),
    orderTimeline(db, orderId),
    leftToShipOf(db, orderId),
  ])
  return {
    ...order,
    paymentReference: payment?.reference ?? null,
    /** The admin's refunds of the order's payment, oldest first. */
    orderRefunds: made.map(({ createdAt, refundedAt, amountCents, ...refund }) => ({
      ...refund,
      amountCents: amountCents ?? 0,
      createdAt: createdAt.toISOString(),
      refundedAt: iso(refundedAt),
    })),
    /** What can still go back: money, panels per line, the delivery (null: the order was never paid). */
    refundable:
      found && paymentReceived(order.paymentStatus)
        ? { ...refundable(found.paid, found.given), taxRateBasisPoints: found.paid.taxRateBasisPoints }
        : null,
    timeline,
    /** The panels of each line still to ship (neither shipped nor refunded), for the shipment dialog. */
    leftToShip: unshipped,
    allowed: allowedTransitions(order),
  }
}

export interface AdminOrderFilters {
  page: number
  status?: StatusFilter | undefined
  paymentStatus?: PaymentFilter | undefined
  /** Home deliveries to ship, or showroom pickups to prepare. */
  delivery?: DeliveryMethod | undefined
  /** YYYY-MM-DD, whole days in Spain (Europe/Madrid), both included. */
  from?: string | undefined
  to?: string | undefined
  /** Part of the order number, the buyer's email or name, in any case. */
  search?: string | undefined
  /** Withdrawn orders: all, or those whose payment is not refunded in full yet (docs/product.md#withdrawal). */
  withdrawal?: WithdrawalFilter | undefined
}

/** The order has a withdrawal; `pending`: and its payment is not refunded in full (the admin home's tile counts the same). */
export const withdrawnFilter = (filter: WithdrawalFilter) =>
  and(
    sql`exists (select 1 from ${withdrawals} where ${withdrawals.orderId} = ${orders.id})`,
    filter === 'pending' ? inArray(orders.paymentStatus, [...paymentFilterStatuses('unrefunded')]) : undefined,
  )

/** `%` and `_` typed by the admin are searched for as themselves, not as wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The shop's days are Spain's: the midnight a day starts at in Madrid, whatever the server's time zone. */
export const madridMidnight = (day: string, addDays = 0) => sql`((${day}::date + ${addDays}::int)::timestamp at time zone 'Europe/Madrid')`

export function adminOrderFilter(opts: AdminOrderFilters): SQL | undefined {
  const search = opts.search?.trim()
  return and(
    opts.status ? inArray(orders.status, [...statusFilterStatuses(opts.status)]) : undefined,
    opts.paymentStatus ? inArray(orders.paymentStatus, [...paymentFilterStatuses(opts.paymentStatus)]) : undefined,
    opts.delivery ? eq(orders.deliveryMethod, opts.delivery) : undefined,
    opts.withdrawal ? withdrawnFilter(opts.withdrawal) : undefined,
    opts.from ? gte(orders.createdAt, madridMidnight(opts.from)) : undefined,
    opts.to ? lt(orders.createdAt, madridMidnight(opts.to, 1)) : undefined,
    search
      ? or(
          ilike(orders.orderNumber, likePattern(search)),
          ilike(orders.customerEmail, likePattern(search)),
          ilike(orders.customerName, likePattern(search)),
        )
      : undefined,
  )
}

/** Every order for the admin dashboard, newest first, one page at a time, filtered (docs/product.md#orders). */
export async function listAllOrders(db: Database, opts: AdminOrderFilters) {
  const where = adminOrderFilter(opts)
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
      .limit(adminPageSize)
      .offset((opts.page - 1) * adminPageSize),
    db.select({ count: count() }).from(orders).where(where),
  ])
  const totalCount = total?.count ?? 0
  return {
    orders: rows.map(({ createdAt, ...row }) => ({ ...row, createdAt: createdAt.toISOString() })),
    page: opts.page,
    pageSize: adminPageSize,
    total: totalCount,
    pageCount: Math.max(1, Math.ceil(totalCount / adminPageSize)),
  }
}

/**
 * What the admin home opens on (docs/product.md#owner): the day's work (home deliveries to ship,
 * pickups to prepare, payments awaited, unanswered messages, wholesale requests) and the sales of
 * today and this month, each figure what its linked list shows.
 */
import { eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { contacts, orders, refunds } from '../db/schema/index.ts'
import { madridMidnight, withdrawnFilter } from './orders/views.ts'

/** The day in Spain (YYYY-MM-DD) at `now`: the shop's days are Madrid's, whatever the server's zone. */
export function madridDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}

export async function adminSummary(db: Database, now: Date = new Date()) {
  const today = madridDay(now)
  const monthStart = `${today.slice(0, 8)}01`
  // Sales are the orders placed in the period whose payment the shop holds (not cancelled unpaid, not
  // refunded in full), each for what it kept: its total less its refunds so far.
  const sold = (from: string) =>
    sql`${orders.paymentStatus} in ('paid', 'partially_refunded') and ${orders.createdAt} >= ${madridMidnight(from)} and ${orders.createdAt} < ${madridMidnight(today, 1)}`
  const kept = sql`${orders.totalCents} - coalesce((select sum(${refunds.amountCents}) from ${refunds} where ${refunds.orderId} = ${orders.id}
    and ${refunds.kind} = 'order_payment' and ${refunds.refundedAt} is not null), 0)`
  // An order with panels still to leave (confirmed, or partially shipped) is work waiting, unless its
  // payment was given back in full (refunded before shipping); one refunded in part still ships what
  // is left (the orders list's `to_ship` and `unrefunded` filters).
  const [work] = await db
    .select({
      toShip:
        sql<number>`count(*) filter (where ${orders.status} in ('confirmed', 'partially_shipped') and ${orders.paymentStatus} in ('paid', 'partially_refunded') and ${orders.deliveryMethod} = 'home')`.mapWith(
          Number,
        ),
      pickupsToPrepare:
        sql<number>`count(*) filter (where ${orders.status} in ('confirmed', 'partially_shipped') and ${orders.paymentStatus} in ('paid', 'partially_refunded') and ${orders.deliveryMethod} = 'pickup')`.mapWith(
          Number,
        ),
      paymentsPending: sql<number>`count(*) filter (where ${orders.status} = 'pending')`.mapWith(Number),
      // Withdrawn orders still to refund (docs/product.md#withdrawal): the orders list's `withdrawal=pending`.
      withdrawalsPending: sql<number>`count(*) filter (where ${withdrawnFilter('pending')})`.mapWith(Number),
      todayCount: sql<number>`count(*) filter (where ${sold(today)})`.mapWith(Number),
      todayCents: sql<number>`coalesce(sum(${kept}) filter (where ${sold(today)}), 0)`.mapWith(Number),
      monthCount: sql<number>`count(*) filter (where ${sold(monthStart)})`.mapWith(Number),
      monthCents: sql<number>`coalesce(sum(${kept}) filter (where ${sold(monthStart)}), 0)`.mapWith(Number),
    })
    .from(orders)
    .where(inArray(orders.status, ['pending', 'confirmed', 'partially_shipped', 'shipped', 'delivered']))
  const [waiting] = await db
    .select({
      newMessages: sql<number>`count(*) filter (where ${contacts.source} = 'contact')`.mapWith(Number),
      b2bRequests: sql<number>`count(*) filter (where ${contacts.source} = 'b2b_request')`.mapWith(Number),
    })
    .from(contacts)
    .where(eq(contacts.status, 'new'))
  return {
    toShip: work?.toShip ?? 0,
    pickupsToPrepare: work?.pickupsToPrepare ?? 0,
    paymentsPending: work?.paymentsPending ?? 0,
    withdrawalsPending: work?.withdrawalsPending ?? 0,
    newMessages: waiting?.newMessages ?? 0,
    b2bRequests: waiting?.b2bRequests ?? 0,
    /** Today in Spain and the first of its month: the orders list's `from`/`to` for the sales' links. */
    today: { day: today, orders: work?.todayCount ?? 0, totalCents: work?.todayCents ?? 0 },
    month: { from: monthStart, to: today, orders: work?.monthCount ?? 0, totalCents: work?.monthCents ?? 0 },
  }
}

export type AdminSummary = Awaited<ReturnType<typeof adminSummary>>

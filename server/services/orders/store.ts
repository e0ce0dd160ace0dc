/** The orders wing's shared reads and small rules: order numbers, the payable amount, orders waiting for payment. */
import { randomInt } from 'node:crypto'
import { and, asc, eq, ne, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { orders } from '../../db/schema/index.ts'
import { AppError } from '../../errors.ts'
import type { DeliveryMethod, DeliveryZone } from '../../../core/delivery.ts'
import type { Language } from '../../../core/language.ts'
import { messages } from '../../../core/messages.ts'
import type { OrderState } from '../../../core/order-flow.ts'
import { orderTooLargeValues } from '../../../core/totals.ts'

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

/** Whether an order still waits for its payment (and may be paid, changed or cancelled). */
export const awaitsPayment = (order: OrderState) => order.status === 'pending' && order.paymentStatus !== 'paid'

export interface OrderLine {
  productId: string | null
  name: string
  quantity: number
  unitPriceCents: number
}

/** An order as checkout and payment need it: its state, its payment session and its lines. */
export interface CreatedOrder extends OrderState {
  id: string
  orderNumber: string
  totalCents: number
  /** The recargo de equivalencia in the total (0 when the buyer is not under it) and its rate: a line of its own at the payment page. */
  surchargeCents: number
  surchargeRateBasisPoints: number
  /** The delivery in the total: a line of its own at the payment page when it costs something. */
  shippingCostCents: number
  deliveryMethod: DeliveryMethod
  deliveryZone: DeliveryZone | null
  paymentSessionId: string | null
  paymentAttempts: number
  customerEmail: string
  language: Language
  lines: OrderLine[]
  created: boolean
}

/** The columns of an order's delivery that checkout and payment read back. */
export const deliveryReturned = {
  shippingCostCents: orders.shippingCostCents,
  deliveryMethod: orders.deliveryMethod,
  deliveryZone: orders.deliveryZone,
}

/** How long a payment session stays open, at Stripe (its default) and at the test provider alike. */
export const paymentSessionHours = 24

/**
 * The next payment attempt's number: attempts are numbered so that each new payment session has its
 * own idempotency key at the provider, while a double submit of the same attempt gets the same one.
 */
export const nextPaymentAttempt = (order: Pick<CreatedOrder, 'paymentAttempts'>) => order.paymentAttempts + 1

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

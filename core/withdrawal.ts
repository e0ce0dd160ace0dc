/**
 * The buyer's right to withdraw from the contract (docs/product.md#withdrawal): 14 days from delivery,
 * through the shop's online function (Directive 2023/2673), with no reason needed. One rule for the
 * page that offers the button, the server that takes the statement and the admin's order page.
 */
import type { OrderStatus, PaymentStatus } from './order-flow.ts'

/** Calendar days after delivery the buyer may withdraw, the day of delivery not counted. */
export const withdrawalDays = 14

/** How the buyer reached the function: signed in (`/orders`), or a guest through the order's signed link. */
export const withdrawalChannels = ['account', 'link'] as const
export type WithdrawalChannel = (typeof withdrawalChannels)[number]

/** The goods' states from which the buyer may withdraw: paid, and not delivered more than 14 days ago. */
const withdrawableStatuses: readonly OrderStatus[] = ['confirmed', 'partially_shipped', 'shipped', 'delivered']
const withdrawablePayments: readonly PaymentStatus[] = ['paid', 'partially_refunded']

export interface WithdrawableOrder {
  status: OrderStatus
  paymentStatus: PaymentStatus
  deliveredAt: Date | null
}

/** The offset of Spain's peninsular time from UTC at `at`, in minutes (60 in winter, 120 in summer). */
function madridOffsetMinutes(at: Date): number {
  const name = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Madrid', timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '')
  if (!match) return 0
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]))
}

/**
 * The last moment to withdraw: the end of the 14th day after delivery, in Spain's time (the day of
 * delivery does not count; the last day counts whole). Null before delivery: the period has not
 * started, and the buyer may withdraw meanwhile.
 */
export function withdrawalDeadline(deliveredAt: Date | null): Date | null {
  if (!deliveredAt) return null
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(deliveredAt)
    .split('-')
    .map(Number)
  // Midnight (Spain) that ends the 14th day after delivery.
  const midnight = Date.UTC(year ?? 0, (month ?? 1) - 1, (day ?? 1) + withdrawalDays + 1)
  return new Date(midnight - madridOffsetMinutes(new Date(midnight)) * 60_000)
}

/**
 * Whether the buyer may withdraw from the order now: paid (not all of it refunded), not cancelled,
 * and not delivered more than 14 days ago. An order already withdrawn is answered apart.
 */
export function canWithdraw(order: WithdrawableOrder, now: Date): boolean {
  if (!withdrawableStatuses.includes(order.status) || !withdrawablePayments.includes(order.paymentStatus)) return false
  const deadline = withdrawalDeadline(order.deliveredAt)
  return deadline === null || now < deadline
}

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
  // Goods made to the buyer's measure are exempt (art. 103 c) TRLGDCU): when the shop sells them,
  // their flag joins here and `withdrawalState` answers `closed` with its own reason.
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
 * The last moment one may withdraw (a millisecond before the deadline): what pages and emails show
 * as "until <date>", which is then the 14th day itself, not the day after it.
 */
export function withdrawalLastMoment(deliveredAt: Date | null): Date | null {
  const deadline = withdrawalDeadline(deliveredAt)
  return deadline ? new Date(deadline.getTime() - 1) : null
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

/** Why the buyer cannot withdraw from an order (an order already withdrawn is answered apart). */
export const withdrawalClosedReasons = ['unpaid', 'cancelled', 'refunded', 'expired'] as const
export type WithdrawalClosedReason = (typeof withdrawalClosedReasons)[number]

/**
 * Where an order stands for its buyer's withdrawal at `now`: open (until the deadline, or with no
 * deadline yet before delivery), already withdrawn (when), or closed and why.
 */
export type WithdrawalState =
  { state: 'open'; until: Date | null } | { state: 'withdrawn'; at: Date } | { state: 'closed'; reason: WithdrawalClosedReason }

export function withdrawalState(order: WithdrawableOrder, withdrawnAt: Date | null, now: Date): WithdrawalState {
  if (withdrawnAt) return { state: 'withdrawn', at: withdrawnAt }
  if (canWithdraw(order, now)) return { state: 'open', until: withdrawalDeadline(order.deliveredAt) }
  if (order.status === 'cancelled') return { state: 'closed', reason: 'cancelled' }
  if (order.paymentStatus === 'refunded') return { state: 'closed', reason: 'refunded' }
  if (!withdrawablePayments.includes(order.paymentStatus) || !withdrawableStatuses.includes(order.status))
    return { state: 'closed', reason: 'unpaid' }
  return { state: 'closed', reason: 'expired' }
}

/**
 * The admin's orders filter (docs/product.md#withdrawal): `pending`, withdrawn orders whose payment
 * is not refunded in full (the admin home's "Desistimientos por resolver"); `all`, every withdrawn order.
 */
export const withdrawalFilters = ['pending', 'all'] as const
export type WithdrawalFilter = (typeof withdrawalFilters)[number]

/** A guest's withdrawal link's token: the order's id, a dot, its signature (base64url of HMAC-SHA-256). */
export const withdrawalTokenPattern = /^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/

/**
 * A guest's link to their order (docs/product.md#orders): `/order/<order id>.<expiry>.<signature>`,
 * sent in the order's emails, opens the order read-only for 30 days from the email. Signed like the
 * withdrawal and payment links (HMAC-SHA-256), with a key of its own derived from the payment links'
 * key, so no other link's signature is ever one of these (and the signed text differs too).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { AppLogger } from '../../logger.ts'
import { notFound } from '../../errors.ts'
import type { OrdersContext } from './context.ts'
import { withPaymentsChecked } from './payments.ts'
import { findOrder } from './views.ts'
import { withdrawalToken } from './withdrawals.ts'
import { localizedUrl } from '../../../core/language-urls.ts'
import type { Language } from '../../../core/language.ts'
import { messages } from '../../../core/messages.ts'
import { canWithdraw } from '../../../core/withdrawal.ts'

/** How long an emailed order link opens the order. */
export const orderLinkDays = 30

export const orderLinkKey = (paymentLinkKey: Buffer) => createHmac('sha256', paymentLinkKey).update('order-links').digest()

const signature = (key: Buffer, orderId: string, expires: number) =>
  createHmac('sha256', key).update(`order:${orderId}:${expires}`).digest('base64url')

/** The token of a link to the order that works until `until`. */
export function orderLinkToken(paymentLinkKey: Buffer, orderId: string, until: Date): string {
  const expires = Math.floor(until.getTime() / 1000)
  return `${orderId}.${expires}.${signature(orderLinkKey(paymentLinkKey), orderId, expires)}`
}

export const orderLinkTokenPattern = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/

/** The order a token names, when its signature holds and it has not expired at `now`; null for anything else. */
export function readOrderLinkToken(paymentLinkKey: Buffer, token: string, now = new Date()): string | null {
  const match = orderLinkTokenPattern.exec(token)
  if (!match) return null
  const [, orderId = '', expires = '', given = ''] = match
  const expected = Buffer.from(signature(orderLinkKey(paymentLinkKey), orderId, Number(expires)))
  const received = Buffer.from(given)
  if (expected.length !== received.length || !timingSafeEqual(expected, received)) return null
  return Number(expires) * 1000 > now.getTime() ? orderId : null
}

/**
 * Where an order's email sends its reader to see the order: `/orders` for an account's order (its
 * buyer signs in), the signed read-only page for a guest's, valid 30 days from `now`.
 */
export function orderPageFor(
  ctx: Pick<OrdersContext, 'publicUrl' | 'paymentLinkKey'>,
  order: { id: string; userId: string | null; language: Language },
  now = new Date(),
): { url: string; guest: boolean } {
  if (order.userId) return { url: localizedUrl(ctx.publicUrl, '/orders', order.language), guest: false }
  const until = new Date(now.getTime() + orderLinkDays * 86_400_000)
  return { url: localizedUrl(ctx.publicUrl, `/order/${orderLinkToken(ctx.paymentLinkKey, order.id, until)}`, order.language), guest: true }
}

/**
 * What the guest's order page shows (orders.byLink): the order read-only, with no contact details
 * (a forwarded email shows no more than the order): number, date, states, lines, delivery, totals,
 * shipments and when it was delivered; while one may withdraw, the withdrawal link's token. A
 * pending order's payment is asked of the provider first (docs/product.md#orders). A token that
 * does not verify, has expired, or names no order answers NOT_FOUND.
 */
export async function orderLinkPage(ctx: OrdersContext, token: string, log: AppLogger, now = new Date()) {
  const orderId = readOrderLinkToken(ctx.paymentLinkKey, token, now)
  const [order] = orderId ? await withPaymentsChecked(ctx, async () => [await findOrder(ctx.db, orderId)].filter((found) => found !== null), log) : []
  if (!order) throw notFound(messages.orderLinkInvalid)
  const withdrawable = !order.withdrawal && canWithdraw({ ...order, deliveredAt: order.deliveredAt ? new Date(order.deliveredAt) : null }, now)
  return {
    orderNumber: order.orderNumber,
    createdAt: order.createdAt,
    status: order.status,
    paymentStatus: order.paymentStatus,
    confirmingPayment: order.confirmingPayment,
    cancelReason: order.cancelReason,
    items: order.items.map(({ id, nameEs, nameEn, slug, quantity, unitPriceCents, subtotalCents }) => ({
      id,
      nameEs,
      nameEn,
      slug,
      quantity,
      unitPriceCents,
      subtotalCents,
    })),
    taxCents: order.taxCents,
    surchargeRateBasisPoints: order.surchargeRateBasisPoints,
    shippingCostCents: order.shippingCostCents,
    totalCents: order.totalCents,
    deliveryMethod: order.deliveryMethod,
    deliveryZone: order.deliveryZone,
    deliveryMinDays: order.deliveryMinDays,
    deliveryMaxDays: order.deliveryMaxDays,
    shipments: order.shipments,
    deliveredAt: order.deliveredAt,
    withdrawnAt: order.withdrawal?.at ?? null,
    withdrawalToken: withdrawable ? withdrawalToken(ctx.paymentLinkKey, order.id) : null,
  }
}

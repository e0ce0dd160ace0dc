/**
 * Payment links (docs/product.md#phone-orders): a signed shop URL, `/pay/<order id>.<expiry>.<signature>`, that
 * opens the order's payment page at the provider on each click (its open session, or a fresh one:
 * a provider session lives 24 h at most, the link as long as the order can be paid). The signature
 * (HMAC-SHA-256 with a key derived from the auth secret) makes the link unguessable and its
 * expiry unforgeable; the order's own state decides the rest (paid, cancelled, lapsed).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { OrdersContext } from './context.ts'
import { localizedUrl } from '../../../core/language-urls.ts'
import type { Language } from '../../../core/language.ts'

/** The key payment links are signed with, derived from the app's secret (never the secret itself). */
export const paymentLinkKey = (authSecret: string) => createHmac('sha256', authSecret).update('payment-links').digest()

const signature = (key: Buffer, orderId: string, expires: number) => createHmac('sha256', key).update(`pay:${orderId}:${expires}`).digest('base64url')

/** The link's token for an order payable until `until`. */
export function paymentLinkToken(key: Buffer, orderId: string, until: Date): string {
  const expires = Math.floor(until.getTime() / 1000)
  return `${orderId}.${expires}.${signature(key, orderId, expires)}`
}

const tokenPattern = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/

/** The order and expiry a token names, when its signature holds; null for anything else. */
export function readPaymentLinkToken(key: Buffer, token: string): { orderId: string; expiresAt: Date } | null {
  const match = tokenPattern.exec(token)
  if (!match) return null
  const [, orderId = '', expires = '', given = ''] = match
  const expected = Buffer.from(signature(key, orderId, Number(expires)))
  const received = Buffer.from(given)
  if (expected.length !== received.length || !timingSafeEqual(expected, received)) return null
  return { orderId, expiresAt: new Date(Number(expires) * 1000) }
}

/** The order's payment link, in its language, and until when it can be paid. */
export function paymentLinkFor(ctx: Pick<OrdersContext, 'publicUrl' | 'paymentLinkKey'>, order: { id: string; language: Language; until: Date }) {
  const token = paymentLinkToken(ctx.paymentLinkKey, order.id, order.until)
  return { paymentUrl: localizedUrl(ctx.publicUrl, `/pay/${token}`, order.language), payableUntil: order.until.toISOString() }
}

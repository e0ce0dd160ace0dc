import type { Language } from '../../../core/language.ts'

/** What the shop asks a payment provider for: one hosted card payment for one order. */
export interface CheckoutSessionRequest {
  orderId: string
  orderNumber: string
  /** Which payment attempt of the order this is (1, 2, …): the provider's idempotency key per attempt. */
  attempt: number
  /** docs/product.md#checkout: round(total × 100), integer euro cents. Equals the sum of the lines. */
  amountCents: number
  currency: 'eur'
  customerEmail: string
  language: Language
  lines: ReadonlyArray<{ name: string; quantity: number; unitPriceCents: number }>
  /** Absolute URL containing the literal `{CHECKOUT_SESSION_ID}` placeholder. */
  successUrl: string
  cancelUrl: string
}

export interface CheckoutSession {
  id: string
  url: string
}

/** A provider's view of a session, as the shop needs it to decide whether an order is paid. */
export interface SessionState {
  id: string
  orderId: string | null
  paid: boolean
  status: 'open' | 'complete' | 'expired'
  /** Where the shopper pays, while the session is open. */
  url: string | null
  /** What the session charges, in the currency's minor unit; checked against the order's total. */
  amountCents: number | null
  /** Lower-case ISO code, e.g. `eur`. */
  currency: string | null
}

/** A verified notification from the provider (Stripe's webhook events). */
export interface PaymentEvent {
  id: string
  type: string
  session: SessionState | null
}

export interface PaymentProvider {
  readonly name: 'stripe' | 'test'
  createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession>
  /** The session as the provider knows it; null when it does not exist. */
  retrieveSession(sessionId: string): Promise<SessionState | null>
  /**
   * Closes an open session so it can no longer be paid, before its order is changed or cancelled.
   * Returns the session as it ends up: `expired`, or `complete` (and maybe `paid`) when the shopper
   * paid first; null when the provider does not know it.
   */
  expireSession(sessionId: string): Promise<SessionState | null>
  /**
   * Gives back `amountCents` of a paid session's payment (null: all that is left of it), once per
   * `key` however often it is asked; the provider's refund id. Throws when the payment has not that
   * much left.
   */
  refund(request: RefundRequest): Promise<{ refundId: string }>
}

/** A refund asked of the provider: the shop's key for it is its idempotency key. */
export interface RefundRequest {
  sessionId: string
  amountCents: number | null
  key: string
}

/** Thrown when a webhook's signature does not verify: the request is answered 400 and ignored. */
export class InvalidSignatureError extends Error {
  override name = 'InvalidSignatureError'
}

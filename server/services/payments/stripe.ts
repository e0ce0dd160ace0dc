import Stripe from 'stripe'
import { totals } from '../../../core/totals.ts'
import {
  InvalidSignatureError,
  type CheckoutSession,
  type CheckoutSessionRequest,
  type PaymentEvent,
  type PaymentProvider,
  type RefundRequest,
  type SessionState,
} from './provider.ts'

export interface StripeProviderOptions {
  secretKey: string
  webhookSecret: string
  /** Extra SDK options; tests point the SDK at a local fake (host, port, protocol, retries, telemetry). */
  stripeClientOptions?: Stripe.StripeConfig
}

export type StripePaymentProvider = PaymentProvider & {
  /**
   * Verifies a webhook delivery against the endpoint secret and maps it to a PaymentEvent.
   * `rawBody` must be the exact bytes Stripe sent (not re-serialised JSON).
   * Throws InvalidSignatureError when the header is missing or the signature does not verify.
   */
  parseWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): PaymentEvent
}

/** Checkout Session events whose object is a session the shop cares about. */
const sessionEventTypes = new Set<string>([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
])

/**
 * One session per payment attempt of an order: a retried create (network error, double submit)
 * replays the first answer, and a new attempt (the old session expired, the order changed) gets a
 * new session.
 */
export function checkoutIdempotencyKey(orderId: string, attempt: number): string {
  return `checkout-session:${orderId}:${attempt}`
}

export function sessionToState(session: Stripe.Checkout.Session): SessionState {
  const status: SessionState['status'] = session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open'
  return {
    id: session.id,
    orderId: session.metadata?.order_id ?? session.client_reference_id ?? null,
    paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
    status,
    amountCents: session.amount_total,
    currency: session.currency?.toLowerCase() ?? null,
    url: status === 'open' ? session.url : null,
  }
}

function assertLinesMatchAmount(request: CheckoutSessionRequest): void {
  if (request.lines.length === 0) throw new Error('A checkout session needs at least one line')
  for (const line of request.lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
      throw new Error(`Invalid quantity ${line.quantity} for "${line.name}"`)
    }
    if (!Number.isSafeInteger(line.unitPriceCents) || line.unitPriceCents < 0) {
      throw new Error(`Invalid unit price ${line.unitPriceCents} cents for "${line.name}"`)
    }
  }
  const sum = totals(request.lines).subtotalCents
  if (!Number.isSafeInteger(request.amountCents) || sum !== request.amountCents) {
    throw new Error(`Checkout lines add up to ${sum} cents but the order total is ${request.amountCents} cents`)
  }
}

function isMissingResource(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && (error.statusCode === 404 || error.code === 'resource_missing')
}

export function createStripeProvider(opts: StripeProviderOptions): StripePaymentProvider {
  const stripe = new Stripe(opts.secretKey, { ...opts.stripeClientOptions })
  const webhookSecret = opts.webhookSecret

  async function retrieveSession(sessionId: string): Promise<SessionState | null> {
    try {
      return sessionToState(await stripe.checkout.sessions.retrieve(sessionId))
    } catch (error) {
      if (isMissingResource(error)) return null
      throw error
    }
  }

  return {
    name: 'stripe',

    async createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession> {
      assertLinesMatchAmount(request)
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: request.lines.map((line) => ({
            price_data: {
              currency: request.currency,
              unit_amount: line.unitPriceCents,
              product_data: { name: line.name },
            },
            quantity: line.quantity,
          })),
          metadata: { order_id: request.orderId, order_number: request.orderNumber },
          client_reference_id: request.orderId,
          customer_email: request.customerEmail,
          locale: request.language,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: checkoutIdempotencyKey(request.orderId, request.attempt) },
      )
      if (!session.url) throw new Error('No checkout URL received')
      return { id: session.id, url: session.url }
    },

    retrieveSession,

    async expireSession(sessionId: string): Promise<SessionState | null> {
      try {
        return sessionToState(await stripe.checkout.sessions.expire(sessionId))
      } catch (error) {
        if (isMissingResource(error)) return null
        // Only open sessions can be expired: one that completed meanwhile says so when retrieved.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          const session = await retrieveSession(sessionId)
          if (session && session.status !== 'open') return session
        }
        throw error
      }
    },

    async refund({ sessionId, amountCents, key }: RefundRequest): Promise<{ refundId: string }> {
      const session = await stripe.checkout.sessions.retrieve(sessionId)
      const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id
      if (!paymentIntent) throw new Error(`Checkout Session ${sessionId} has no payment to refund`)
      // Stripe keeps an idempotency key 24 hours: a refund that went through while the shop failed to
      // record it is found by the key it carries, so a later retry never gives back twice.
      const earlier = await stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 })
      const made = earlier.data.find((refund) => refund.metadata?.['refund_key'] === key)
      if (made) return { refundId: made.id }
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            ...(amountCents === null ? {} : { amount: amountCents }),
            reason: 'requested_by_customer',
            metadata: { checkout_session: sessionId, refund_key: key },
          },
          { idempotencyKey: key },
        )
        return { refundId: refund.id }
      } catch (error) {
        // The payment is already refunded in full at Stripe (from its dashboard, or before refunds
        // carried their key): what the shop asks for is back already, and that refund is the answer.
        if (!(error instanceof Stripe.errors.StripeError) || error.code !== 'charge_already_refunded') throw error
        const refund = earlier.data[0]
        if (!refund) throw error
        return { refundId: refund.id }
      }
    },

    parseWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): PaymentEvent {
      if (!signatureHeader) throw new InvalidSignatureError('Missing Stripe-Signature header')
      let event: Stripe.Event
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, webhookSecret)
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        throw new InvalidSignatureError(`Webhook signature verification failed: ${message}`, {
          cause: error,
        })
      }
      const session = sessionEventTypes.has(event.type) && isCheckoutSession(event.data.object) ? sessionToState(event.data.object) : null
      return { id: event.id, type: event.type, session }
    },
  }
}

function isCheckoutSession(value: unknown): value is Stripe.Checkout.Session {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { object?: unknown }).object === 'checkout.session' &&
    typeof (value as { id?: unknown }).id === 'string'
  )
}

import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fakeStripeClientOptions, signedWebhook, startFakeStripe, type FakeStripe } from '../../../tests/helpers/fake-stripe.ts'
import { InvalidSignatureError, type CheckoutSessionRequest } from './provider.ts'
import { createStripeProvider, type StripePaymentProvider } from './stripe.ts'

const secretKey = 'sk_test_fake_0123456789'
const webhookSecret = 'whsec_test_secret_0123456789'

let fake: FakeStripe
let provider: StripePaymentProvider

beforeAll(async () => {
  fake = await startFakeStripe()
  provider = createStripeProvider({
    secretKey,
    webhookSecret,
    stripeClientOptions: fakeStripeClientOptions(fake.port),
  })
})

afterAll(async () => {
  await fake?.close()
})

let orderSeq = 0
function request(overrides: Partial<CheckoutSessionRequest> = {}): CheckoutSessionRequest {
  orderSeq++
  return {
    orderId: `00000000-0000-4000-8000-${String(orderSeq).padStart(12, '0')}`,
    orderNumber: `ORD-1700000000000ABCDEFGH${orderSeq}`,
    attempt: 1,
    amountCents: 2 * 1299 + 1 * 4550,
    currency: 'eur',
    customerEmail: 'ana@example.com',
    language: 'es',
    lines: [
      { name: 'Panel PVC Mármol Blanco', quantity: 2, unitPriceCents: 1299 },
      { name: 'Perfil de remate', quantity: 1, unitPriceCents: 4550 },
    ],
    successUrl: 'http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://localhost:3000/checkout?cancelled=1',
    ...overrides,
  }
}

function sessionRequests(): FakeStripe['requests'] {
  return fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')
}

describe('createCheckoutSession', () => {
  it('sends a payment-mode Checkout Session with every line, the order and the shopper', async () => {
    const req = request({ language: 'en', customerEmail: 'bob@example.com' })
    const before = sessionRequests().length
    const session = await provider.createCheckoutSession(req)

    expect(session.id).toMatch(/^cs_test_/)
    expect(session.url).toBe(`https://checkout.stripe.test/c/pay/${session.id}`)

    const sent = sessionRequests()
    expect(sent).toHaveLength(before + 1)
    const last = sent.at(-1)
    if (!last) throw new Error('no request recorded')
    const { body, headers } = last

    expect(headers.authorization).toBe(`Bearer ${secretKey}`)
    expect(headers['idempotency-key']).toEqual(expect.stringContaining(req.orderId))
    expect(body.mode).toBe('payment')
    expect(body['line_items[0][price_data][currency]']).toBe('eur')
    expect(body['line_items[0][price_data][unit_amount]']).toBe('1299')
    expect(body['line_items[0][price_data][product_data][name]']).toBe('Panel PVC Mármol Blanco')
    expect(body['line_items[0][quantity]']).toBe('2')
    expect(body['line_items[1][price_data][currency]']).toBe('eur')
    expect(body['line_items[1][price_data][unit_amount]']).toBe('4550')
    expect(body['line_items[1][price_data][product_data][name]']).toBe('Perfil de remate')
    expect(body['line_items[1][quantity]']).toBe('1')
    expect(body['line_items[2][quantity]']).toBeUndefined()
    expect(body['metadata[order_id]']).toBe(req.orderId)
    expect(body['metadata[order_number]']).toBe(req.orderNumber)
    expect(body.client_reference_id).toBe(req.orderId)
    expect(body.customer_email).toBe('bob@example.com')
    expect(body.locale).toBe('en')
    expect(body.success_url).toBe('http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}')
    expect(body.cancel_url).toBe('http://localhost:3000/checkout?cancelled=1')

    const stored = fake.sessions.get(session.id)
    expect(stored?.amount_total).toBe(req.amountCents)
    expect(stored?.currency).toBe('eur')
  })

  it('passes the Spanish locale for Spanish shoppers', async () => {
    await provider.createCheckoutSession(request({ language: 'es' }))
    expect(sessionRequests().at(-1)?.body.locale).toBe('es')
  })

  it('refuses lines that do not add up to the amount, before any request', async () => {
    const before = fake.requests.length
    await expect(provider.createCheckoutSession(request({ amountCents: 100 }))).rejects.toThrow(/add up/)
    await expect(
      provider.createCheckoutSession(request({ lines: [{ name: 'x', quantity: 0, unitPriceCents: 100 }], amountCents: 0 })),
    ).rejects.toThrow(/quantity/i)
    await expect(provider.createCheckoutSession(request({ lines: [], amountCents: 0 }))).rejects.toThrow(/line/)
    expect(fake.requests.length).toBe(before)
  })

  it('creates one session per order: a retried create returns the same session', async () => {
    const req = request()
    const first = await provider.createCheckoutSession(req)
    const second = await provider.createCheckoutSession(req)
    expect(second).toEqual(first)
    const forOrder = [...fake.sessions.values()].filter((s) => s.metadata.order_id === req.orderId)
    expect(forOrder).toHaveLength(1)

    const other = await provider.createCheckoutSession(request())
    expect(other.id).not.toBe(first.id)
  })
})

describe('retrieveSession', () => {
  it('maps an open unpaid session, then paid after payment', async () => {
    const req = request()
    const { id } = await provider.createCheckoutSession(req)

    expect(await provider.retrieveSession(id)).toEqual({
      id,
      orderId: req.orderId,
      paid: false,
      status: 'open',
      amountCents: req.amountCents,
      currency: 'eur',
      url: fake.sessions.get(id)!.url,
    })

    fake.markPaid(id)
    expect(await provider.retrieveSession(id)).toEqual({
      id,
      orderId: req.orderId,
      paid: true,
      status: 'complete',
      amountCents: req.amountCents,
      currency: 'eur',
      url: null,
    })
    const retrieval = fake.requests.at(-1)
    expect(retrieval?.method).toBe('GET')
    expect(retrieval?.path).toBe(`/v1/checkout/sessions/${id}`)
    expect(retrieval?.headers.authorization).toBe(`Bearer ${secretKey}`)
  })

  it('maps an expired session', async () => {
    const req = request()
    const { id } = await provider.createCheckoutSession(req)
    fake.expire(id)
    expect(await provider.retrieveSession(id)).toEqual({
      id,
      orderId: req.orderId,
      paid: false,
      status: 'expired',
      amountCents: req.amountCents,
      currency: 'eur',
      url: null,
    })
  })

  it('expires an open session, and reports a paid one as it is instead of expiring it', async () => {
    const open = await provider.createCheckoutSession(request())
    expect(await provider.expireSession(open.id)).toMatchObject({ id: open.id, status: 'expired', paid: false, url: null })
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/checkout/sessions/${open.id}/expire` })
    const paid = await provider.createCheckoutSession(request())
    fake.markPaid(paid.id)
    expect(await provider.expireSession(paid.id)).toMatchObject({ id: paid.id, status: 'complete', paid: true })
    expect(fake.sessions.get(paid.id)?.status).toBe('complete')
    expect(await provider.expireSession('cs_test_does_not_exist')).toBeNull()
  })

  it('refunds a paid session once, however often it is asked', async () => {
    const req = request()
    const { id } = await provider.createCheckoutSession(req)
    const key = `refund:${id}`
    await expect(provider.refund({ sessionId: id, amountCents: null, key })).rejects.toThrow(/no payment to refund/)
    fake.markPaid(id)
    const first = await provider.refund({ sessionId: id, amountCents: null, key })
    const again = await provider.refund({ sessionId: id, amountCents: null, key })
    expect(again.refundId).toBe(first.refundId)
    expect(fake.refunds.filter((refund) => refund.payment_intent === fake.sessions.get(id)!.payment_intent)).toEqual([
      expect.objectContaining({
        id: first.refundId,
        amount: req.amountCents,
        payment_intent: fake.sessions.get(id)!.payment_intent,
        metadata: expect.objectContaining({ refund_key: key }),
      }),
    ])
    const created = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds').at(-1)
    expect(created?.headers['idempotency-key']).toBe(key)
    expect(created?.body.amount).toBeUndefined()
  })

  it('refunds in parts: once per key, never more than is left', async () => {
    const req = request()
    const { id } = await provider.createCheckoutSession(req)
    fake.markPaid(id)
    const paymentIntent = fake.sessions.get(id)!.payment_intent
    const first = await provider.refund({ sessionId: id, amountCents: 300, key: 'refund:part-1' })
    const second = await provider.refund({ sessionId: id, amountCents: 200, key: 'refund:part-2' })
    expect(second.refundId).not.toBe(first.refundId)
    expect(await provider.refund({ sessionId: id, amountCents: 300, key: 'refund:part-1' })).toEqual(first)
    expect(await provider.refund({ sessionId: id, amountCents: 200, key: 'refund:part-2' })).toEqual(second)
    const forPayment = () => fake.refunds.filter((refund) => refund.payment_intent === paymentIntent)
    expect(forPayment().map((refund) => [refund.id, refund.amount])).toEqual([
      [first.refundId, 300],
      [second.refundId, 200],
    ])
    const left = req.amountCents - 500
    await expect(provider.refund({ sessionId: id, amountCents: left + 1, key: 'refund:part-3' })).rejects.toMatchObject({
      code: 'amount_too_large',
    })
    expect(forPayment()).toHaveLength(2)
    const rest = await provider.refund({ sessionId: id, amountCents: null, key: 'refund:part-4' })
    expect(forPayment().map((refund) => [refund.id, refund.amount])).toEqual([
      [first.refundId, 300],
      [second.refundId, 200],
      [rest.refundId, left],
    ])
  })

  it('answers a refund retried after Stripe forgot its idempotency key with the refund already made', async () => {
    const { id } = await provider.createCheckoutSession(request())
    fake.markPaid(id)
    const first = await provider.refund({ sessionId: id, amountCents: null, key: `refund:${id}` })
    fake.forgetIdempotencyKeys()
    expect(await provider.refund({ sessionId: id, amountCents: null, key: `refund:${id}` })).toEqual(first)
    expect(fake.refunds.filter((refund) => refund.payment_intent === fake.sessions.get(id)!.payment_intent)).toHaveLength(1)
  })

  it('finds a partial refund by its key after Stripe forgot the idempotency key, and still refunds under a new key', async () => {
    const req = request()
    const { id } = await provider.createCheckoutSession(req)
    fake.markPaid(id)
    const paymentIntent = fake.sessions.get(id)!.payment_intent
    const first = await provider.refund({ sessionId: id, amountCents: 300, key: 'refund:forgotten-1' })
    fake.forgetIdempotencyKeys()
    expect(await provider.refund({ sessionId: id, amountCents: 300, key: 'refund:forgotten-1' })).toEqual(first)
    expect(fake.refunds.filter((refund) => refund.payment_intent === paymentIntent)).toHaveLength(1)
    const other = await provider.refund({ sessionId: id, amountCents: 300, key: 'refund:forgotten-2' })
    expect(other.refundId).not.toBe(first.refundId)
    expect(fake.refunds.filter((refund) => refund.payment_intent === paymentIntent).map((refund) => refund.amount)).toEqual([300, 300])
  })

  it('returns null for a session Stripe does not know', async () => {
    expect(await provider.retrieveSession('cs_test_does_not_exist')).toBeNull()
  })

  it('propagates other Stripe errors', async () => {
    const wrongKey = createStripeProvider({
      secretKey: 'not-a-key',
      webhookSecret,
      stripeClientOptions: fakeStripeClientOptions(fake.port),
    })
    await expect(wrongKey.retrieveSession('cs_test_whatever')).rejects.toMatchObject({ statusCode: 401 })
  })
})

describe('fake Stripe', () => {
  it('rejects what Stripe would reject: missing mode, success_url or line_items', async () => {
    const stripe = new Stripe(secretKey, fakeStripeClientOptions(fake.port))
    const base = { mode: 'payment', success_url: 'http://localhost:3000/ok' } as const
    await expect(stripe.checkout.sessions.create({ success_url: base.success_url })).rejects.toMatchObject({
      statusCode: 400,
      code: 'parameter_missing',
      param: 'mode',
    })
    await expect(stripe.checkout.sessions.create(base)).rejects.toMatchObject({ statusCode: 400, param: 'line_items' })
    await expect(
      stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ price_data: { currency: 'eur', unit_amount: 100, product_data: { name: 'x' } }, quantity: 1 }],
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'success_url' })
  })
})

describe('parseWebhook', () => {
  function sessionEvent(type: string, session: Record<string, unknown>, id = 'evt_test_1'): object {
    return {
      id,
      object: 'event',
      type,
      api_version: '2026-01-28',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: session },
    }
  }

  const completedSession = {
    id: 'cs_test_webhook_1',
    object: 'checkout.session',
    status: 'complete',
    payment_status: 'paid',
    metadata: { order_id: 'order-123', order_number: 'ORD-1' },
    client_reference_id: 'order-123',
    amount_total: 4200,
    currency: 'eur',
  }

  it('parses a correctly signed checkout.session.completed into a paid session', () => {
    const { body, signature } = signedWebhook(sessionEvent('checkout.session.completed', completedSession), webhookSecret)
    const event = provider.parseWebhook(body, signature)
    expect(event).toEqual({
      id: 'evt_test_1',
      type: 'checkout.session.completed',
      session: { id: 'cs_test_webhook_1', orderId: 'order-123', paid: true, status: 'complete', amountCents: 4200, currency: 'eur', url: null },
    })
  })

  it('accepts the raw body as a Buffer', () => {
    const { body, signature } = signedWebhook(sessionEvent('checkout.session.completed', completedSession), webhookSecret)
    expect(provider.parseWebhook(Buffer.from(body, 'utf8'), signature).session?.paid).toBe(true)
  })

  it('maps async payment and expiry events; completed-but-unpaid is not paid', () => {
    const unpaid = { ...completedSession, payment_status: 'unpaid', metadata: {}, client_reference_id: 'order-9' }
    const cases = [
      ['checkout.session.completed', unpaid, { paid: false, status: 'complete', orderId: 'order-9' }],
      ['checkout.session.async_payment_succeeded', completedSession, { paid: true, status: 'complete', orderId: 'order-123' }],
      [
        'checkout.session.async_payment_failed',
        { ...completedSession, payment_status: 'unpaid' },
        { paid: false, status: 'complete', orderId: 'order-123' },
      ],
      [
        'checkout.session.expired',
        { ...completedSession, status: 'expired', payment_status: 'unpaid' },
        { paid: false, status: 'expired', orderId: 'order-123' },
      ],
    ] as const
    for (const [type, session, expected] of cases) {
      const { body, signature } = signedWebhook(sessionEvent(type, session), webhookSecret)
      expect(provider.parseWebhook(body, signature)).toEqual({
        id: 'evt_test_1',
        type,
        session: { id: 'cs_test_webhook_1', amountCents: 4200, currency: 'eur', url: null, ...expected },
      })
    }
  })

  it('rejects a signature made with another secret', () => {
    const { body, signature } = signedWebhook(sessionEvent('checkout.session.completed', completedSession), 'whsec_someone_else')
    expect(() => provider.parseWebhook(body, signature)).toThrow(InvalidSignatureError)
  })

  it('rejects a tampered body', () => {
    const { body, signature } = signedWebhook(sessionEvent('checkout.session.completed', completedSession), webhookSecret)
    const tampered = body.replace('order-123', 'order-666')
    expect(tampered).not.toBe(body)
    expect(() => provider.parseWebhook(tampered, signature)).toThrow(InvalidSignatureError)
  })

  it('rejects a missing or malformed signature header', () => {
    const { body } = signedWebhook(sessionEvent('checkout.session.completed', completedSession), webhookSecret)
    expect(() => provider.parseWebhook(body, undefined)).toThrow(InvalidSignatureError)
    expect(() => provider.parseWebhook(body, '')).toThrow(InvalidSignatureError)
    expect(() => provider.parseWebhook(body, 'garbage')).toThrow(InvalidSignatureError)
  })

  it('gives no session for unrelated event types', () => {
    const payload = sessionEvent('payment_intent.succeeded', { id: 'pi_test_1', object: 'payment_intent', status: 'succeeded' }, 'evt_test_2')
    const { body, signature } = signedWebhook(payload, webhookSecret)
    expect(provider.parseWebhook(body, signature)).toEqual({ id: 'evt_test_2', type: 'payment_intent.succeeded', session: null })
  })
})

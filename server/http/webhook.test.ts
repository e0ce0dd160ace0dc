import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, paymentEvents, refunds } from '../db/schema/index.ts'
import { seedProducts } from '../db/seed-data.ts'
import { createStripeProvider } from '../services/payments/stripe.ts'
import { createTestApp, testPublicUrl, type TestApp } from '../../tests/helpers/app.ts'
import { httpShopper } from '../../tests/helpers/http-shopper.ts'
import { fakeStripeClientOptions, signedWebhook, startFakeStripe, type FakeStripe } from '../../tests/helpers/fake-stripe.ts'

// The same checkout code path with Stripe configured: the real SDK talks to a local fake of the
// Stripe API, and webhooks are signed with the SDK's own test helper (docs/product.md#checkout).
const webhookSecret = 'whsec_test_secret'
let fake: FakeStripe
let t: TestApp
let productId: string
const product = seedProducts[0]!

beforeAll(async () => {
  fake = await startFakeStripe()
  t = await createTestApp({
    stripe: createStripeProvider({ secretKey: 'sk_test_shop', webhookSecret, stripeClientOptions: fakeStripeClientOptions(fake.port) }),
  })
  const res = await t.app.inject({ method: 'GET', url: '/trpc/catalog.products' })
  productId = res.json<{ result: { data: Array<{ slug: string; id: string }> } }>().result.data.find((p) => p.slug === product.slug)!.id
})
afterAll(async () => {
  await t.app.close()
  await fake.close()
})

const shipping = {
  full_name: 'Jordi Puig',
  email: 'jordi@example.com',
  phone: '600111222',
  address_line1: 'Carrer Major 1',
  address_line2: '',
  city: 'Elche',
  state: '',
  postal_code: '03201',
  country: 'España',
}

/** A shopper's browser: cookies kept, same-origin requests, English. */
const browser = () => httpShopper(t.app, { language: 'en' })

async function checkoutWithStripe(quantity = 2) {
  const shopper = browser()
  await shopper.mutation('cart.add', { productId, quantity })
  const created = await shopper.mutation<{ orderId: string; orderNumber: string; paymentUrl: string }>('checkout.create', {
    shipping,
    checkoutKey: randomUUID(),
  })
  expect(created.status).toBe(200)
  return { shopper, ...created.data! }
}

const deliver = (payload: object, secret = webhookSecret) => {
  const { body, signature } = signedWebhook(payload, secret)
  return t.app.inject({
    method: 'POST',
    url: '/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  })
}

const event = (type: string, sessionId: string) => ({
  id: `evt_${randomUUID()}`,
  object: 'event',
  type,
  api_version: '2025-01-01',
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  data: { object: fake.sessions.get(sessionId) },
})

const orderRow = async (id: string) =>
  (
    await t.database.db
      .select({ status: orders.status, paymentStatus: orders.paymentStatus, session: orders.paymentSessionId })
      .from(orders)
      .where(eq(orders.id, id))
  )[0]!

describe('checkout with Stripe', () => {
  it('asks Stripe for a Checkout Session of the order, in cents and euros, and sends the shopper there', async () => {
    const { orderId, orderNumber, paymentUrl } = await checkoutWithStripe(3)
    const request = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').at(-1)!
    expect(request.headers.authorization).toBe('Bearer sk_test_shop')
    expect(request.body).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '3',
      'line_items[0][price_data][unit_amount]': String(product.priceRetailCents),
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][product_data][name]': product.nameEn,
      'metadata[order_id]': orderId,
      'metadata[order_number]': orderNumber,
      customer_email: 'jordi@example.com',
      locale: 'en',
      // The order is in English: Stripe sends the shopper back to the English pages.
      success_url: `${testPublicUrl}/en/payment-success?order_id=${orderId}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${testPublicUrl}/en/checkout?cancelled=1`,
    })
    const session = [...fake.sessions.values()].find((s) => s.metadata.order_id === orderId)!
    expect(session.amount_total).toBe(3 * product.priceRetailCents)
    expect(paymentUrl).toBe(session.url)
    expect((await orderRow(orderId)).session).toBe(session.id)
  })

  it('refuses a webhook with a wrong signature (400) and changes nothing', async () => {
    const { orderId } = await checkoutWithStripe()
    const session = (await orderRow(orderId)).session!
    fake.markPaid(session)
    const res = await deliver(event('checkout.session.completed', session), 'whsec_wrong')
    expect(res.statusCode).toBe(400)
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending', paymentStatus: 'pending' })
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event('checkout.session.completed', session)),
    })
    expect(unsigned.statusCode).toBe(400)
  })

  it('applies checkout.session.completed once, however often and however concurrently it arrives', async () => {
    const mailsBefore = t.outbox().length
    const { orderId, orderNumber } = await checkoutWithStripe()
    const session = (await orderRow(orderId)).session!
    fake.markPaid(session)
    const completed = event('checkout.session.completed', session)
    for (let i = 0; i < 5; i++) expect((await deliver(completed)).statusCode).toBe(200)
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => deliver(completed)))
    expect(concurrent.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200])
    expect(await orderRow(orderId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' })
    expect(await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, completed.id))).toHaveLength(1)
    // The buyer's confirmation and the shop's alert, once each.
    const mails = t.outbox().slice(mailsBefore)
    expect(mails).toHaveLength(2)
    for (const mail of mails) expect(mail).toContain(orderNumber)
    // Another event id for the same session changes nothing more.
    await deliver(event('checkout.session.completed', session))
    expect(t.outbox().slice(mailsBefore)).toHaveLength(2)
  })

  it('cancels the pending order when its payment session expires unpaid', async () => {
    const { orderId } = await checkoutWithStripe()
    const session = (await orderRow(orderId)).session!
    fake.expire(session)
    expect((await deliver(event('checkout.session.expired', session))).statusCode).toBe(200)
    expect(await orderRow(orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'pending' })
  })

  it('keeps an order with a payment link when one of its payment sessions expires: it stays payable until its own end', async () => {
    const { orderId } = await checkoutWithStripe()
    const session = (await orderRow(orderId)).session!
    const payableUntil = new Date(Date.now() + 6 * 86_400_000)
    await t.database.db.update(orders).set({ payableUntil, paymentExpiresAt: payableUntil }).where(eq(orders.id, orderId))
    fake.expire(session)
    expect((await deliver(event('checkout.session.expired', session))).statusCode).toBe(200)
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending', paymentStatus: 'pending' })
  })

  it('marks the payment failed when an asynchronous payment fails, and the order can still be paid', async () => {
    const { orderId } = await checkoutWithStripe()
    const session = (await orderRow(orderId)).session!
    expect((await deliver(event('checkout.session.async_payment_failed', session))).statusCode).toBe(200)
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending', paymentStatus: 'failed' })
  })

  it('refunds a payment that completes for an order cancelled meanwhile, once, and says so on the order', async () => {
    const { orderId } = await checkoutWithStripe()
    const session = (await orderRow(orderId)).session!
    // The order was cancelled while the shopper was still on Stripe's page, and the payment went through anyway.
    await t.database.db.update(orders).set({ status: 'cancelled', cancelReason: 'buyer' }).where(eq(orders.id, orderId))
    fake.markPaid(session)
    const completed = event('checkout.session.completed', session)
    const answers = await Promise.all([deliver(completed), deliver(completed), deliver(event('checkout.session.completed', session))])
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200])
    expect(fake.refunds.filter((refund) => refund.payment_intent === fake.sessions.get(session)!.payment_intent)).toHaveLength(1)
    expect(await orderRow(orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' })
    expect(await t.database.db.select().from(refunds).where(eq(refunds.paymentSessionId, session))).toEqual([
      expect.objectContaining({ orderId, kind: 'unused_payment', reason: 'order cancelled', providerRefundId: fake.refunds.at(-1)!.id }),
    ])
  })

  it('lets /payment-success confirm a paid session by asking Stripe, and nothing else', async () => {
    const { shopper, orderId } = await checkoutWithStripe()
    const session = (await orderRow(orderId)).session!
    const before = await shopper.mutation<{ paymentStatus: string }>('checkout.confirm', { orderId, sessionId: session })
    expect(before.data?.paymentStatus).toBe('pending')
    fake.markPaid(session)
    const after = await shopper.mutation<{ paymentStatus: string; status: string }>('checkout.confirm', { orderId, sessionId: session })
    expect(after.data).toMatchObject({ paymentStatus: 'paid', status: 'confirmed' })
  })

  it('keeps the test payment page closed when Stripe is the provider', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/trpc/testPayments.session?input=${encodeURIComponent(JSON.stringify({ sessionId: 'cs_test_x' }))}`,
    })
    expect(res.statusCode).toBe(404)
  })
})

import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cartItems, orders, profiles, testPaymentSessions } from '../../server/db/schema/index.ts'
import { seedCategories, seedProducts } from '../../server/db/seed-data.ts'
import { createStripeProvider } from '../../server/services/payments/stripe.ts'
import { formatPhoneDigits } from '../../core/company.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { fakeStripeClientOptions, signedWebhook, startFakeStripe, type FakeStripe } from '../helpers/fake-stripe.ts'
import { httpShopper, testShipping, type HttpShopper } from '../helpers/http-shopper.ts'

// The security review's findings (docs/decisions/008), each replayed over HTTP against the real app.
const [a, b] = seedProducts
let t: TestApp
let productIds: Map<string, string>

async function productIdsOf(app: TestApp) {
  const res = await httpShopper(app.app).query<Array<{ slug: string; id: string }>>('catalog.products')
  return new Map(res.data!.map((p) => [p.slug, p.id]))
}

beforeAll(async () => {
  t = await createTestApp()
  productIds = await productIdsOf(t)
})
afterAll(async () => {
  await t.app.close()
})

const idOf = (slug: string) => productIds.get(slug)!
type Cart = {
  items: Array<{ slug: string; quantity: number; unitPriceCents: number; previousUnitPriceCents: number | null }>
  count: number
  subtotalCents: number
}
type Checkout = { orderId: string; orderNumber: string; paymentUrl: string | null; status: string; paymentStatus: string }

let nextIp = 10
/** A shopper from an address of its own, so per-client limits of one test do not touch another. */
const shopper = (app = t, opts: Parameters<typeof httpShopper>[1] = {}) => httpShopper(app.app, { ip: `198.51.100.${nextIp++}`, ...opts })

async function signUp(s: HttpShopper, email = `user-${randomUUID()}@example.com`, password = 'correct-horse-battery') {
  const res = await s.auth('sign-up/email', { email, password, name: 'Marta Gil' })
  expect(res.statusCode).toBe(200)
  return { email, password, userId: res.json<{ user: { id: string } }>().user.id }
}

const sessionIdOf = (paymentUrl: string) => paymentUrl.split('/').at(-1)!

describe('1. test payments never run in production unless asked for', () => {
  const serverEntry = fileURLToPath(new URL('../../server/main.ts', import.meta.url))

  it('refuses to start in production without Stripe keys or ALLOW_TEST_PAYMENTS, naming both', () => {
    const run = spawnSync(process.execPath, [serverEntry], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        BETTER_AUTH_SECRET: 'x'.repeat(40),
        DATA_DIR: mkdtempSync(join(tmpdir(), 'shop-prod-')),
        PORT: '0',
      },
      encoding: 'utf8',
      timeout: 20_000,
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('STRIPE_SECRET_KEY')
    expect(run.stderr).toContain('ALLOW_TEST_PAYMENTS')
  })

  describe('production with Stripe keys', () => {
    let fake: FakeStripe
    let prod: TestApp
    beforeAll(async () => {
      fake = await startFakeStripe()
      const stripe = createStripeProvider({
        secretKey: 'sk_test_prod',
        webhookSecret: 'whsec_prod',
        stripeClientOptions: fakeStripeClientOptions(fake.port),
      })
      prod = await createTestApp({ stripe, env: { NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_test_prod', STRIPE_WEBHOOK_SECRET: 'whsec_prod' } })
    })
    afterAll(async () => {
      await prod.app.close()
      await fake.close()
    })

    it('has no testPayments procedures: paying a session through them is impossible', async () => {
      const s = shopper(prod)
      const ids = await productIdsOf(prod)
      await s.mutation('cart.add', { productId: ids.get(a!.slug), quantity: 3 })
      const created = await s.mutation<Checkout>('checkout.create', { shipping: testShipping, checkoutKey: randomUUID() })
      expect(created.status).toBe(200)
      const sessionId = sessionIdOf(created.data!.paymentUrl!)
      const pay = await httpShopper(prod.app).mutation('testPayments.pay', { sessionId })
      expect(pay.status).toBe(404)
      expect(pay.error?.message).toMatch(/No procedure found/)
      expect((await httpShopper(prod.app).query('testPayments.session', { sessionId })).status).toBe(404)
      const confirmed = await s.mutation<Checkout>('checkout.confirm', { orderId: created.data!.orderId, sessionId })
      expect(confirmed.data).toMatchObject({ status: 'pending', paymentStatus: 'pending' })
    })

    it('hides internal messages and stack traces from every answer', async () => {
      const res = await httpShopper(prod.app).query('catalog.product', { slug: 7 })
      expect(res.status).toBe(400)
      expect(res.res.body).not.toContain('"stack"')
    })
  })

  it('runs them in production with ALLOW_TEST_PAYMENTS=1 (a staging shop)', async () => {
    const staging = await createTestApp({ env: { NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: '1' } })
    try {
      const s = shopper(staging)
      const ids = await productIdsOf(staging)
      await s.mutation('cart.add', { productId: ids.get(a!.slug), quantity: 1 })
      const created = await s.mutation<Checkout>('checkout.create', { shipping: testShipping, checkoutKey: randomUUID() })
      const session = await s.query<{ orderNumber: string }>('testPayments.session', { sessionId: sessionIdOf(created.data!.paymentUrl!) })
      expect(session.data?.orderNumber).toBe(created.data!.orderNumber)
    } finally {
      await staging.app.close()
    }
  })
})

describe('2. client addresses come from the configured proxy trust; sign-in is limited', () => {
  it('stops 10 wrong passwords with made-up X-Forwarded-For after 5, then makes even the right one wait', async () => {
    const owner = shopper()
    const { email, password } = await signUp(owner)
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) {
      const attacker = httpShopper(t.app, { headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } })
      statuses.push((await attacker.auth('sign-in/email', { email, password: 'wrong-password-123' })).statusCode)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429])
    const right = await httpShopper(t.app, { headers: { 'x-forwarded-for': '203.0.113.200' } }).auth('sign-in/email', { email, password })
    expect(right.statusCode).toBe(429)
    // The fifth failure's wait (docs/decisions/008): a delay, not a lock.
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(30)
    expect(right.json()).toEqual({ code: 'TOO_MANY_ATTEMPTS', message: 'Demasiados intentos. Espere unos minutos y vuelva a intentarlo.' })
    const english = await httpShopper(t.app, { language: 'en' }).auth('sign-in/email', { email: email.toUpperCase(), password })
    expect(english.json<{ message: string }>().message).toBe('Too many attempts. Please wait a few minutes and try again.')
  })

  it('limits one client trying many accounts, and a right password clears an account’s failures', async () => {
    const owner = shopper()
    const { email, password } = await signUp(owner)
    const s = shopper()
    for (let i = 0; i < 4; i++) expect((await s.auth('sign-in/email', { email, password: 'nope-nope-nope' })).statusCode).toBe(401)
    expect((await s.auth('sign-in/email', { email, password })).statusCode).toBe(200)
    // Cleared: four more failures are allowed again for this account.
    const other = shopper()
    for (let i = 0; i < 4; i++) expect((await other.auth('sign-in/email', { email, password: 'nope-nope-nope' })).statusCode).toBe(401)

    const sprayer = shopper()
    const tries: number[] = []
    for (let i = 0; i < 21; i++)
      tries.push((await sprayer.auth('sign-in/email', { email: `nobody-${i}@example.com`, password: 'guess-guess-1' })).statusCode)
    expect(tries.slice(0, 20).every((status) => status === 401)).toBe(true)
    expect(tries[20]).toBe(429)
  })

  it('believes X-Forwarded-For only from a proxy named in TRUST_PROXY', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '10.0.0.1' } })
    try {
      // Through the trusted proxy, each forwarded address is its own client...
      const viaProxy = (ip: string) => httpShopper(proxied.app, { ip: '10.0.0.1', headers: { 'x-forwarded-for': ip } })
      const { email } = await signUp(viaProxy('192.0.2.1'))
      for (let i = 0; i < 20; i++) await viaProxy('192.0.2.50').auth('sign-in/email', { email: `x${i}-${email}`, password: 'guess-guess-1' })
      expect((await viaProxy('192.0.2.50').auth('sign-in/email', { email, password: 'guess-guess-1' })).statusCode).toBe(429)
      expect((await viaProxy('192.0.2.51').auth('sign-in/email', { email, password: 'guess-guess-1' })).statusCode).toBe(401)
      // ...but the same header straight from a client is ignored: its own address counts.
      const direct = (forwarded: string) => httpShopper(proxied.app, { ip: '192.0.2.99', headers: { 'x-forwarded-for': forwarded } })
      for (let i = 0; i < 20; i++) await direct(`198.18.0.${i}`).auth('sign-in/email', { email: `y${i}-${email}`, password: 'guess-guess-1' })
      expect((await direct('198.18.0.200').auth('sign-in/email', { email, password: 'guess-guess-1' })).statusCode).toBe(429)
    } finally {
      await proxied.app.close()
    }
  })

  it('honours X-Forwarded-Host only under the same trust: a forged host is still cross-site', async () => {
    const forged = shopper(t, { headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' } })
    const res = await forged.mutation('cart.add', { productId: idOf(a!.slug), quantity: 1 }, { origin: 'http://evil.example' })
    expect(res.status).toBe(403)
  })

  it('limits checkouts per client in the caller’s language', async () => {
    const s = shopper()
    await s.mutation('cart.add', { productId: idOf(a!.slug), quantity: 1 })
    for (let i = 0; i < 10; i++) expect((await s.mutation('checkout.create', { shipping: testShipping, checkoutKey: randomUUID() })).status).toBe(200)
    const refused = await s.mutation('checkout.create', { shipping: testShipping, checkoutKey: randomUUID() })
    expect(refused.status).toBe(429)
    expect(refused.error?.data.code).toBe('TOO_MANY_REQUESTS')
    expect(refused.error?.message).toBe('Demasiados intentos. Espere unos minutos y vuelva a intentarlo.')
    // Another client is not affected.
    const other = shopper()
    await other.mutation('cart.add', { productId: idOf(a!.slug), quantity: 1 })
    expect((await other.mutation('checkout.create', { shipping: testShipping, checkoutKey: randomUUID() })).status).toBe(200)
  })
})

describe('3. an order no longer pending is never offered for payment again', () => {
  it('answers a repeated checkout of a paid order with its state and no payment URL', async () => {
    const s = shopper()
    await s.mutation('cart.add', { productId: idOf(a!.slug), quantity: 2 })
    const checkoutKey = randomUUID()
    const first = await s.mutation<Checkout>('checkout.create', { shipping: testShipping, checkoutKey })
    const sessionId = sessionIdOf(first.data!.paymentUrl!)
    expect((await s.mutation('testPayments.pay', { sessionId })).status).toBe(200)
    expect((await s.mutation<Checkout>('checkout.confirm', { orderId: first.data!.orderId, sessionId })).data?.paymentStatus).toBe('paid')

    const again = await s.mutation<Checkout>('checkout.create', { shipping: testShipping, checkoutKey })
    expect(again.status).toBe(200)
    expect(again.data).toEqual({
      orderId: first.data!.orderId,
      orderNumber: first.data!.orderNumber,
      paymentUrl: null,
      status: 'confirmed',
      paymentStatus: 'paid',
    })
    const sessions = await t.database.db
      .select({ id: testPaymentSessions.id, status: testPaymentSessions.status })
      .from(testPaymentSessions)
      .where(eq(testPaymentSessions.orderId, first.data!.orderId))
    expect(sessions).toEqual([{ id: sessionId, status: 'complete' }])
  })
})

describe('4. errors never leak; the webhook checks what it is told', () => {
  const webhookSecret = 'whsec_security'
  let fake: FakeStripe
  let withStripe: TestApp
  beforeAll(async () => {
    fake = await startFakeStripe()
    withStripe = await createTestApp({
      stripe: createStripeProvider({ secretKey: 'sk_test_sec', webhookSecret, stripeClientOptions: fakeStripeClientOptions(fake.port) }),
    })
  })
  afterAll(async () => {
    await withStripe.app.close()
    await fake.close()
  })

  const deliver = (app: TestApp, session: object, type = 'checkout.session.completed') => {
    const { body, signature } = signedWebhook(
      { id: `evt_${randomUUID()}`, object: 'event', type, api_version: '2025-01-01', created: 1, livemode: false, data: { object: session } },
      webhookSecret,
    )
    return app.app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: body,
    })
  }
  const paidSession = (orderId: string, extra: object = {}) => ({
    id: `cs_test_${randomUUID()}`,
    object: 'checkout.session',
    status: 'complete',
    payment_status: 'paid',
    metadata: { order_id: orderId },
    client_reference_id: orderId,
    amount_total: 1000,
    currency: 'eur',
    ...extra,
  })

  it('acknowledges an event naming a malformed or unknown order, with no SQL in the answer', async () => {
    for (const orderId of ["1' or '1'='1", randomUUID()]) {
      const res = await deliver(withStripe, paidSession(orderId))
      expect(res.statusCode).toBe(200)
      expect(res.body).toBe('{"received":true}')
    }
    const expired = await deliver(
      withStripe,
      { ...paidSession('not-a-uuid'), status: 'expired', payment_status: 'unpaid' },
      'checkout.session.expired',
    )
    expect(expired.statusCode).toBe(200)
  })

  it('does not mark an order paid when the amount or the currency differs from the order', async () => {
    const s = shopper(withStripe)
    const ids = await productIdsOf(withStripe)
    await s.mutation('cart.add', { productId: ids.get(a!.slug), quantity: 2 })
    const created = await s.mutation<Checkout>('checkout.create', { shipping: testShipping, checkoutKey: randomUUID() })
    const orderId = created.data!.orderId
    const total = 2 * a!.priceRetailCents
    for (const wrong of [{ amount_total: total - 1 }, { currency: 'usd' }]) {
      // A payment the provider verified, but not for this order's amount: never the order's, given back.
      const stray = [...fake.sessions.values()].find((session) => session.metadata.order_id === orderId)
      const sessionId = `cs_test_${randomUUID()}`
      fake.sessions.set(sessionId, { ...stray!, id: sessionId })
      fake.markPaid(sessionId)
      expect((await deliver(withStripe, paidSession(orderId, { id: sessionId, amount_total: total, ...wrong }))).statusCode).toBe(200)
      const [order] = await withStripe.database.db.select({ paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, orderId))
      expect(order?.paymentStatus).toBe('pending')
      expect(fake.refunds.map((refund) => refund.payment_intent)).toContain(fake.sessions.get(sessionId)!.payment_intent)
    }
    const [current] = await withStripe.database.db.select({ sessionId: orders.paymentSessionId }).from(orders).where(eq(orders.id, orderId))
    fake.markPaid(current!.sessionId!)
    expect((await deliver(withStripe, paidSession(orderId, { id: current!.sessionId, amount_total: total }))).statusCode).toBe(200)
    const [paid] = await withStripe.database.db.select({ paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, orderId))
    expect(paid?.paymentStatus).toBe('paid')
  })

  it('answers an unexpected failure with a generic message in the caller’s language and its request id', async () => {
    const sqlText = 'invalid input syntax for type uuid: "x" in select "id" from "orders" where "id" = $1'
    const failing = await createTestApp({
      stripe: {
        name: 'stripe',
        createCheckoutSession: () => Promise.reject(new Error(sqlText)),
        retrieveSession: () => Promise.reject(new Error(sqlText)),
        expireSession: () => Promise.reject(new Error(sqlText)),
        refund: () => Promise.reject(new Error(sqlText)),
        parseWebhook: () => {
          throw new Error(sqlText)
        },
      },
    })
    try {
      const hook = await failing.app.inject({
        method: 'POST',
        url: '/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x', cookie: 'lang=en' },
        payload: '{}',
      })
      expect(hook.statusCode).toBe(500)
      expect(hook.json()).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Something went wrong. Please try again in a moment.',
        requestId: expect.any(String),
      })

      const s = shopper(failing)
      const ids = await productIdsOf(failing)
      await s.mutation('cart.add', { productId: ids.get(a!.slug), quantity: 1 })
      const created = await s.mutation<Checkout>('checkout.create', { shipping: testShipping, checkoutKey: randomUUID() })
      expect(created.status).toBe(503)
      expect(created.error?.message).toBe('Error al procesar el pedido')
      // What to do next, in the shopper's language: try again, or phone / WhatsApp the shop with the
      // request's id, the one the log holds for this failure.
      const { phone, whatsappDigits } = failing.env.company
      const { requestId, nextStep } = created.error!.data
      expect(requestId).toMatch(/\S{6,}/)
      expect(nextStep).toContain('Inténtelo de nuevo')
      expect(nextStep).toContain(phone)
      expect(nextStep).toContain(formatPhoneDigits(whatsappDigits))
      expect(nextStep).toContain(requestId)
      // A refusal (4xx) says what to fix itself: no next step.
      const refused = await s.query('catalog.product', { slug: 7 })
      expect(refused.status).toBe(400)
      expect(refused.error!.data.nextStep).toBeNull()
      const [order] = await failing.database.db.update(orders).set({ paymentSessionId: 'cs_test_broken' }).returning({ id: orders.id })
      const confirm = await s.mutation<Checkout>('checkout.confirm', { orderId: order!.id })
      expect(confirm.status).toBe(500)
      expect(confirm.error?.message).toBe('Algo ha salido mal. Inténtelo de nuevo en unos momentos.')
      for (const body of [hook.body, created.res.body, confirm.res.body]) {
        expect(body).not.toContain('select')
        expect(body).not.toContain('stack')
      }
    } finally {
      await failing.app.close()
    }
  })
})

describe('5. batches', () => {
  it('answers a batch of 10 queries, a path far longer than 100 characters', async () => {
    const calls = [
      ['catalog.categories', undefined],
      ...seedCategories.map((c) => ['catalog.category', { slug: c.slug }] as const),
      ...seedProducts.slice(0, 6).map((p) => ['catalog.product', { slug: p.slug }] as const),
    ].slice(0, 10)
    expect(calls).toHaveLength(10)
    const path = calls.map(([name]) => name).join(',')
    expect(path.length).toBeGreaterThan(100)
    const input = Object.fromEntries(calls.map(([, value], i) => [i, value ?? null]))
    const res = await t.app.inject({ method: 'GET', url: `/trpc/${path}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}` })
    expect(res.statusCode).toBe(200)
    expect(res.json<unknown[]>()).toHaveLength(10)
  })
})

describe('6. a line is charged the current price for the caller’s current role', () => {
  it('re-prices a revoked wholesale customer’s cart: says so once, then charges retail', async () => {
    const s = shopper()
    const { userId } = await signUp(s)
    await t.database.db.update(profiles).set({ approvedB2b: true }).where(eq(profiles.userId, userId))
    const added = await s.mutation<Cart>('cart.add', { productId: idOf(a!.slug), quantity: 10 })
    expect(added.data?.items[0]).toMatchObject({ unitPriceCents: a!.priceWholesaleCents, previousUnitPriceCents: null })

    await t.database.db.update(profiles).set({ approvedB2b: false }).where(eq(profiles.userId, userId))
    // Not yet shown the new price: the order is refused rather than charged silently.
    const refused = await s.mutation('checkout.create', { shipping: testShipping, checkoutKey: randomUUID() })
    expect(refused.status).toBe(409)
    expect(refused.error?.message).toBe('Algunos precios de su carrito han cambiado. Revise su pedido antes de pagar.')
    expect(await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))).toEqual([])

    const shown = await s.query<Cart>('cart.get')
    expect(shown.data?.items[0]).toMatchObject({ unitPriceCents: a!.priceRetailCents, previousUnitPriceCents: a!.priceWholesaleCents })
    expect(shown.data?.subtotalCents).toBe(10 * a!.priceRetailCents)
    expect((await s.query<Cart>('cart.get')).data?.items[0]?.previousUnitPriceCents).toBeNull()

    const created = await s.mutation<Checkout>('checkout.create', { shipping: testShipping, checkoutKey: randomUUID() })
    expect(created.status).toBe(200)
    const [order] = await t.database.db.select({ total: orders.totalCents }).from(orders).where(eq(orders.id, created.data!.orderId))
    expect(order?.total).toBe(10 * a!.priceRetailCents)
  })
})

describe('7. confirming a payment removes exactly what was ordered', () => {
  it('leaves panels added after the order in the cart', async () => {
    const s = shopper()
    await s.mutation('cart.add', { productId: idOf(a!.slug), quantity: 2 })
    const created = await s.mutation<Checkout>('checkout.create', { shipping: testShipping, checkoutKey: randomUUID() })
    await s.mutation('cart.add', { productId: idOf(a!.slug), quantity: 3 })
    await s.mutation('cart.add', { productId: idOf(b!.slug), quantity: 1 })
    const sessionId = sessionIdOf(created.data!.paymentUrl!)
    await s.mutation('testPayments.pay', { sessionId })
    expect((await s.mutation<Checkout>('checkout.confirm', { orderId: created.data!.orderId, sessionId })).data?.paymentStatus).toBe('paid')
    const cart = await s.query<Cart>('cart.get')
    expect(cart.data?.items.map((i) => [i.slug, i.quantity])).toEqual([
      [a!.slug, 3],
      [b!.slug, 1],
    ])
    const lines = await t.database.db
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(eq(cartItems.productId, idOf(a!.slug)))
    expect(lines.length).toBeGreaterThan(0)
  })
})

describe('caching of API answers', () => {
  it('lets intermediaries cache only answers that are the same for everyone', async () => {
    for (const url of ['/trpc/catalog.category?input=%7B%22slug%22%3A%22marmol%22%7D', '/trpc/catalog.wholesaleFrom']) {
      const shared = await t.app.inject({ method: 'GET', url })
      expect(shared.headers['cache-control'], url).toBe('public, max-age=60')
      expect(shared.headers.vary, url).toContain('Cookie')
    }
    // The categories carry the caller's "desde" price (wholesale for a wholesale customer).
    for (const url of [
      '/trpc/cart.get',
      '/trpc/account.me',
      '/trpc/catalog.products',
      '/trpc/catalog.categories',
      '/trpc/catalog.category,cart.get?batch=1&input=%7B%220%22%3A%7B%22slug%22%3A%22marmol%22%7D%7D',
    ]) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['cache-control'], url).toBe('private, no-store')
      expect(res.headers.vary, url).toContain('Cookie')
    }
  })
})

import { mkdtempSync, rmSync } from 'node:fs'
import { randomBytes, randomUUID } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { seedProducts } from '../../server/db/seed-data.ts'
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe.ts'
import { startWebhookSender, type WebhookSender } from '../helpers/fake-stripe-webhooks.ts'
import { fetchShopper } from '../helpers/fetch-shopper.ts'
import { withDatabase } from '../helpers/pg-url.ts'
import { freePort, startServerProcess, type ServerProcess } from '../helpers/server-process.ts'

// The server process killed with SIGKILL at random moments while 50 shoppers check out with Stripe
// (the SDK against a local fake, webhooks signed and retried by the fake until the shop
// acknowledges them). Afterwards every order is whole (its lines, its total the sum of its lines)
// or absent; no order is paid without a payment Stripe took for its exact total; and the payments
// made while the shop was down are confirmed once it is back. PostgreSQL only: a killed process
// cannot hurt a database server, whereas the embedded database lives and dies with the process.

const templateUrl = inject('pgTemplateUrl')
const checkouts = 50
const concurrency = 10
const webhookSecret = 'whsec_crash_safety_test'

const shipping = {
  full_name: 'Marta Ruiz',
  email: 'marta@example.com',
  phone: '600123456',
  address_line1: 'Calle Mayor 3',
  address_line2: '',
  city: 'Torrevieja',
  state: '',
  postal_code: '03181',
  country: 'España',
}

describe.skipIf(!templateUrl)('SIGKILL during 50 checkouts (PostgreSQL only)', () => {
  const name = `shop_crash_${randomBytes(4).toString('hex')}`
  const admin = () => postgres(withDatabase(templateUrl!, 'postgres'), { max: 1, onnotice: () => {} })
  let sql: postgres.Sql
  let fake: FakeStripe
  let webhooks: WebhookSender
  let server: ServerProcess | null = null
  let port: number
  let dataDir: string
  let kills = 0
  const logs: string[] = []

  const start = async () => {
    server = await startServerProcess({
      label: 'the shop',
      port,
      env: {
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        DATABASE_URL: withDatabase(templateUrl!, name),
        BETTER_AUTH_SECRET: 'crash-safety-test-secret-0123456789abcdef',
        STRIPE_SECRET_KEY: 'sk_test_crash',
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_API_BASE: `http://127.0.0.1:${fake.port}`,
        // Each shopper has its own address (X-Forwarded-For): the per-client checkout limit holds.
        TRUST_PROXY: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
    })
  }
  const kill = async () => {
    const running = server
    server = null
    if (!running) return
    await running.kill()
    logs.push(running.output())
    kills++
  }

  beforeAll(async () => {
    const create = admin()
    await create.unsafe(`create database "${name}" template "${new URL(templateUrl!).pathname.slice(1)}"`)
    await create.end()
    sql = postgres(withDatabase(templateUrl!, name), { max: 2, onnotice: () => {} })
    fake = await startFakeStripe()
    port = await freePort()
    dataDir = mkdtempSync(join(tmpdir(), 'shop-crash-'))
    webhooks = startWebhookSender(fake, { url: `http://127.0.0.1:${port}/webhooks/stripe`, secret: webhookSecret })
    await start()
  }, 120_000)

  afterAll(async () => {
    webhooks?.stop()
    await server?.stop()
    await fake?.close()
    await sql?.end()
    const cleanup = admin()
    await cleanup.unsafe(`drop database if exists "${name}" with (force)`)
    await cleanup.end()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  it('leaves every order whole or absent, none paid without its payment, and confirms the payments made while it was down', async () => {
    const products = await sql<Array<{ id: string; slug: string }>>`select id, slug from products`
    const bySlug = new Map(products.map((p) => [p.slug, p.id]))
    const catalog = seedProducts.map((p) => bySlug.get(p.slug)).filter((id): id is string => id !== undefined)
    expect(catalog.length).toBeGreaterThan(3)

    /** A request that the crash may cut: tried again (as a shopper reloads) until it is answered. */
    let interrupted = 0
    const persist = async <T>(step: () => Promise<T>): Promise<T> => {
      const deadline = Date.now() + 60_000
      for (;;) {
        try {
          return await step()
        } catch (error) {
          interrupted++
          if (Date.now() > deadline) throw error
          await new Promise((resolve) => setTimeout(resolve, 200))
        }
      }
    }

    const paidSessions = new Set<string>()
    /** One shopper: a cart of 1–3 products, the checkout (Stripe session), and the payment at Stripe. */
    async function checkout(n: number) {
      const shopper = fetchShopper(`http://127.0.0.1:${port}`, { forwardedFor: `10.13.${Math.floor(n / 250)}.${(n % 250) + 1}` })
      const lines = 1 + (n % 3)
      for (let i = 0; i < lines; i++) {
        const productId = catalog[(n + i * 5) % catalog.length]!
        await persist(() => shopper.mutation('cart.add', { productId, quantity: 1 + ((n + i) % 4) }))
      }
      const checkoutKey = randomUUID()
      const created = await persist(() =>
        shopper.mutation<{ orderId: string; paymentUrl?: string }>('checkout.create', {
          shipping: { ...shipping, email: `crash-${n}@example.com` },
          checkoutKey,
        }),
      )
      const session = [...fake.sessions.values()].find((s) => s.metadata.order_id === created.orderId && s.url === created.paymentUrl)
      if (!session) throw new Error(`shopper ${n}: no Stripe session behind ${created.paymentUrl}`)
      // Every other shopper pays: the rest leave their order pending.
      if (n % 2 === 0) {
        fake.markPaid(session.id)
        paidSessions.add(session.id)
        webhooks.send('checkout.session.completed', session.id)
      }
    }

    // The killer: SIGKILL at random moments (after a random number of finished checkouts, plus a
    // few random milliseconds, so it lands in the middle of requests), then a restart.
    let finished = 0
    const moments = [...new Set(Array.from({ length: 6 }, () => 2 + Math.floor(Math.random() * (checkouts - 8))))].sort((a, b) => a - b)
    const killer = (async () => {
      for (const moment of moments) {
        while (finished < moment) await new Promise((resolve) => setTimeout(resolve, 5))
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 40))
        await kill()
        await start()
      }
    })()
    const queue = Array.from({ length: checkouts }, (_, n) => n)
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
          await checkout(n)
          finished++
        }
      }),
    )
    await killer
    expect(kills).toBe(moments.length)
    // Shoppers' requests were cut by the crashes (and tried again, as a shopper reloads).
    expect(interrupted).toBeGreaterThan(0)

    // Paid while the shop is down: Stripe keeps the events and delivers them once it is back.
    await kill()
    const unpaid = [...fake.sessions.values()].filter((s) => s.payment_status !== 'paid' && s.status === 'open').slice(0, 3)
    for (const session of unpaid) {
      fake.markPaid(session.id)
      paidSessions.add(session.id)
      webhooks.send('checkout.session.completed', session.id)
    }
    expect(unpaid.length).toBe(3)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(webhooks.pending()).toBeGreaterThanOrEqual(3)
    await start()
    await webhooks.drained(60_000)
    expect(webhooks.attempts.some((attempt) => attempt.status === 'unreachable')).toBe(true)

    const orders = await sql<
      Array<{ id: string; status: string; payment_status: string; payment_session_id: string | null; total_cents: number; subtotal_cents: number }>
    >`select id, status, payment_status, payment_session_id, total_cents, subtotal_cents from orders`
    const lines = await sql<Array<{ order_id: string; quantity: number; unit_price_cents: number; subtotal_cents: number }>>`
      select order_id, quantity, unit_price_cents, subtotal_cents from order_items`
    expect(orders.length).toBeGreaterThan(0)
    expect(orders.length).toBeLessThanOrEqual(checkouts)

    // Whole: lines present, the total is the sum of the lines.
    for (const order of orders) {
      const own = lines.filter((line) => line.order_id === order.id)
      expect(own.length, `order ${order.id} has no lines`).toBeGreaterThan(0)
      const sum = own.reduce((total, line) => total + line.quantity * line.unit_price_cents, 0)
      expect(order.total_cents, `order ${order.id}`).toBe(sum)
      expect(order.subtotal_cents).toBe(sum)
    }
    expect(lines.every((line) => orders.some((order) => order.id === line.order_id))).toBe(true)

    // Paid only with a payment Stripe took for this order's exact total.
    const paid = orders.filter((order) => order.payment_status === 'paid')
    for (const order of paid) {
      const session = order.payment_session_id ? fake.sessions.get(order.payment_session_id) : undefined
      expect(session?.payment_status, `order ${order.id}`).toBe('paid')
      expect(session?.metadata.order_id).toBe(order.id)
      expect(session?.amount_total).toBe(order.total_cents)
      expect(order.status).toBe('confirmed')
    }
    // Every payment taken is its order's: confirmed, whether its webhook came before, during or after a crash.
    const confirmedSessions = new Set(paid.map((order) => order.payment_session_id))
    expect([...paidSessions].filter((id) => !confirmedSessions.has(id))).toEqual([])
    expect(paid.length).toBe(paidSessions.size)
    // No payment was refunded as if its order had gone astray.
    expect(fake.refunds).toEqual([])
    // Each paid order was confirmed once (one payment event row per order, however many deliveries).
    const [events] = await sql<Array<{ confirmations: number }>>`
      select count(*)::int as confirmations from order_events where type = 'paid'`
    expect(events?.confirmations).toBe(paid.length)
    // One invoice per paid order, numbered without a gap (a crash gives an uncommitted number back).
    const invoiced = await sql<Array<{ sequence: number }>>`select sequence from invoices where kind = 'invoice' order by sequence`
    expect(invoiced.map((row) => row.sequence)).toEqual(paid.map((_, i) => i + 1))
    // The shop said nothing worse than warnings about the crashes (no error lines).
    expect((server?.output() ?? '') + logs.join('')).not.toMatch(/"level":(50|60)/)
  }, 300_000)
})

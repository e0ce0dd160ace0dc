import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { inferRouterOutputs } from '@trpc/server'
import { Redis } from 'ioredis'
import postgres from 'postgres'
import S3rver from 's3rver'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrationsFolder } from '../../server/db/client.ts'
import { seedCategories, seedProducts } from '../../server/db/seed-data.ts'
import type { AppRouter } from '../../server/router.ts'
import { startFakeStripe, signedWebhook, type FakeStripe } from '../helpers/fake-stripe.ts'
import { fetchBrowser, type Instance } from '../helpers/fetch-browser.ts'
import { testShipping } from '../helpers/http-shopper.ts'
import { withDatabase } from '../helpers/pg-url.ts'
import { freePort, startServerProcess, type ServerProcess } from '../helpers/server-process.ts'
import { stagingEnv } from '../helpers/staging-env.ts'
import { centsToEuroInput, type ProductInput } from '../../core/catalog-admin.ts'
import { formatEuros } from '../../core/money.ts'

// Two instances of the built server (separate processes, separate ports and DATA_DIRs) on one
// PostgreSQL database and one Redis, as behind a load balancer: they start at once on an empty
// database, and a visitor's requests may land on either. Whatever one instance learns (a session, a
// cart, a rate limit's count, a catalog change, an uploaded picture, a payment) the other knows on
// its next request. Needs TEST_DATABASE_URL and TEST_REDIS_URL (CI's PostgreSQL run sets both) and
// the built client in dist/ (`npm run build`).

const databaseUrl = process.env.TEST_DATABASE_URL
const redisUrl = process.env.TEST_REDIS_URL
/** The load balancer's address: the one public URL both instances are configured with. */
const publicUrl = 'http://shop.localhost'
const webhookSecret = 'whsec_multi_instance_test'
const s3Bucket = 'shop-media'
type Outputs = inferRouterOutputs<AppRouter>

/** Log lines at level error or fatal (pino's JSON lines): a refused sign-in is not one (a warning). */
const errorLines = (output: string) => output.split('\n').filter((line) => /"level":(50|60)/.test(line))

async function eventually<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe.skipIf(!databaseUrl || !redisUrl)(
  'two instances on one PostgreSQL database and one Redis (needs TEST_DATABASE_URL and TEST_REDIS_URL)',
  () => {
    const name = `shop_multi_${randomBytes(4).toString('hex')}`
    const admin = () => postgres(withDatabase(databaseUrl!, 'postgres'), { max: 1, onnotice: () => {} })
    const run = randomBytes(2)
    /** Client addresses of this run only (its rate limit keys in the shared Redis are its own). */
    let clients = 0
    const nextClient = () => `10.${run[0]}.${run[1]}.${++clients}`
    const browser = (language: 'es' | 'en' = 'es') => fetchBrowser({ publicUrl, forwardedFor: nextClient(), language })

    let sql: postgres.Sql
    let fake: FakeStripe
    let s3: S3rver
    let s3Dir: string
    let s3Port: number
    /** Each instance's own DATA_DIR, as on two machines. */
    let dataDirs: string[] = []
    let instances: ServerProcess[] = []
    const outputs: string[] = []
    let a: Instance
    let b: Instance

    /** An instance's environment: production with the staging settings (deploy/staging.env), then `extra`. */
    function environment(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
      return {
        ...stagingEnv(),
        DATA_DIR: dataDir,
        DATABASE_URL: withDatabase(databaseUrl!, name),
        REDIS_URL: redisUrl!,
        PUBLIC_URL: publicUrl,
        BETTER_AUTH_SECRET: 'multi-instance-test-secret-0123456789abcdef',
        // Behind the load balancer: each visitor's own address comes in X-Forwarded-For.
        TRUST_PROXY: '127.0.0.1',
        S3_BUCKET: s3Bucket,
        S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
        S3_FORCE_PATH_STYLE: '1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        LOG_LEVEL: 'warn',
        ...extra,
      }
    }

    /** Starts both instances at the same moment; if one fails, the other is stopped too. */
    async function startBoth(extra: Record<string, string> = {}) {
      const started = await Promise.allSettled(
        dataDirs.map((dir, i) => startServerProcess({ label: `instance ${'AB'[i]}`, env: environment(dir, extra) })),
      )
      instances = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
      const failed = started.find((result) => result.status === 'rejected')
      if (failed) {
        await stopBoth()
        throw failed.reason
      }
      ;[a, b] = instances as [ServerProcess, ServerProcess]
    }
    async function stopBoth() {
      await Promise.all(instances.map((instance) => instance.stop()))
      outputs.push(...instances.map((instance) => instance.output()))
      instances = []
    }

    beforeAll(async () => {
      const create = admin()
      // An empty database: the instances migrate and seed it themselves, both at once.
      await create.unsafe(`create database "${name}"`)
      await create.end()
      sql = postgres(withDatabase(databaseUrl!, name), { max: 2, onnotice: () => {} })
      dataDirs = ['a', 'b'].map((label) => mkdtempSync(join(tmpdir(), `shop-multi-${label}-`)))
      fake = await startFakeStripe()
      s3Port = await freePort()
      s3Dir = mkdtempSync(join(tmpdir(), 'shop-multi-s3-'))
      s3 = new S3rver({ port: s3Port, address: '127.0.0.1', directory: s3Dir, silent: true, configureBuckets: [{ name: s3Bucket, configs: [] }] })
      await s3.run()
      await startBoth()
    }, 180_000)

    afterAll(async () => {
      await stopBoth()
      await fake?.close()
      await s3?.close()
      await sql?.end()
      const cleanup = admin()
      await cleanup.unsafe(`drop database if exists "${name}" with (force)`)
      await cleanup.end()
      // The shared Redis keeps other runs' counters: only this run's client addresses are removed.
      const redis = new Redis(redisUrl!)
      try {
        const keys = await redis.keys(`shop:*10.${run[0]}.${run[1]}.*`)
        if (keys.length > 0) await redis.del(...keys)
      } finally {
        await redis.quit()
      }
      for (const dir of [...dataDirs, s3Dir]) if (dir) rmSync(dir, { recursive: true, force: true })
    })

    it('start at once on an empty database: migrated and seeded once (an advisory lock), without an error', async () => {
      const [categories] = await sql<Array<{ n: number }>>`select count(*)::int as n from categories`
      const [products] = await sql<Array<{ n: number }>>`select count(*)::int as n from products`
      const [migrations] = await sql<Array<{ n: number }>>`select count(*)::int as n from drizzle.__drizzle_migrations`
      expect(categories?.n).toBe(seedCategories.length)
      expect(products?.n).toBe(seedProducts.length)
      expect(migrations?.n).toBe(readdirSync(migrationsFolder).filter((file) => file.endsWith('.sql')).length)
      for (const instance of instances) {
        expect(errorLines(instance.output())).toEqual([])
        expect((await fetch(`${instance.url}/healthz`)).status).toBe(200)
      }
    })

    it('honour a session created on the other, and its end', async () => {
      const visitor = browser()
      const email = `multi-${randomUUID()}@example.com`
      const signUp = await visitor.auth(a, 'sign-up/email', { email, password: 'a-long-password', name: 'Ana Multi' })
      expect(signUp.status, signUp.text).toBe(200)
      const me = await visitor.query<Outputs['account']['me']>(b, 'account.me')
      expect(me.data?.user.email).toBe(email)
      const signOut = await visitor.auth(b, 'sign-out')
      expect(signOut.status, signOut.text).toBe(200)
      expect((await visitor.query<Outputs['account']['me']>(a, 'account.me')).data).toBeNull()
    })

    it('share a cart: a line added on one is on the other, changed there, and seen back', async () => {
      const visitor = browser()
      const [product] = await sql<Array<{ id: string }>>`select id from products where archived_at is null order by slug limit 1`
      const added = await visitor.mutation(a, 'cart.add', { productId: product!.id, quantity: 2 })
      expect(added.status).toBe(200)
      const onB = await visitor.query<Outputs['cart']['get']>(b, 'cart.get')
      expect(onB.data?.items.map((item) => [item.productId, item.quantity])).toEqual([[product!.id, 2]])
      expect((await visitor.mutation(b, 'cart.setQuantity', { itemId: onB.data!.items[0]!.id, quantity: 5 })).status).toBe(200)
      const onA = await visitor.query<Outputs['cart']['get']>(a, 'cart.get')
      expect(onA.data?.items.map((item) => item.quantity)).toEqual([5])
    })

    it('count a rate limit once for both: the contact form’s sixth message is refused on either', async () => {
      const visitor = browser('en')
      const message = { name: 'Rita Limit', company: '', email: 'rita@example.com', phone: '', message: 'Hello', website: '' }
      // Five messages per client every 15 minutes (server/services/rate-limits.ts), alternating instances.
      const allowed = []
      for (let i = 0; i < 5; i++) allowed.push((await visitor.mutation(i % 2 === 0 ? a : b, 'forms.contact', message)).status)
      expect(allowed).toEqual([200, 200, 200, 200, 200])
      for (const instance of [b, a]) {
        const refused = await visitor.mutation(instance, 'forms.contact', message)
        expect(refused.status).toBe(429)
        expect(refused.error?.message).toMatch(/too many/i)
      }
      // Another client is not affected.
      expect((await browser().mutation(b, 'forms.contact', message)).status).toBe(200)
    })

    it("count better-auth's own sign-in limit once for both: the fourth try in ten seconds is refused on either", async () => {
      const visitor = browser('en')
      const tries = []
      for (let i = 0; i < 4; i++) {
        const res = await visitor.auth(i % 2 === 0 ? a : b, 'sign-in/email', {
          email: `nobody-${i}-${randomUUID()}@example.com`,
          password: 'not-the-password',
        })
        tries.push({ status: res.status, retry: res.headers.get('x-retry-after') })
      }
      // Three per client address every ten seconds (better-auth's rule for sign-in), here counted in
      // Redis: each instance saw only two. Its answer (X-Retry-After) is not the shop's own limit.
      expect(tries.slice(0, 3).map((t) => t.status)).toEqual([401, 401, 401])
      expect(tries[3]!.status).toBe(429)
      expect(Number(tries[3]!.retry)).toBeGreaterThan(0)
    })

    it('serve a catalog change made through one from the other once its change notice arrives (its caches let go)', async () => {
      const owner = browser()
      const email = `admin-${randomUUID()}@example.com`
      const signUp = await owner.auth(a, 'sign-up/email', { email, password: 'a-long-password', name: 'Olga Owner' })
      expect(signUp.status, signUp.text).toBe(200)
      const [account] = await sql<Array<{ id: string }>>`update "user" set email_verified = true where email = ${email} returning id`
      await sql`insert into user_roles (user_id, role) values (${account!.id}, 'admin')`

      const [row] = await sql<
        Array<{ id: string; slug: string }>
      >`select id, slug from products where archived_at is null order by slug limit 1 offset 1`
      const visitor = browser()
      const page = `/product/${row!.slug}`
      const price = async () => (await visitor.query<Outputs['catalog']['product']>(b, 'catalog.product', { slug: row!.slug })).data!.priceRetailCents
      // B has the product in both its caches (the catalog answers and the pages).
      const before = await price()
      const kept = await eventually(
        () => visitor.query(b, 'catalog.product', { slug: row!.slug }),
        (res) => res.headers.get('x-catalog-cache') === 'hit',
        5000,
      )
      expect(kept.headers.get('x-catalog-cache')).toBe('hit')
      await visitor.get(b, page)
      const keptPage = await visitor.get(b, page)
      expect(keptPage.headers.get('x-html-cache')).toBe('hit')
      expect(keptPage.text).toContain(formatEuros(before, 'es'))

      const edited = (await owner.query<Outputs['admin']['products']['get']>(a, 'admin.products.get', { id: row!.id })).data!.product
      const changed = before + 1234
      const values: ProductInput = {
        slug: edited.slug,
        nameEs: edited.nameEs,
        nameEn: edited.nameEn,
        descriptionEs: edited.descriptionEs,
        descriptionEn: edited.descriptionEn,
        priceRetail: centsToEuroInput(changed, ','),
        priceWholesale: centsToEuroInput(edited.priceWholesaleCents, ','),
        featured: edited.featured,
        widthCm: String(edited.widthCm),
        heightCm: String(edited.heightCm),
        weightKg: edited.weightKg ?? '',
        categoryId: edited.categoryId,
        look: edited.look ?? '',
        colour: edited.colour ?? '',
        finish: edited.finish ?? '',
        texture: edited.texture ?? '',
        availability: edited.leadTimeDays === null ? 'in_stock' : 'made_to_order',
        leadTimeDays: edited.leadTimeDays === null ? '' : String(edited.leadTimeDays),
      }
      const saved = await owner.mutation(a, 'admin.products.update', { id: row!.id, expectedUpdatedAt: edited.updatedAt, values })
      expect(saved.status, JSON.stringify(saved.error)).toBe(200)

      // B lets its caches go when the change notice (LISTEN/NOTIFY) reaches it: a few milliseconds
      // after A's answer, which waits only for A's own notice. So B's next request right after may
      // still be the old one; within a second it is not, without anything but the notice.
      expect(await eventually(price, (cents) => cents === changed, 1000)).toBe(changed)
      const fresh = await visitor.get(b, page)
      expect(fresh.headers.get('x-html-cache')).not.toBe('hit')
      expect(fresh.text).toContain(formatEuros(changed, 'es'))
      expect(fresh.text).not.toContain(formatEuros(before, 'es'))
    })

    it('serve a picture uploaded through one from the other (the S3 bucket, not a DATA_DIR)', async () => {
      const owner = browser()
      const email = `admin-${randomUUID()}@example.com`
      expect((await owner.auth(b, 'sign-up/email', { email, password: 'a-long-password', name: 'Pia Pictures' })).status).toBe(200)
      const [account] = await sql<Array<{ id: string }>>`update "user" set email_verified = true where email = ${email} returning id`
      await sql`insert into user_roles (user_id, role) values (${account!.id}, 'admin')`
      const [product] = await sql<Array<{ id: string }>>`select id from products where archived_at is null order by slug limit 1 offset 2`
      const photo = await sharp({ create: { width: 900, height: 1200, channels: 3, background: { r: 160, g: 150, b: 130 } } })
        .jpeg()
        .toBuffer()
      const form = new FormData()
      form.append('picture', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'foto.jpg')
      const uploaded = await owner.post(b, `/admin/products/${product!.id}/photos`, form)
      expect(uploaded.status, uploaded.text).toBe(200)
      const { imageId } = JSON.parse(uploaded.text) as { imageId: string }
      const served = await browser().get(a, `/media/products/${imageId}-400.webp`)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/webp')
      for (const dir of dataDirs) expect(readdirSync(dir)).not.toContain('media')
    })

    describe('with Stripe (restarted in development mode: production refuses a Stripe fake)', () => {
      beforeAll(async () => {
        await stopBoth()
        await startBoth({
          NODE_ENV: 'development',
          STRIPE_SECRET_KEY: 'sk_test_multi',
          STRIPE_WEBHOOK_SECRET: webhookSecret,
          STRIPE_API_BASE: `http://127.0.0.1:${fake.port}`,
        })
      }, 180_000)

      /** The order confirmation emails both instances wrote (each has its own outbox: no SMTP_URL). */
      const confirmations = () =>
        dataDirs.flatMap((dir) => {
          try {
            return readdirSync(join(dir, 'outbox')).filter((file) => file.includes('-order-confirmation-') && file.endsWith('.eml'))
          } catch {
            return []
          }
        })

      it('fulfil an order once when both receive the same webhook at the same time, with one email', async () => {
        const shopper = browser()
        const [product] = await sql<Array<{ id: string }>>`select id from products where archived_at is null order by slug limit 1 offset 3`
        expect((await shopper.mutation(a, 'cart.add', { productId: product!.id, quantity: 3 })).status).toBe(200)
        const created = await shopper.mutation<{ orderId: string; paymentUrl?: string }>(b, 'checkout.create', {
          shipping: { ...testShipping, email: `buyer-${randomUUID()}@example.com` },
          checkoutKey: randomUUID(),
        })
        expect(created.status, JSON.stringify(created.error)).toBe(200)
        const orderId = created.data!.orderId
        const session = [...fake.sessions.values()].find((s) => s.metadata.order_id === orderId)
        expect(session).toBeDefined()
        fake.markPaid(session!.id)
        const event = {
          id: `evt_${randomUUID().replaceAll('-', '')}`,
          object: 'event',
          type: 'checkout.session.completed',
          api_version: '2025-01-01',
          created: Math.floor(Date.now() / 1000),
          livemode: false,
          data: { object: { ...fake.sessions.get(session!.id) } },
        }
        // The same event, delivered to both at once, twice (Stripe retries what it thinks was missed).
        const deliveries = await Promise.all(
          [a, b, a, b].map(async (instance) => {
            const { body, signature } = signedWebhook(event, webhookSecret)
            const res = await fetch(`${instance.url}/webhooks/stripe`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'stripe-signature': signature },
              body,
            })
            return res.status
          }),
        )
        expect(deliveries).toEqual([200, 200, 200, 200])

        const [order] = await sql<Array<{ status: string; payment_status: string }>>`select status, payment_status from orders where id = ${orderId}`
        expect(order).toEqual({ status: 'confirmed', payment_status: 'paid' })
        const [paid] = await sql<Array<{ n: number }>>`select count(*)::int as n from order_events where order_id = ${orderId} and type = 'paid'`
        expect(paid?.n).toBe(1)
        const [invoiced] = await sql<Array<{ n: number }>>`select count(*)::int as n from invoices where order_id = ${orderId} and kind = 'invoice'`
        expect(invoiced?.n).toBe(1)
        // The email: written by whichever instance sends it, once. Wait for it, then a little more
        // for a second one that should not come.
        expect((await eventually(confirmations, (files) => files.length > 0, 15_000)).length).toBe(1)
        await new Promise((resolve) => setTimeout(resolve, 1000))
        expect(confirmations()).toHaveLength(1)
        expect(fake.refunds).toEqual([])
      })

      it('said nothing at error level, either of them, from start to finish', async () => {
        await stopBoth()
        expect(outputs.flatMap(errorLines)).toEqual([])
      })
    })
  },
)

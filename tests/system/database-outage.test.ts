import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { openDatabase } from '../../server/db/client.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { shopperAs, type SignedInShopper } from '../helpers/accounts.ts'
import { withDatabase } from '../helpers/pg-url.ts'
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts'

// PostgreSQL out of reach for a while. The shop answers 503 with a clear message in the caller's
// language (never a 500, never SQL), /readyz names the database while /healthz stays alive, and
// when the database is back the shop serves again by itself, without a restart. The database sits
// behind a TCP proxy the test cuts and restores; PGlite runs in the process, so this runs on
// PostgreSQL only.

const templateUrl = inject('pgTemplateUrl')

describe.skipIf(!templateUrl)('the database out of reach (PostgreSQL only: PGlite cannot go away)', () => {
  const name = `shop_outage_${randomBytes(4).toString('hex')}`
  const admin = () => postgres(withDatabase(templateUrl!, 'postgres'), { max: 1, onnotice: () => {} })
  let proxy: TcpProxy
  let t: TestApp
  let customer: SignedInShopper
  beforeAll(async () => {
    const create = admin()
    await create.unsafe(`create database "${name}" template "${new URL(templateUrl!).pathname.slice(1)}"`)
    await create.end()
    const target = new URL(templateUrl!)
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) })
    const viaProxy = new URL(withDatabase(templateUrl!, name))
    viaProxy.host = `127.0.0.1:${proxy.port}`
    t = await createTestApp({ pages: true, database: openDatabase({ url: viaProxy.toString() }) })
    customer = await shopperAs(t, 'customer', { language: 'en' })
  })
  afterAll(async () => {
    await proxy?.restore().catch(() => {})
    await t?.app.close()
    await proxy?.close()
    const cleanup = admin()
    await cleanup.unsafe(`drop database if exists "${name}" with (force)`)
    await cleanup.end()
  })

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers })
  const products = () => get('/trpc/catalog.products')
  // Catalog reads are kept between changes: a cart write always needs the database.
  const addToCart = (productId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/trpc/cart.add',
      remoteAddress: '192.0.77.1',
      headers: { 'content-type': 'application/json', origin: t.env.PUBLIC_URL },
      payload: JSON.stringify({ productId, quantity: 1 }),
    })

  it('answers 503 with a clear message while it is gone, and serves again by itself once it is back', async () => {
    const [product] = (await products()).json<{ result: { data: Array<{ id: string }> } }>().result.data
    const added = await addToCart(product!.id)
    expect(added.statusCode).toBe(200)
    const cartCookie = added.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
    expect(cartCookie).not.toBe('')
    expect((await get('/readyz')).json()).toMatchObject({ status: 'ready' })

    expect((await get('/en/', { accept: 'text/html' })).statusCode).toBe(200)
    await proxy.cut()

    const api = await addToCart(product!.id)
    expect(api.statusCode).toBe(503)
    expect(api.headers['retry-after']).toBe('5')
    expect(api.json<{ error: { message: string } }>().error.message).toBe(
      'La tienda no está disponible en este momento. Inténtelo de nuevo en unos instantes: no se ha cambiado nada.',
    )
    expect(api.body).not.toMatch(/select|ECONNREFUSED|postgres/i)

    const signedIn = await customer.shopper.query('account.me')
    expect(signedIn.status).toBe(503)
    expect(signedIn.res.body).toContain('The shop is briefly unavailable')

    // A signed-in visitor's page: a page saying so, in their language, with the id to quote.
    const cookie = [...customer.shopper.jar].map(([k, v]) => `${k}=${v}`).join('; ')
    const page = await get('/en/orders', { cookie, accept: 'text/html' })
    expect(page.statusCode).toBe(503)
    expect(page.headers['content-type']).toMatch(/text\/html/)
    expect(page.body).toContain('The shop is briefly unavailable')
    expect(page.body).toMatch(/<code>[\w-]+<\/code>/)
    // A visitor's page seen before the outage is served from what the shop keeps.
    const home = await get('/en/', { accept: 'text/html' })
    expect(home.statusCode).toBe(200)
    expect(home.headers['x-html-cache']).toBe('hit')
    // One it must render (a visitor with a cart: never from memory): 503 as well. The query
    // library logs the failed query, which is expected here.
    const logged = vi.mocked(console.error)
    const guard = logged.getMockImplementation()
    logged.mockImplementation(() => {})
    const unseen = await get('/en/', { accept: 'text/html', cookie: cartCookie })
    if (guard) logged.mockImplementation(guard)
    expect(unseen.statusCode).toBe(503)
    expect(unseen.body).toContain('The shop is briefly unavailable')

    const ready = await get('/readyz')
    expect(ready.statusCode).toBe(503)
    expect(ready.json()).toEqual({ status: 'unavailable', failing: ['database'] })
    expect((await get('/healthz')).statusCode).toBe(200)

    await proxy.restore()

    // postgres-js reconnects on the next queries: no restart, no operator.
    await expect.poll(async () => (await addToCart(product!.id)).statusCode, { timeout: 15_000, interval: 250 }).toBe(200)
    expect((await get('/readyz')).statusCode).toBe(200)
    expect((await customer.shopper.query('account.me')).status).toBe(200)
  }, 60_000)
})

import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { products } from '../db/schema/index.ts'
import { seedProducts } from '../db/seed-data.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { sharedTestApp } from '../../tests/helpers/shared-app.ts'
import { eventually } from '../../tests/helpers/eventually.ts'
import { createSharedTestDatabase } from '../../tests/helpers/db.ts'
import { HtmlCache } from './html-cache.ts'
import { formatEuros } from '../../core/money.ts'

// Visitors' pages come from memory until the catalog changes; anything with a session or
// a cart renders fresh; each response has its own CSP nonce (`npm test` builds the client first).
const product = seedProducts[1]!
const path = `/product/${product.slug}`

const t = sharedTestApp({ pages: true })

const get = (app: TestApp, url: string, cookie?: string) => app.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })

/** The nonce of the page's CSP header, and every nonce attribute in its HTML. */
function nonces(res: { headers: Record<string, unknown>; body: string }) {
  const header = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1]
  const inPage = [...res.body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1])
  return { header, inPage }
}

describe('the HTML cache for visitors', () => {
  it('serves a visitor the same page from memory, with a fresh nonce in the header and the page alike', async () => {
    const first = await get(t, path)
    const second = await get(t, path)
    expect(first.statusCode).toBe(200)
    expect(first.headers['x-html-cache']).toBe('miss')
    expect(second.headers['x-html-cache']).toBe('hit')
    expect(second.statusCode).toBe(200)
    expect(second.headers['content-type']).toBe(first.headers['content-type'])
    const a = nonces(first)
    const b = nonces(second)
    expect(b.header).not.toBe(a.header)
    expect(b.inPage.length).toBeGreaterThan(0)
    expect(new Set(b.inPage)).toEqual(new Set([b.header]))
    expect(second.body.replaceAll(b.header!, a.header!)).toBe(first.body)
  })

  it('keeps each language apart by its URL, whatever the visitor’s language cookie', async () => {
    await get(t, '/en/shop')
    const english = await get(t, '/en/shop')
    expect(english.headers['x-html-cache']).toBe('hit')
    expect(english.body).toContain('<html lang="en"')
    await get(t, '/shop')
    for (const cookie of [undefined, 'lang=en', 'lang=es']) {
      const spanish = await get(t, '/shop', cookie)
      expect(spanish.headers['x-html-cache']).toBe('hit')
      expect(spanish.body).toContain('<html lang="es"')
    }
  })

  it('never answers from or fills the cache for a request with a session or a cart cookie', async () => {
    await get(t, '/faq')
    for (const cookie of [
      'better-auth.session_token=abc.def',
      '__Secure-better-auth.session_token=abc.def',
      'cart_session_id=xyz',
      '__Host-cart_session_id=xyz',
    ]) {
      const res = await get(t, '/faq', cookie)
      expect(res.statusCode).toBe(200)
      expect(res.headers['x-html-cache']).toBeUndefined()
    }
  })

  it('caches only the catalog’s and the fixed texts’ pages, never a payment, checkout, order or account page', async () => {
    for (const url of [
      '/checkout',
      '/orders',
      '/account',
      '/auth',
      '/payment-success',
      '/test-payment/test_cs_x',
      '/b2b',
      '/admin',
      '/en/checkout',
      '/en/account',
    ]) {
      await get(t, url)
      expect((await get(t, url)).headers['x-html-cache']).toBeUndefined()
    }
    for (const url of ['/', '/contact', '/category/marmol', '/en/', '/en/contact', '/en/category/marmol']) {
      await get(t, url)
      expect((await get(t, url)).headers['x-html-cache']).toBe('hit')
    }
  })

  it('never keeps a language redirect (it sets the chosen language’s cookie each time), nor an error page', async () => {
    for (let i = 0; i < 2; i++) {
      const chosen = await get(t, '/about?lang=en')
      expect(chosen.statusCode).toBe(308)
      expect(chosen.headers['set-cookie']).toBeDefined()
      expect(chosen.headers['x-html-cache']).toBeUndefined()
    }
    await get(t, '/product/no-such-panel')
    const missing = await get(t, '/product/no-such-panel')
    expect(missing.statusCode).toBe(404)
    expect(missing.headers['x-html-cache']).toBe('miss')
  })

  it('renders afresh once the catalog changes, even when changed by hand in a database client', async () => {
    await get(t, path)
    expect((await get(t, path)).headers['x-html-cache']).toBe('hit')
    const price = product.priceRetailCents + 1234
    await t.database.db.update(products).set({ priceRetailCents: price }).where(eq(products.slug, product.slug))
    await eventually(async () => (await get(t, path)).headers['x-html-cache'] === 'miss')
    const fresh = await get(t, path)
    expect(fresh.body).toContain(formatEuros(price, 'es'))
  })
})

describe('the HTML cache on two instances of one PostgreSQL database', async () => {
  const shared = await createSharedTestDatabase()
  // PGlite is one process's database: this needs TEST_DATABASE_URL (CI runs the suite on PostgreSQL too).
  it.skipIf(shared === null)('a catalog change made through one instance is served by the other on its next request', async () => {
    const one = await createTestApp({ pages: true, database: shared!.open() })
    const two = await createTestApp({ pages: true, database: shared!.open() })
    try {
      await get(one, path)
      expect((await get(one, path)).headers['x-html-cache']).toBe('hit')
      const price = product.priceRetailCents + 777
      await two.database.db.update(products).set({ priceRetailCents: price }).where(eq(products.slug, product.slug))
      await eventually(async () => (await get(one, path)).body.includes(formatEuros(price, 'es')))
    } finally {
      await one.app.close()
      await two.app.close()
      await shared!.drop()
    }
  })
})

describe('HtmlCache bounds', () => {
  const catalog = { current: () => 0, subscribe: () => () => {}, movedPast: async () => {}, stop: async () => {} }
  const page = (body: string) => ({ status: 200, headers: [], body: `<script nonce="n1">${body}</script>`, nonce: 'n1', version: 0 })

  it('keeps pages up to a total size: beyond it the least recently used go first', () => {
    const cache = new HtmlCache({ catalog, maxBytes: 3000 })
    for (const key of ['a', 'b', 'c']) cache.set(key, page('x'.repeat(900)))
    expect(cache.get('a', 'n2')?.body.toString()).toBe(`<script nonce="n2">${'x'.repeat(900)}</script>`)
    cache.set('d', page('x'.repeat(900)))
    expect(cache.size).toBe(3)
    expect(cache.get('b', 'n3')).toBeNull()
    expect(cache.get('a', 'n3')).not.toBeNull()
  })
})

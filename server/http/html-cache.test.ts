import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '../db/schema/index.ts'
import { seedProducts } from '../db/seed-data.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { createSharedTestDatabase } from '../../tests/helpers/db.ts'
import { formatEuros } from '../../core/money.ts'

// Issue 11: visitors' pages come from memory until the catalog changes; anything with a session or
// a cart renders fresh; each response has its own CSP nonce (`npm test` builds the client first).
const product = seedProducts[1]!
const path = `/product/${product.slug}`

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ pages: true })
})
afterAll(async () => {
  await t.app.close()
})

const get = (app: TestApp, url: string, cookie?: string) => app.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })

/** The nonce of the page's CSP header, and every nonce attribute in its HTML. */
function nonces(res: { headers: Record<string, unknown>; body: string }) {
  const header = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1]
  const inPage = [...res.body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1])
  return { header, inPage }
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 50))
  }
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

  it('keeps each language apart', async () => {
    await get(t, '/shop?lang=en')
    const english = await get(t, '/shop', 'lang=en')
    const spanish = await get(t, '/shop', 'lang=es')
    expect(english.body).toContain('<html lang="en"')
    expect(spanish.body).toContain('<html lang="es"')
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
    for (const url of ['/checkout', '/orders', '/account', '/auth', '/payment-success', '/test-payment/test_cs_x', '/b2b', '/admin']) {
      await get(t, url)
      expect((await get(t, url)).headers['x-html-cache']).toBeUndefined()
    }
    for (const url of ['/', '/contact', '/category/marmol']) {
      await get(t, url)
      expect((await get(t, url)).headers['x-html-cache']).toBe('hit')
    }
  })

  it('keeps no page that sets a cookie (a language chosen with ?lang=) and no error page', async () => {
    const chosen = await get(t, '/about?lang=en')
    expect(chosen.headers['set-cookie']).toBeDefined()
    expect(chosen.headers['x-html-cache']).toBeUndefined()
    expect((await get(t, '/about?lang=en')).headers['set-cookie']).toBeDefined()
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
    await waitFor(async () => (await get(t, path)).headers['x-html-cache'] === 'miss')
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
      await waitFor(async () => (await get(one, path)).body.includes(formatEuros(price, 'es')))
    } finally {
      await one.app.close()
      await two.app.close()
      await shared!.drop()
    }
  })
})

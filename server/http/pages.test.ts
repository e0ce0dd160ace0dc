import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedProducts } from '../db/seed-data.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'

// Server-side rendering through Fastify with the built client (`npm test` builds first).
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ pages: true })
})
afterAll(async () => {
  await t.app.close()
})

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })

describe('pages rendered on the server', () => {
  it.each([
    '/',
    '/shop',
    '/catalog',
    '/about',
    '/contact',
    '/category/marmol',
    `/product/${seedProducts[0]!.slug}`,
    '/privacy',
    '/terms',
    '/returns',
    '/faq',
    '/auth',
  ])('%s answers 200 with a title, a description, a canonical link and hreflang alternates', async (path) => {
    const res = await get(path)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.body).toMatch(/<title>[^<]+<\/title>/)
    expect(res.body).toMatch(/<meta name="description" content="[^"]+"/)
    expect(res.body).toContain(`<link rel="canonical" href="http://localhost:3000${path}?lang=es"`)
    expect(res.body).toContain(`hrefLang="en" href="http://localhost:3000${path}?lang=en"`)
    expect(res.body).toMatch(/<h1[^>]*>/)
  })

  it('renders Spanish by default, English with ?lang=en (and remembers it in a cookie), or with the cookie', async () => {
    const product = seedProducts[2]!
    const es = await get(`/product/${product.slug}`)
    expect(es.body).toContain('<html lang="es"')
    expect(es.body).toContain(product.nameEs)
    const en = await get(`/product/${product.slug}?lang=en`)
    expect(en.body).toContain('<html lang="en"')
    expect(en.body).toContain(product.nameEn)
    expect(en.cookies.find((c) => c.name === 'lang')?.value).toBe('en')
    const byCookie = await get('/', 'lang=en')
    expect(byCookie.body).toContain('<html lang="en"')
  })

  it('answers 404 with the 404 page for an unknown path and “Producto no encontrado” for an unknown product', async () => {
    const unknown = await get('/no-such-page')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.body).toContain('404')
    expect(unknown.body).toContain('¡Vaya! Página no encontrada')
    const product = await get('/product/no-such-panel')
    expect(product.statusCode).toBe(404)
    expect(product.body).toContain('Producto no encontrado')
    const category = await get('/category/no-such-category')
    expect(category.statusCode).toBe(404)
  })

  it('sends a Content-Security-Policy whose nonce is on every inline and module script', async () => {
    const res = await get('/')
    const csp = String(res.headers['content-security-policy'])
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("object-src 'none'")
    expect(nonce).toBeTruthy()
    const scripts = res.body.match(/<script(?![^>]*application\/ld\+json)[^>]*>/g) ?? []
    expect(scripts.length).toBeGreaterThan(0)
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
    const again = await get('/')
    expect(again.headers['content-security-policy']).not.toBe(csp)
  })

  it('never puts a wholesale price in a visitor’s HTML', async () => {
    const product = seedProducts[0]!
    const res = await get(`/category/${product.categorySlug}`)
    expect(res.body).not.toContain('priceWholesaleCents')
  })
})

describe('test-mode banner', () => {
  it('is on every page while the built-in test provider takes payments, and absent with Stripe', async () => {
    for (const path of ['/', '/shop', '/checkout']) {
      const res = await get(path)
      expect(res.body).toContain('data-testid="test-mode-banner"')
      expect(res.body).toContain('Modo de prueba: los pagos son simulados y no se cobra ninguna tarjeta.')
    }
    const live = await createTestApp({
      pages: true,
      env: { STRIPE_SECRET_KEY: 'sk_test_pages', STRIPE_WEBHOOK_SECRET: 'whsec_pages' },
    })
    try {
      const res = await live.app.inject({ method: 'GET', url: '/' })
      expect(res.statusCode).toBe(200)
      expect(res.body).not.toContain('test-mode-banner')
    } finally {
      await live.app.close()
    }
  })
})

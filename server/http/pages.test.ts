import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { seedProducts } from '../db/seed-data.ts'
import { createTestApp } from '../../tests/helpers/app.ts'
import { sharedTestApp } from '../../tests/helpers/shared-app.ts'
import { shopperAs } from '../../tests/helpers/accounts.ts'
import { publicPages, testPublicUrl } from '../../tests/helpers/constants.ts'
import { localizedPath } from '../../core/language-urls.ts'

// Server-side rendering through Fastify with the built client (`npm test` builds first).
const t = sharedTestApp({ pages: true })

const origin = testPublicUrl
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })

describe('pages rendered on the server', () => {
  it.each([...publicPages, '/auth'])('%s answers 200 with a title, a description, a canonical link and hreflang alternates', async (path) => {
    const res = await get(path)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.body).toMatch(/<title>[^<]+<\/title>/)
    expect(res.body).toMatch(/<meta name="description" content="[^"]+"/)
    expect(res.body).toContain(`<link rel="canonical" href="${origin}${path}"`)
    expect(res.body).toContain(`hrefLang="es" href="${origin}${path}"`)
    expect(res.body).toContain(`hrefLang="en" href="${origin}${localizedPath(path, 'en')}"`)
    expect(res.body).toContain(`hrefLang="x-default" href="${origin}${path}"`)
    expect(res.body).toMatch(/<h1[^>]*>/)
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

  it('names its code on its start script instead of preloading it: the entry and the route’s own chunks', async () => {
    const html = (await get(`/category/${seedProducts[0]!.categorySlug}`)).body
    // Nothing competes with the first view's pictures for the network (src/lib/start-script.ts).
    expect(html).not.toMatch(/<link[^>]* rel="modulepreload"/)
    expect(html).not.toMatch(/<script[^>]* src=/)
    const start = /<script[^>]* data-entry="([^"]+)" data-preload="([^"]*)"/.exec(html)
    expect(start?.[1]).toMatch(/^\/assets\/entry-client-[\w-]+\.js$/)
    const chunks = start?.[2]?.split(' ') ?? []
    expect(chunks.some((chunk) => /^\/assets\/category\._slug-[\w-]+\.js$/.test(chunk))).toBe(true)
    expect(chunks.some((chunk) => /product\._slug|checkout/.test(chunk))).toBe(false)
  })

  it('never puts a wholesale price in a visitor’s HTML', async () => {
    const product = seedProducts[0]!
    const res = await get(`/category/${product.categorySlug}`)
    expect(res.body).not.toContain('priceWholesaleCents')
  })
})

describe('the prices a page states ("desde")', () => {
  /** The page's visible words, one space between them. */
  const textOf = (html: string) =>
    html
      .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/[\s\u00a0]+/g, ' ')

  it('gives each category card its cheapest panel and the home its cheapest of all, for a visitor and a wholesale customer', async () => {
    const catalog = textOf((await get('/catalog')).body)
    // Mármol, Madera, Piedra in display order: the seed's cheapest of each (not 80 € on every card).
    expect([...catalog.matchAll(/Desde (\d+,\d\d) €\/panel/g)].map((m) => m[1])).toEqual(['85,00', '80,00', '89,00'])
    const home = (await get('/')).body
    expect(textOf(home)).toContain('Desde 80,00 € por panel')
    expect(home).toMatch(/<meta name="description" content="[^"]*desde 80,00\u00a0€ por panel/)

    const { shopper } = await shopperAs(t, 'b2b')
    const cookie = [...shopper.jar].map(([name, value]) => `${name}=${value}`).join('; ')
    expect(textOf((await get('/', cookie)).body)).toContain('Desde 40,00 € por panel')
    expect([...textOf((await get('/catalog', cookie)).body).matchAll(/Desde (\d+,\d\d) €\/panel/g)].map((m) => m[1])).toEqual([
      '40,00',
      '40,00',
      '42,00',
    ])
  })

  it('states the lowest wholesale price on /b2b to everyone, and names no product’s', async () => {
    const page = (await get('/en/b2b')).body
    expect(textOf(page)).toContain('buy our panels at wholesale prices, from €40.00 per panel.')
    expect(page).not.toContain('priceWholesaleCents')
  })
})

describe('compression', () => {
  it.each([
    ['br', '/shop', 200],
    ['gzip', '/shop', 200],
    ['gzip', '/en/product/no-such-panel', 404],
  ])('sends the HTML in %s when the browser accepts it (%s, %i)', async (encoding, path, status) => {
    const res = await t.app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': encoding } })
    expect(res.statusCode).toBe(status)
    expect(res.headers['content-encoding']).toBe(encoding)
    const html = (encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload)).toString('utf8')
    expect(html).toMatch(/^<!DOCTYPE html>/i)
    // Compressed, not merely labelled so (a small 404 page compresses less than a product list).
    expect(res.rawPayload.length).toBeLessThan(html.length / 2)
  })

  it('sends it plain to a client that accepts no encoding', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/shop' })
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body).toMatch(/^<!DOCTYPE html>/i)
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

describe('language URLs (docs/product.md#language)', () => {
  const product = seedProducts[2]!
  const spanishPath = `/product/${product.slug}`
  const englishPath = `/en/product/${product.slug}`

  it('renders Spanish at the bare path and English under /en/, each with a self canonical and both alternates', async () => {
    const es = await get(spanishPath)
    expect(es.statusCode).toBe(200)
    expect(es.body).toContain('<html lang="es"')
    expect(es.body).toContain(product.nameEs)
    expect(es.body).toContain(`<link rel="canonical" href="${origin}${spanishPath}"`)
    expect(es.body).toContain('<meta property="og:locale" content="es_ES"')
    const en = await get(englishPath)
    expect(en.statusCode).toBe(200)
    expect(en.body).toContain('<html lang="en"')
    expect(en.body).toContain(product.nameEn)
    expect(en.body).toContain(`<link rel="canonical" href="${origin}${englishPath}"`)
    expect(en.body).toContain(`<meta property="og:url" content="${origin}${englishPath}"`)
    expect(en.body).toContain('<meta property="og:locale" content="en_GB"')
    expect(en.body).toContain(`hrefLang="es" href="${origin}${spanishPath}"`)
    expect(en.body).toContain(`hrefLang="en" href="${origin}${englishPath}"`)
    expect(en.body).toContain(`hrefLang="x-default" href="${origin}${spanishPath}"`)
    // A page sets no cookie: its URL says its language, and it stays cacheable.
    expect(en.headers['set-cookie']).toBeUndefined()
    const home = await get('/en/')
    expect(home.statusCode).toBe(200)
    expect(home.body).toContain('<html lang="en"')
    expect(home.body).toContain(`<link rel="canonical" href="${origin}/en/"`)
  })

  it('keeps an English page’s links English, and its toggle points at the Spanish URL of the same page', async () => {
    const en = await get(englishPath)
    const hrefs = [...en.body.matchAll(/<a [^>]*href="(\/[^"]*)"/g)].map((match) => match[1]!)
    expect(hrefs).toContain('/en/shop')
    expect(hrefs).toContain('/en/')
    // The only bare paths: the toggle's Spanish link and files (the PDF catalog) that have no language.
    const bare = hrefs.filter((href) => !href.startsWith('/en/'))
    expect(bare).toContain(spanishPath)
    for (const href of bare) expect([spanishPath, '/catalog.pdf']).toContain(href.split('?')[0])
    expect(en.body).toMatch(new RegExp(`<a href="${spanishPath}" hrefLang="es" lang="es"`))
    const es = await get(spanishPath)
    expect(es.body).toMatch(new RegExp(`<a href="${englishPath}" hrefLang="en" lang="en"`))
    expect(es.body).toMatch(/<a href="\/product\/[^"]+" hrefLang="es" lang="es"[^>]*aria-current="page"/)
  })

  it('answers 308 from ?lang= to the language’s URL, keeping the rest of the query, and remembers the choice', async () => {
    const toEnglish = await get(`${spanishPath}?lang=en`)
    expect(toEnglish.statusCode).toBe(308)
    expect(toEnglish.headers.location).toBe(englishPath)
    expect(toEnglish.cookies.find((c) => c.name === 'lang')).toMatchObject({ value: 'en', path: '/', sameSite: 'Lax' })
    expect(toEnglish.headers['cache-control']).toBe('no-store')
    const toSpanish = await get(`/en/shop?category=marmol&lang=es`)
    expect(toSpanish.statusCode).toBe(308)
    expect(toSpanish.headers.location).toBe('/shop?category=marmol')
    expect(toSpanish.cookies.find((c) => c.name === 'lang')?.value).toBe('es')
    const home = await get('/?lang=en')
    expect(home.statusCode).toBe(308)
    expect(home.headers.location).toBe('/en/')
    // An unknown value is dropped; the page keeps its path's language and no choice is remembered.
    const unknown = await get('/shop?lang=fr&category=marmol')
    expect(unknown.statusCode).toBe(308)
    expect(unknown.headers.location).toBe('/shop?category=marmol')
    expect(unknown.cookies).toEqual([])
    // Never to another site, however the path is spelled.
    for (const url of ['/.//evil.example?lang=es', '/en/.//evil.example?lang=es', '/.//evil.example?lang=en']) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(308)
      expect(String(res.headers.location), url).toMatch(/^\/(?![/\\])/)
    }
  })

  it('lets the English home’s toggle reach the Spanish home without JavaScript, forgetting the English choice', async () => {
    const home = await get('/en/')
    expect(home.body).toMatch(/<a href="\/\?lang=es" hrefLang="es" lang="es"/)
    expect((await get('/en/?utm_source=x')).body).toContain('<a href="/?utm_source=x&amp;lang=es" hrefLang="es"')
    const chosen = await get('/?lang=es', 'lang=en')
    expect(chosen.statusCode).toBe(308)
    expect(chosen.headers.location).toBe('/')
    expect(chosen.cookies.find((c) => c.name === 'lang')?.value).toBe('es')
    expect((await get('/', 'lang=es')).body).toContain('<html lang="es"')
  })

  it('keeps the router’s own redirects in the page’s language (sign-in before /en/orders)', async () => {
    const english = await get('/en/orders')
    expect(english.statusCode).toBe(307)
    expect(english.headers.location).toBe('/en/auth?redirect=%2Forders')
    expect((await get('/orders')).headers.location).toBe('/auth?redirect=%2Forders')
  })

  it('answers 308 from /en to the English home /en/', async () => {
    const res = await get('/en?utm_source=x')
    expect(res.statusCode).toBe(308)
    expect(res.headers.location).toBe('/en/?utm_source=x')
  })

  it('sends someone who chose English from the bare home to /en/ (302, per cookie); other Spanish pages stay Spanish', async () => {
    const home = await get('/', 'lang=en')
    expect(home.statusCode).toBe(302)
    expect(home.headers.location).toBe('/en/')
    expect(home.headers['cache-control']).toBe('no-store')
    expect(String(home.headers.vary)).toMatch(/cookie/i)
    expect((await get('/', 'lang=es')).statusCode).toBe(200)
    const shop = await get('/shop', 'lang=en')
    expect(shop.statusCode).toBe(200)
    expect(shop.body).toContain('<html lang="es"')
  })

  it('serves an English 404 under /en/', async () => {
    const res = await get('/en/no-such-page')
    expect(res.statusCode).toBe(404)
    expect(res.body).toContain('<html lang="en"')
    expect(res.body).toContain('Oops! Page not found')
  })
})

describe('what crawlers see in the headers', () => {
  it.each([
    ['/', 'es'],
    ['/en/', 'en'],
    ['/shop', 'es'],
    ['/en/shop', 'en'],
    ['/no-such-page', 'es'],
    ['/en/product/no-such-panel', 'en'],
  ])('%s says its language in Content-Language (%s), from memory too', async (path, language) => {
    for (const attempt of ['first', 'again']) {
      const res = await get(path)
      expect(res.headers['content-type'], attempt).toContain('text/html')
      expect(res.headers['content-language'], attempt).toBe(language)
    }
  })

  it('sends the HTML 404 page compressed, with its language', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no-such-page', headers: { 'accept-encoding': 'br, gzip' } })
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-language']).toBe('es')
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toContain('¡Vaya! Página no encontrada')
  })

  it.each([
    ['/shop/', '/shop'],
    ['/shop/?category=marmol', '/shop?category=marmol'],
    [`/en/product/${seedProducts[1]!.slug}/`, `/en/product/${seedProducts[1]!.slug}`],
    ['/category/marmol//', '/category/marmol'],
    ['/orders/', '/orders'],
  ])('answers 308 from %s to the same page without the trailing slash, %s', async (path, location) => {
    const res = await get(path)
    expect(res.statusCode).toBe(308)
    expect(res.headers.location).toBe(location)
  })

  it('keeps a redirect that depends on the visitor temporary: 307 to sign in first', async () => {
    const res = await get('/orders')
    expect(res.statusCode).toBe(307)
    expect(res.headers.location).toBe('/auth?redirect=%2Forders')
  })

  it('answers a missing build file with a short plain-text 404 that is not kept, and still serves the real ones', async () => {
    for (const path of ['/assets/missing.js', '/assets/app-00000000.css', '/assets/deep/missing.js']) {
      const res = await t.app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'br, gzip' } })
      expect(res.statusCode, path).toBe(404)
      expect(res.headers['content-type'], path).toMatch(/^text\/plain/)
      expect(res.headers['cache-control'], path).toBe('no-store')
      expect(res.rawPayload.length, path).toBeLessThan(100)
    }
    const script = / data-entry="(\/assets\/[^"]+\.js)"/.exec((await get('/')).body)?.[1]
    expect(script).toBeTruthy()
    const real = await get(script!)
    expect(real.statusCode).toBe(200)
    expect(real.headers['cache-control']).toContain('immutable')
  })
})

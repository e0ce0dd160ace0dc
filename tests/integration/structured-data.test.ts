import { describe, expect, it } from 'vitest'
import { testPublicUrl } from '../helpers/app.ts'
import { sharedTestApp } from '../helpers/shared-app.ts'
import { sampleCompany } from '../../core/company.ts'
import { localizedPath } from '../../core/language-urls.ts'
import type { Language } from '../../core/language.ts'
import { seedCategories, seedProducts } from '../../server/db/seed-data.ts'

// What search engines and link previews read from the server's HTML (the built client renders the
// pages, as server/http/pages.test.ts): schema.org data, Open Graph and Twitter tags, 404 heads.
const t = sharedTestApp({ pages: true })

const origin = testPublicUrl
const get = (url: string) => t.app.inject({ method: 'GET', url })
type Node = Record<string, unknown>

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

/** A page's head as crawlers read it. */
function headOf(html: string) {
  const meta = (key: string) => {
    const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)
    return match ? decode(match[1]!) : undefined
  }
  return {
    title: decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''),
    meta,
    canonical: /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1],
    // Every block must parse: JSON.parse throws on one that does not.
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as Node),
  }
}

async function page(path: string) {
  const res = await get(path)
  expect(res.statusCode, path).toBe(200)
  return { html: res.body, ...headOf(res.body) }
}

const ofType = (nodes: Node[], type: string) => {
  const node = nodes.find((n) => n['@type'] === type)
  expect(node, `a ${type}`).toBeDefined()
  return node!
}

/** Every URL anywhere in the data (schema.org's own vocabulary URLs aside). */
function urlsIn(value: unknown): string[] {
  if (typeof value === 'string') return /^https?:\/\//.test(value) && !value.startsWith('https://schema.org') ? [value] : []
  if (Array.isArray(value)) return value.flatMap(urlsIn)
  if (value && typeof value === 'object') return Object.values(value).flatMap(urlsIn)
  return []
}

/**
 * Each URL in a page's data is a canonical one in the page's language: a page URL answers 200 with
 * itself as canonical (an `@id` may add a fragment), a picture answers 200.
 */
async function expectCanonicalUrls(nodes: Node[], language: Language) {
  const urls = [...new Set(urlsIn(nodes).map((url) => url.split('#')[0]!))]
  expect(urls.length).toBeGreaterThan(0)
  for (const url of urls) {
    expect(url.startsWith(`${origin}/`), url).toBe(true)
    const path = url.slice(origin.length)
    if (path.startsWith('/assets/')) {
      expect((await get(path)).statusCode, url).toBe(200)
      continue
    }
    expect(path, url).toBe(localizedPath(path, language))
    expect((await page(path)).canonical, url).toBe(url)
  }
}

const marble = seedCategories.find((c) => c.slug === 'marmol')!
const product = seedProducts.find((p) => p.categorySlug === 'marmol')!

describe('the company’s structured data (home, about, contact)', () => {
  it.each(['/', '/en/', '/about', '/en/about', '/contact', '/en/contact'])(
    '%s names the company and its Torrevieja showroom with address, phone, map position and opening hours',
    async (path) => {
      const { jsonLd, canonical } = await page(path)
      const language: Language = path.startsWith('/en/') ? 'en' : 'es'
      const organization = ofType(jsonLd, 'Organization')
      const showroom = ofType(jsonLd, 'LocalBusiness')
      expect(organization['@context']).toBe('https://schema.org')
      expect(organization).toMatchObject({
        name: sampleCompany.name,
        legalName: sampleCompany.legalName,
        url: `${origin}${localizedPath('/', language)}`,
      })
      expect(showroom).toMatchObject({
        name: sampleCompany.name,
        telephone: `+${sampleCompany.phoneDigits}`,
        address: {
          '@type': 'PostalAddress',
          streetAddress: sampleCompany.address.street,
          postalCode: sampleCompany.address.postalCode,
          addressLocality: 'Torrevieja',
          addressRegion: 'Alicante',
          addressCountry: 'ES',
        },
        geo: { '@type': 'GeoCoordinates', latitude: sampleCompany.map.latitude, longitude: sampleCompany.map.longitude },
        parentOrganization: { '@id': organization['@id'] },
      })
      const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']
      expect(showroom.openingHoursSpecification).toEqual([
        { '@type': 'OpeningHoursSpecification', dayOfWeek: weekdays, opens: '09:00', closes: '14:00' },
        { '@type': 'OpeningHoursSpecification', dayOfWeek: weekdays, opens: '16:30', closes: '19:30' },
        { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '10:00', closes: '13:30' },
      ])
      expect(canonical).toBe(`${origin}${path}`)
      await expectCanonicalUrls(jsonLd, language)
    },
  )
})

describe('a category’s structured data', () => {
  it.each([
    ['es', '/category/marmol'],
    ['en', '/en/category/marmol'],
  ] as const)('(%s) is a CollectionPage listing the products the page shows, with a breadcrumb in the page’s language', async (language, path) => {
    const { jsonLd, html, canonical } = await page(path)
    expect(canonical).toBe(`${origin}${path}`)
    const name = language === 'en' ? marble.nameEn : marble.nameEs
    const collection = ofType(jsonLd, 'CollectionPage')
    expect(collection).toMatchObject({ url: canonical, inLanguage: language })
    expect(collection.name).toContain(name)
    // The products in the order the grid shows them, each at its canonical URL in the page's language.
    const shown = [...new Set([...html.matchAll(/<a [^>]*href="((?:\/en)?\/product\/[^"]+)"/g)].map((m) => `${origin}${m[1]}`))]
    const inCategory = seedProducts.filter((p) => p.categorySlug === 'marmol')
    expect(shown).toHaveLength(inCategory.length)
    expect(collection.mainEntity).toMatchObject({ '@type': 'ItemList', numberOfItems: inCategory.length })
    expect(collection.mainEntity).toMatchObject({ itemListElement: shown.map((url, index) => ({ '@type': 'ListItem', position: index + 1, url })) })
    const breadcrumb = ofType(jsonLd, 'BreadcrumbList')
    expect(breadcrumb.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: language === 'en' ? 'Home' : 'Inicio', item: `${origin}${localizedPath('/', language)}` },
      { '@type': 'ListItem', position: 2, name: language === 'en' ? 'Shop' : 'Tienda', item: `${origin}${localizedPath('/shop', language)}` },
      { '@type': 'ListItem', position: 3, name, item: canonical },
    ])
    if (language === 'en') expect(JSON.stringify(jsonLd)).not.toContain(marble.nameEs)
    await expectCanonicalUrls(jsonLd, language)
  })
})

describe('a product’s structured data', () => {
  it.each([
    ['es', `/product/${product.slug}`],
    ['en', `/en/product/${product.slug}`],
  ] as const)(
    '(%s) is in the page’s language at its canonical URL, with free delivery to each zone in its window and the 14-day returns of /returns',
    async (language, path) => {
      const { jsonLd, canonical } = await page(path)
      expect(canonical).toBe(`${origin}${path}`)
      const item = ofType(jsonLd, 'Product')
      expect(item).toMatchObject({
        name: language === 'en' ? product.nameEn : product.nameEs,
        description: language === 'en' ? product.descriptionEn : product.descriptionEs,
        category: language === 'en' ? marble.nameEn : marble.nameEs,
        url: canonical,
        offers: {
          '@type': 'Offer',
          url: canonical,
          priceCurrency: 'EUR',
          price: (product.priceRetailCents / 100).toFixed(2),
          availability: 'https://schema.org/InStock',
        },
      })
      const offers = item.offers as Node
      // A fresh shop: one panel travels free to each zone, in its window; none online to the provinces not served.
      expect(offers.shippingDetails).toMatchObject([
        {
          '@type': 'OfferShippingDetails',
          shippingRate: { value: '0.00', currency: 'EUR' },
          shippingDestination: {
            '@type': 'DefinedRegion',
            addressCountry: 'ES',
            postalCodePrefix: expect.arrayContaining(['03', '28', '46']) as unknown,
          },
          deliveryTime: { transitTime: { minValue: 3, maxValue: 5, unitCode: 'DAY' } },
        },
        {
          shippingRate: { value: '0.00', currency: 'EUR' },
          shippingDestination: { addressCountry: 'ES', postalCodePrefix: ['07'] },
          deliveryTime: { transitTime: { minValue: 4, maxValue: 7, unitCode: 'DAY' } },
        },
        { doesNotShip: true, shippingDestination: { addressCountry: 'ES', postalCodePrefix: ['35', '38', '51', '52'] } },
      ])
      const policy = offers.hasMerchantReturnPolicy as Node
      expect(policy).toMatchObject({
        '@type': 'MerchantReturnPolicy',
        applicableCountry: 'ES',
        returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
        merchantReturnLink: `${origin}${localizedPath('/returns', language)}`,
      })
      // The same number of days the returns page gives.
      const days = policy.merchantReturnDays as number
      const returns = await page(localizedPath('/returns', language))
      expect(returns.html).toContain(language === 'en' ? `within ${days} calendar days` : `plazo de ${days} días naturales`)
      const crumbs = ofType(jsonLd, 'BreadcrumbList').itemListElement as Node[]
      expect(crumbs.map((crumb) => crumb.item)).toEqual(
        ['/', '/shop', '/category/marmol', `/product/${product.slug}`].map((route) => `${origin}${localizedPath(route, language)}`),
      )
      expect(crumbs[2]?.name).toBe(language === 'en' ? marble.nameEn : marble.nameEs)
      if (language === 'en') expect(JSON.stringify(jsonLd)).not.toContain(marble.nameEs)
      await expectCanonicalUrls(jsonLd, language)
    },
  )
})

describe('link previews (Open Graph and Twitter cards)', () => {
  const paths = ['/', '/shop', '/category/marmol', `/product/${product.slug}`, '/about']

  it.each(paths.flatMap((path) => [path, localizedPath(path, 'en')]))('%s has the full set, with an absolute picture that answers', async (path) => {
    const { meta, title } = await page(path)
    const english = path.startsWith('/en/')
    expect(meta('og:site_name')).toBe(sampleCompany.name)
    expect(meta('og:title')).toBe(title)
    expect(meta('og:url')).toBe(`${origin}${path}`)
    expect(meta('og:locale')).toBe(english ? 'en_GB' : 'es_ES')
    expect(meta('og:locale:alternate')).toBe(english ? 'es_ES' : 'en_GB')
    expect(meta('twitter:card')).toBe('summary_large_image')
    expect(meta('twitter:title')).toBe(title)
    expect(meta('twitter:description')).toBe(meta('description'))
    expect(meta('description')).toBeTruthy()
    const image = meta('og:image')!
    expect(image).toMatch(new RegExp(`^${origin}/assets/.+\\.(webp|avif|jpe?g|png)$`))
    expect(meta('twitter:image')).toBe(image)
    expect(meta('og:image:alt')).toBeTruthy()
    expect(meta('twitter:image:alt')).toBe(meta('og:image:alt'))
    expect((await get(image.slice(origin.length))).statusCode).toBe(200)
  })

  it('shares a product with its own picture and name, and a page without one with the home’s hero', async () => {
    const home = await page('/')
    const shop = await page('/en/shop')
    const item = await page(`/en/product/${product.slug}`)
    expect(shop.meta('og:image')).toBe(home.meta('og:image'))
    expect(shop.meta('og:image:alt')).not.toBe(home.meta('og:image:alt'))
    expect(item.meta('og:image')).not.toBe(home.meta('og:image'))
    expect(item.meta('og:image:alt')).toBe(product.nameEn)
    expect(item.meta('og:type')).toBe('product')
    expect(home.meta('og:type')).toBe('website')
  })
})

describe('404 pages', () => {
  it.each([
    ['/nope', 'Página no encontrada'],
    ['/en/nope', 'Page not found'],
    ['/category/nope', 'Página no encontrada'],
    ['/product/nope', 'Producto no encontrado'],
    ['/en/product/nope', 'Product not found'],
  ])('%s is titled as a 404 in its language, kept out of the index, and names no canonical, alternate or data', async (path, title) => {
    const res = await get(path)
    expect(res.statusCode).toBe(404)
    const head = headOf(res.body)
    expect(head.title).toBe(`${title} | ${sampleCompany.name}`)
    expect(head.meta('robots')).toBe('noindex')
    expect(res.body).not.toMatch(/<link rel="(canonical|alternate)"/)
    expect(res.body).not.toContain('hrefLang="x-default"')
    expect(head.jsonLd).toEqual([])
    expect(head.meta('og:url')).toBeUndefined()
  })

  it('leaves found pages indexable', async () => {
    expect((await page('/shop')).meta('robots')).toBeUndefined()
  })
})

/** The sections (by their opening tag) with no heading of their own: articles, navs and asides keep theirs. */
function sectionsWithoutHeading(html: string): string[] {
  const stack: { tag: string; open: string; headed: boolean }[] = []
  const missing: string[] = []
  for (const m of html.matchAll(/<(\/?)(section|article|nav|aside)\b[^>]*>|<h[1-6]\b/g)) {
    if (m[0].startsWith('<h')) {
      const top = stack.at(-1)
      if (top) top.headed = true
    } else if (m[1]) {
      const closed = stack.pop()
      if (closed?.tag === 'section' && !closed.headed) missing.push(closed.open)
    } else stack.push({ tag: m[2]!, open: m[0], headed: false })
  }
  return missing
}

describe('headings', () => {
  it.each(['/shop', '/en/shop', '/category/marmol', '/', `/product/${product.slug}`])('every section of %s has a heading', async (path) => {
    const { html } = await page(path)
    expect(sectionsWithoutHeading(html)).toEqual([])
  })
})

import { createRequire } from 'node:module'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { categories, products } from '../db/schema/index.ts'
import { seedCategories, seedProducts } from '../db/seed-data.ts'
import { testPublicUrl } from '../../tests/helpers/app.ts'
import { sharedTestApp } from '../../tests/helpers/shared-app.ts'
import { staticPagePaths } from '../../core/site.ts'

// The sitemap as a crawler reads it (sitemaps.org), through the real app; the canonical checks
// render pages, which need the client build (`npm test` builds first).
const t = sharedTestApp({ pages: true })

// jsdom (a dev dependency) ships no types; its strict XML parser is all this test needs of it.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (markup: string, options: { contentType: string }) => { window: { document: Document } }
}

const sitemapNs = 'http://www.sitemaps.org/schemas/sitemap/0.9'
const xhtmlNs = 'http://www.w3.org/1999/xhtml'

interface SitemapEntry {
  loc: string
  lastmod: string | null
  /** hreflang → href */
  alternates: Record<string, string>
  /** The children's names in order (the schema's sequence: loc, then lastmod, then the rest). */
  children: string[]
}

async function readSitemap(): Promise<SitemapEntry[]> {
  const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' })
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toContain('application/xml')
  // The XML parser throws on a document that is not well-formed.
  const document = new JSDOM(res.body, { contentType: 'application/xml' }).window.document
  expect(document.documentElement.namespaceURI).toBe(sitemapNs)
  expect(document.documentElement.localName).toBe('urlset')
  return [...document.documentElement.children].map((url) => {
    expect(url.namespaceURI).toBe(sitemapNs)
    expect(url.localName).toBe('url')
    const child = (name: string) => [...url.children].find((c) => c.namespaceURI === sitemapNs && c.localName === name)
    const links = [...url.children].filter((c) => c.namespaceURI === xhtmlNs && c.localName === 'link')
    return {
      loc: child('loc')?.textContent ?? '',
      lastmod: child('lastmod')?.textContent ?? null,
      alternates: Object.fromEntries(links.map((link) => [link.getAttribute('hreflang') ?? '', link.getAttribute('href') ?? ''])),
      children: [...url.children].map((c) => c.localName),
    }
  })
}

const entryFor = (entries: SitemapEntry[], path: string) => {
  const entry = entries.find((e) => e.loc === `${testPublicUrl}${path}`)
  if (!entry) throw new Error(`No sitemap entry for ${path}`)
  return entry
}

// W3C Datetime with a time zone (sitemaps.org's lastmod).
const w3cDatetime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

const product = seedProducts[0]!
const otherProduct = seedProducts.find((p) => p.categorySlug !== product.categorySlug)!
const catalogPaths = ['/', '/shop', '/catalog', ...seedCategories.map((c) => `/category/${c.slug}`), ...seedProducts.map((p) => `/product/${p.slug}`)]
const codePaths = staticPagePaths.filter((path) => !catalogPaths.includes(path))

describe('sitemap.xml', () => {
  it('lists every page in both languages, each with both alternates and x-default at its Spanish URL, in schema order', async () => {
    const entries = await readSitemap()
    expect(entries).toHaveLength((staticPagePaths.length + seedCategories.length + seedProducts.length) * 2)
    for (const entry of entries) {
      expect(Object.keys(entry.alternates).sort(), entry.loc).toEqual(['en', 'es', 'x-default'])
      expect(entry.alternates['x-default'], entry.loc).toBe(entry.alternates.es)
      expect([entry.alternates.es, entry.alternates.en], entry.loc).toContain(entry.loc)
      expect(entry.children.slice(0, entry.lastmod === null ? 1 : 2), entry.loc).toEqual(entry.lastmod === null ? ['loc'] : ['loc', 'lastmod'])
    }
    for (const path of catalogPaths) {
      for (const loc of [path, path === '/' ? '/en/' : `/en${path}`]) {
        const { lastmod } = entryFor(entries, loc)
        expect(lastmod, loc).toMatch(w3cDatetime)
        expect(Number.isNaN(Date.parse(lastmod!)), loc).toBe(false)
      }
    }
    // Their content is the code's: no date the database could vouch for.
    for (const path of codePaths) expect(entryFor(entries, path).lastmod, path).toBeNull()
  })

  it('points x-default at a URL that is its own canonical', async () => {
    const entries = await readSitemap()
    for (const path of ['/', '/shop', `/category/${product.categorySlug}`, `/product/${product.slug}`]) {
      const xDefault = entryFor(entries, path).alternates['x-default']!
      const page = await t.app.inject({ method: 'GET', url: new URL(xDefault).pathname })
      expect(page.statusCode, xDefault).toBe(200)
      expect(page.body, xDefault).toContain(`<link rel="canonical" href="${xDefault}"`)
    }
  })

  it('dates a product, its category and the listing pages by the product’s last change, leaving other pages alone', async () => {
    const { db } = t.database
    const categoryPath = `/category/${product.categorySlug}`
    const otherPath = `/product/${otherProduct.slug}`
    const before = await readSitemap()

    const changedAt = new Date('2031-05-06T07:08:09.000Z')
    await db.update(products).set({ updatedAt: changedAt }).where(eq(products.slug, product.slug))
    const set = await readSitemap()
    for (const path of [`/product/${product.slug}`, `/en/product/${product.slug}`, categoryPath, `/en${categoryPath}`, '/', '/en/', '/shop']) {
      expect(entryFor(set, path).lastmod, path).toBe(changedAt.toISOString())
    }
    expect(entryFor(set, otherPath).lastmod).toBe(entryFor(before, otherPath).lastmod)
    expect(entryFor(set, `/category/${otherProduct.categorySlug}`).lastmod).toBe(entryFor(before, `/category/${otherProduct.categorySlug}`).lastmod)

    // An edit that says nothing about the date (a price changed by hand) moves it too.
    const longAgo = new Date('2020-01-01T00:00:00.000Z')
    await db.update(products).set({ updatedAt: longAgo }).where(eq(products.slug, product.slug))
    await db
      .update(products)
      .set({ priceRetailCents: product.priceRetailCents + 100 })
      .where(eq(products.slug, product.slug))
    const edited = await readSitemap()
    expect(Date.parse(entryFor(edited, `/product/${product.slug}`).lastmod!)).toBeGreaterThan(Date.now() - 60_000)
    expect(entryFor(edited, categoryPath).lastmod).toBe(entryFor(edited, `/product/${product.slug}`).lastmod)
  })

  it('dates a category by its own change when that is newer than its products’', async () => {
    const { db } = t.database
    const category = seedCategories.find((c) => c.slug === otherProduct.categorySlug)!
    const changedAt = new Date('2032-02-03T04:05:06.000Z')
    await db
      .update(categories)
      .set({ nameEn: `${category.nameEn} (new)`, updatedAt: changedAt })
      .where(eq(categories.slug, category.slug))
    const entries = await readSitemap()
    expect(entryFor(entries, `/category/${category.slug}`).lastmod).toBe(changedAt.toISOString())
    expect(entryFor(entries, `/product/${otherProduct.slug}`).lastmod).not.toBe(changedAt.toISOString())
    expect(entryFor(entries, '/catalog').lastmod).toBe(changedAt.toISOString())
  })
})

import { and, eq, max } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/client.ts'
import { categories, products } from '../db/schema/index.ts'
import { onSale } from '../services/catalog.ts'
import { defaultLanguage, languages } from '../../core/language.ts'
import { localizedPath, localizedUrl } from '../../core/language-urls.ts'
import { staticPagePaths } from '../../core/site.ts'

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The pages with fixed paths whose content is the catalog's (featured products, categories, the list). */
const catalogListingPaths: ReadonlySet<string> = new Set(['/', '/shop', '/catalog'])

interface SitemapPage {
  /** The page's route (Spanish) path. */
  path: string
  lastModified?: Date
}

const newest = (dates: (Date | null)[]): Date | undefined =>
  dates.reduce<Date | undefined>((latest, date) => (date && (!latest || date > latest) ? date : latest), undefined)

/**
 * Every indexable page with the time its content last changed: a product's own row; a category's
 * row or any of its products (its page lists them), whichever is newer; the listing pages (home,
 * shop, catalog), the newest change anywhere in the catalog. The other fixed pages get no lastmod:
 * their content is the code's, whose changes the database does not know, and a date that moved on
 * every deploy or never would teach crawlers to ignore the sitemap's dates.
 */
async function sitemapPages(db: Database): Promise<SitemapPage[]> {
  const [categoryRows, productRows] = await Promise.all([
    db
      .select({ slug: categories.slug, updatedAt: categories.updatedAt, productsUpdatedAt: max(products.updatedAt) })
      .from(categories)
      // A draft's edits are nobody's business but the owner's: only products on sale date a category.
      .leftJoin(products, and(eq(products.categoryId, categories.id), onSale))
      .groupBy(categories.id)
      .orderBy(categories.displayOrder, categories.slug),
    db.select({ slug: products.slug, updatedAt: products.updatedAt }).from(products).where(onSale).orderBy(products.slug),
  ])
  const categoryPages = categoryRows.map((c) => ({ path: `/category/${c.slug}`, lastModified: newest([c.updatedAt, c.productsUpdatedAt]) }))
  const productPages = productRows.map((p) => ({ path: `/product/${p.slug}`, lastModified: p.updatedAt }))
  const catalogChanged = newest(categoryPages.map((page) => page.lastModified ?? null))
  const fixedPages = staticPagePaths.map((path) => ({ path, lastModified: catalogListingPaths.has(path) ? catalogChanged : undefined }))
  return [...fixedPages, ...categoryPages, ...productPages]
}

/**
 * Every page in both languages at its own URL (Spanish bare, English under /en/), each entry listing
 * its language alternates and x-default, the Spanish URL, itself a canonical URL (docs/product.md#language),
 * and when its content last changed (sitemaps.org: lastmod in W3C Datetime).
 */
export async function buildSitemap(db: Database, publicUrl: string): Promise<string> {
  const alternate = (hreflang: string, href: string) => `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`
  const urls = (await sitemapPages(db)).flatMap(({ path, lastModified }) => {
    const details = [
      ...(lastModified ? [`    <lastmod>${lastModified.toISOString()}</lastmod>`] : []),
      ...languages.map((alt) => alternate(alt, localizedUrl(publicUrl, path, alt))),
      alternate('x-default', localizedUrl(publicUrl, path, defaultLanguage)),
    ].join('\n')
    return languages.map((lang) => `  <url>\n    <loc>${escapeXml(localizedUrl(publicUrl, path, lang))}</loc>\n${details}\n  </url>`)
  })
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`
}

const privatePages = ['/cart', '/checkout', '/auth', '/admin', '/b2b']

export function buildRobots(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /trpc/',
    // Private pages, in both languages.
    ...privatePages.flatMap((path) => languages.map((lang) => `Disallow: ${localizedPath(path, lang)}`)),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n')
}

/** `/robots.txt` and `/sitemap.xml`. */
export async function seoRoutes(app: FastifyInstance, opts: { db: Database; publicUrl: string }) {
  app.get('/robots.txt', async (_req, reply) => reply.type('text/plain; charset=utf-8').send(buildRobots(opts.publicUrl)))
  app.get('/sitemap.xml', async (_req, reply) => reply.type('application/xml; charset=utf-8').send(await buildSitemap(opts.db, opts.publicUrl)))
}

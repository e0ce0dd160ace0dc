import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/client.ts'
import { categories, products } from '../db/schema/index.ts'
import { defaultLanguage, languages } from '../../core/language.ts'
import { localizedPath, localizedUrl } from '../../core/language-urls.ts'
import { staticPagePaths } from '../../core/site.ts'

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * Every page in both languages at its own URL (Spanish bare, English under /en/), each entry listing
 * its language alternates and x-default, the Spanish URL (docs/product.md#language).
 */
export async function buildSitemap(db: Database, publicUrl: string): Promise<string> {
  const [categoryRows, productRows] = await Promise.all([
    db.select({ slug: categories.slug }).from(categories),
    db.select({ slug: products.slug }).from(products),
  ])
  const paths = [...staticPagePaths, ...categoryRows.map((c) => `/category/${c.slug}`), ...productRows.map((p) => `/product/${p.slug}`)]
  const alternate = (hreflang: string, href: string) => `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`
  const urls = paths.flatMap((path) => {
    const alternates = [
      ...languages.map((alt) => alternate(alt, localizedUrl(publicUrl, path, alt))),
      alternate('x-default', localizedUrl(publicUrl, path, defaultLanguage)),
    ].join('\n')
    return languages.map((lang) => `  <url>\n    <loc>${escapeXml(localizedUrl(publicUrl, path, lang))}</loc>\n${alternates}\n  </url>`)
  })
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`
}

const privatePages = ['/checkout', '/auth', '/admin', '/b2b']

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

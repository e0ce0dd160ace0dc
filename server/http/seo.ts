import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/client.ts'
import { categories, products } from '../db/schema/index.ts'
import { languages } from '../../core/language.ts'
import { staticPagePaths } from '../../core/site.ts'

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** Every page in both languages, each entry listing its language alternates (hreflang). */
export async function buildSitemap(db: Database, publicUrl: string): Promise<string> {
  const [categoryRows, productRows] = await Promise.all([
    db.select({ slug: categories.slug }).from(categories),
    db.select({ slug: products.slug }).from(products),
  ])
  const paths = [...staticPagePaths, ...categoryRows.map((c) => `/category/${c.slug}`), ...productRows.map((p) => `/product/${p.slug}`)]
  const urls = paths.flatMap((path) =>
    languages.map((lang) => {
      const alternates = languages
        .map((alt) => `    <xhtml:link rel="alternate" hreflang="${alt}" href="${escapeXml(`${publicUrl}${path}?lang=${alt}`)}"/>`)
        .join('\n')
      return `  <url>\n    <loc>${escapeXml(`${publicUrl}${path}?lang=${lang}`)}</loc>\n${alternates}\n  </url>`
    }),
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`
}

export function buildRobots(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /trpc/',
    'Disallow: /checkout',
    'Disallow: /auth',
    'Disallow: /admin',
    'Disallow: /b2b',
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

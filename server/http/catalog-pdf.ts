import type { FastifyInstance } from 'fastify'
import type { CatalogPdfs } from '../services/catalog-pdf/index.ts'
import { isLanguage, defaultLanguage } from '../../core/language.ts'

/**
 * `GET /catalog.pdf?lang=es|en`: the PDF catalog, rendered once per language and catalog version.
 * Caches revalidate with the ETag (a catalog change gives a new one) and get 304 meanwhile.
 */
export async function catalogPdfRoute(app: FastifyInstance, opts: { catalogPdf: CatalogPdfs }) {
  app.get<{ Querystring: { lang?: string } }>('/catalog.pdf', async (req, reply) => {
    const language = isLanguage(req.query.lang) ? req.query.lang : defaultLanguage
    const pdf = await opts.catalogPdf.get(language)
    reply.header('etag', pdf.etag).header('cache-control', 'public, no-cache').header('vary', 'accept-encoding')
    if (req.headers['if-none-match'] === pdf.etag) return reply.code(304).send()
    return reply.type('application/pdf').header('content-disposition', `inline; filename="${pdf.filename}"`).send(pdf.body)
  })
}

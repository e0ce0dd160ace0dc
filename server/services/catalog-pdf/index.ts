import { createHash } from 'node:crypto'
import type { Database } from '../../db/client.ts'
import { listCategories, listProducts } from '../catalog.ts'
import { renderCatalogPdf } from './render.ts'
import type { Company } from '../../../core/company.ts'
import type { Language } from '../../../core/language.ts'

export interface CatalogPdf {
  body: Buffer
  /** The same catalog gives the same tag on every instance (a strong validator for caches). */
  etag: string
  filename: string
}

export interface CatalogPdfs {
  get(language: Language): Promise<CatalogPdf>
}

/** Bump when the layout changes, so cached copies are replaced. */
const layoutVersion = 1

/**
 * The PDF catalog per language, rendered once per catalog version: each request reads the catalog
 * (two small queries) and renders only when what it would print has changed.
 */
export function createCatalogPdfs(db: Database, opts: { publicUrl: string; company: Company; now?: () => Date }): CatalogPdfs {
  const now = opts.now ?? (() => new Date())
  const cache = new Map<Language, { version: string; pdf: Promise<CatalogPdf> }>()
  return {
    async get(language) {
      const [categories, products] = await Promise.all([listCategories(db), listProducts(db, null)])
      const version = createHash('sha256')
        .update(JSON.stringify({ layoutVersion, publicUrl: opts.publicUrl, company: opts.company, categories, products }))
        .digest('hex')
        .slice(0, 20)
      const cached = cache.get(language)
      if (cached?.version === version) return cached.pdf
      const pdf = renderCatalogPdf({ categories, products }, language, { date: now(), shopUrl: opts.publicUrl, company: opts.company }).then(
        (body) => ({
          body,
          etag: `"catalog-${language}-${version}"`,
          filename: language === 'en' ? 'panel-catalog.pdf' : 'catalogo-paneles.pdf',
        }),
      )
      cache.set(language, { version, pdf })
      // A failed render is not kept: the next request tries again.
      pdf.catch(() => cache.get(language)?.pdf === pdf && cache.delete(language))
      return pdf
    },
  }
}

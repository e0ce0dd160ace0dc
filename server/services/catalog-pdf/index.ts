import { createHash } from 'node:crypto'
import type { Database } from '../../db/client.ts'
import { listCategories, listProducts, type ProductView } from '../catalog.ts'
import { pdfPictureOf } from '../media/pictures.ts'
import type { MediaStore } from '../media/store.ts'
import { builtInPdfPicture, renderCatalogPdf } from './render.ts'
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

/**
 * Each product with its first photo's JPEG: an upload's PDF rendition from the media store (made
 * from its WebP the first time for an older upload), or a built-in picture's file.
 */
async function withPictures(products: readonly ProductView[], media: MediaStore) {
  return Promise.all(
    products.map(async (product) => {
      const photo = product.photo
      const picture = photo?.imageId ? await pdfPictureOf(media, photo.imageId) : photo?.imageKey ? builtInPdfPicture(photo.imageKey) : null
      return { ...product, picture }
    }),
  )
}

/** Bump when the layout changes, so cached copies are replaced. */
const layoutVersion = 2

/**
 * The PDF catalog per language, rendered once per catalog version: each request reads the catalog
 * (two small queries) and renders only when what it would print has changed.
 */
export function createCatalogPdfs(db: Database, opts: { publicUrl: string; company: Company; media: MediaStore; now?: () => Date }): CatalogPdfs {
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
      const pdf = withPictures(products, opts.media)
        .then((pictured) =>
          renderCatalogPdf({ categories, products: pictured }, language, { date: now(), shopUrl: opts.publicUrl, company: opts.company }),
        )
        .then((body) => ({
          body,
          etag: `"catalog-${language}-${version}"`,
          filename: language === 'en' ? 'panel-catalog.pdf' : 'catalogo-paneles.pdf',
        }))
      cache.set(language, { version, pdf })
      // A failed render is not kept: the next request tries again.
      pdf.catch(() => cache.get(language)?.pdf === pdf && cache.delete(language))
      return pdf
    },
  }
}

import type { inferRouterOutputs } from '@trpc/server'
import type { Database } from '../../server/db/client.ts'
import { catalogAudit, categories, productSlugRedirects, products } from '../../server/db/schema/index.ts'
import type { AppRouter } from '../../server/router.ts'
import { centsToEuroInput, type ProductInput } from '../../core/catalog-admin.ts'

/** A product as `admin.products.get` gives it to the owner's edit form. */
export type AdminProduct = inferRouterOutputs<AppRouter>['admin']['products']['get']['product']

/**
 * A saved product's edit form with its values as saved: the prices in the decimal notation asked
 * for (the form takes a comma or a point), the weight as the database keeps it ("2.50").
 */
export function savedProductForm(product: AdminProduct, decimals: { retail: ',' | '.'; wholesale: ',' | '.' }): ProductInput {
  return {
    slug: product.slug,
    nameEs: product.nameEs,
    nameEn: product.nameEn,
    descriptionEs: product.descriptionEs,
    descriptionEn: product.descriptionEn,
    priceRetail: centsToEuroInput(product.priceRetailCents, decimals.retail),
    priceWholesale: centsToEuroInput(product.priceWholesaleCents, decimals.wholesale),
    featured: product.featured,
    widthCm: String(product.widthCm),
    heightCm: String(product.heightCm),
    weightKg: product.weightKg ?? '',
    categoryId: product.categoryId,
  }
}

/** Every row the owner's catalog procedures may write, in a fixed order: a refused call must leave them as they were. */
export async function catalogRows(db: Database) {
  return {
    products: await db.select().from(products).orderBy(products.id),
    categories: await db.select().from(categories).orderBy(categories.id),
    audit: await db.select().from(catalogAudit).orderBy(catalogAudit.id),
    redirects: await db.select().from(productSlugRedirects).orderBy(productSlugRedirects.oldSlug),
  }
}

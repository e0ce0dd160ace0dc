import { sql } from 'drizzle-orm'
import type { Database } from './client.ts'
import { categories, deliverySettings, productPhotos, products } from './schema/index.ts'
import { exampleDeliverySettings, seedCategories, seedProducts } from './seed-data.ts'

/**
 * Inserts the catalog's categories and products that are missing (by slug). Running it again
 * changes nothing, and it never overwrites what an operator edited.
 */
export async function seedCatalog(db: Database): Promise<{ categories: number; products: number }> {
  return db.transaction(async (tx) => {
    const insertedCategories = await tx
      .insert(categories)
      .values(seedCategories.map((c) => ({ ...c })))
      .onConflictDoNothing({ target: categories.slug })
      .returning({ id: categories.id })
    const categoryIds = new Map((await tx.select({ id: categories.id, slug: categories.slug }).from(categories)).map((c) => [c.slug, c.id]))
    const productValues = seedProducts.map(({ categorySlug, widthCm, heightCm, attributes, ...product }) => {
      const categoryId = categoryIds.get(categorySlug)
      if (!categoryId) throw new Error(`Seed product ${product.slug} names an unknown category ${categorySlug}`)
      return {
        ...product,
        ...attributes,
        categoryId,
        dimensionsWidthCm: widthCm,
        dimensionsHeightCm: heightCm,
        status: 'published' as const,
      }
    })
    const insertedProducts = await tx
      .insert(products)
      .values(productValues)
      .onConflictDoNothing({ target: products.slug })
      .returning({ id: products.id, slug: products.slug, nameEs: products.nameEs, nameEn: products.nameEn })
    // Each new product's photo is its built-in picture set, named by its first slug; its names describe it.
    if (insertedProducts.length > 0) {
      await tx
        .insert(productPhotos)
        .values(insertedProducts.map((p) => ({ productId: p.id, position: 0, imageKey: p.slug, altEs: p.nameEs, altEn: p.nameEn })))
    }
    return { categories: insertedCategories.length, products: insertedProducts.length }
  })
}

export async function catalogIsEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(products)
  return (row?.count ?? 0) === 0
}

/**
 * Saves the example delivery rates (seed-data.ts) when the owner has set none; true when it did.
 * Never over the owner's own rates.
 */
export async function seedDeliveryRates(db: Database): Promise<boolean> {
  const saved = await db
    .insert(deliverySettings)
    .values({ id: 1, settings: exampleDeliverySettings })
    .onConflictDoNothing()
    .returning({ id: deliverySettings.id })
  return saved.length > 0
}

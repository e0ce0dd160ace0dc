import { eq } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import type { inferRouterOutputs } from '@trpc/server'
import type { Database } from '../../server/db/client.ts'
import { catalogAudit, categories, mediaFiles, productPhotos, productSlugRedirects, products } from '../../server/db/schema/index.ts'
import type { AppRouter } from '../../server/router.ts'
import { callerAs } from './users.ts'
import { shopperAs } from './accounts.ts'
import type { TestApp } from './app.ts'
import { centsToEuroInput, emptyProduct, type ProductInput } from '../../core/catalog-admin.ts'
import { seedProducts } from '../../server/db/seed-data.ts'

/** A product as `admin.products.get` gives it to the owner's edit form. */
export type AdminProduct = inferRouterOutputs<AppRouter>['admin']['products']['get']['product']

/** A new product's form filled with good values, with a slug and names of its own. */
export function newProductForm(categoryId: string, change: Partial<ProductInput> = {}): ProductInput {
  const n = randomUUID().slice(0, 8)
  return {
    ...emptyProduct,
    slug: `panel-de-prueba-${n}`,
    nameEs: `Panel de prueba ${n}`,
    nameEn: `Test panel ${n}`,
    descriptionEs: 'Un panel para las pruebas.',
    descriptionEn: 'A panel for the tests.',
    priceRetail: '24,90',
    priceWholesale: '18',
    featured: false,
    widthCm: '122',
    heightCm: '280',
    weightKg: '',
    categoryId,
    ...change,
  }
}

/**
 * Gives a product one of the seed's built-in pictures as a described photo, straight in the
 * database: what publishing asks for, without an upload's encodes.
 */
export async function giveBuiltInPicture(db: Database, id: string) {
  await db
    .insert(productPhotos)
    .values({ productId: id, position: 0, imageKey: seedProducts[0]!.slug, altEs: 'Panel de prueba', altEn: 'Test panel' })
}

/**
 * A product a test makes for itself in the first category, published (with a built-in picture), so
 * archiving it leaves the other tests' products alone.
 */
export async function ownProduct(db: Database, owner: Awaited<ReturnType<typeof callerAs>>, change: Partial<ProductInput> = {}) {
  const categoryId = (await owner.admin.categories.list())[0]!.id
  const { id } = await owner.admin.products.create(newProductForm(categoryId, change))
  await giveBuiltInPicture(db, id)
  await owner.admin.products.publish({ id })
  const { product } = await owner.admin.products.get({ id })
  return { ...product, archive: () => owner.admin.products.archive({ id }), restore: () => owner.admin.products.restore({ id }) }
}

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
    look: product.look ?? '',
    colour: product.colour ?? '',
    finish: product.finish ?? '',
    texture: product.texture ?? '',
    availability: product.leadTimeDays === null ? 'in_stock' : 'made_to_order',
    leadTimeDays: product.leadTimeDays === null ? '' : String(product.leadTimeDays),
  }
}

/** Every row the owner's catalog procedures may write, in a fixed order: a refused call must leave them as they were. */
export async function catalogRows(db: Database) {
  return {
    products: await db.select().from(products).orderBy(products.id),
    categories: await db.select().from(categories).orderBy(categories.id),
    audit: await db.select().from(catalogAudit).orderBy(catalogAudit.id),
    redirects: await db.select().from(productSlugRedirects).orderBy(productSlugRedirects.oldSlug),
    photos: await db.select().from(productPhotos).orderBy(productPhotos.id),
    files: await db.select().from(mediaFiles).orderBy(mediaFiles.id),
  }
}

/**
 * The owner as the catalog's tests need them: signed in over HTTP in Spanish and in English (where a
 * refusal's message and field are read), the Spanish one's account as an in-process caller (so
 * audit rows name it), and the seeded marble category's id.
 */
export async function catalogOwners(t: TestApp) {
  const adminEs = await shopperAs(t, 'admin', { language: 'es' })
  const adminEn = await shopperAs(t, 'admin', { language: 'en' })
  const admin = await callerAs(t.database.db, 'admin', {
    user: { ...adminEs.user!, emailVerified: true, sessionId: null, twoFactorEnabled: false, secondFactor: false },
  })
  const [marmol] = await t.database.db.select({ id: categories.id }).from(categories).where(eq(categories.slug, 'marmol'))
  if (!marmol) throw new Error('no seeded marble category')
  return { admin, adminEs, adminEn, marmolId: marmol.id }
}

import { asc, desc, eq } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { categories, products } from '../db/schema/index.ts'
import { notFound } from '../errors.ts'
import { visibleWholesaleCents } from './pricing.ts'
import type { Role } from '../../core/roles.ts'
import { messages } from '../../core/messages.ts'

const categoryColumns = {
  id: categories.id,
  slug: categories.slug,
  nameEs: categories.nameEs,
  nameEn: categories.nameEn,
  descriptionEs: categories.descriptionEs,
  descriptionEn: categories.descriptionEn,
  imageUrl: categories.imageUrl,
  displayOrder: categories.displayOrder,
}

// Explicit columns: the wholesale price is read here but only leaves through `toProductView`.
const productColumns = {
  id: products.id,
  slug: products.slug,
  nameEs: products.nameEs,
  nameEn: products.nameEn,
  descriptionEs: products.descriptionEs,
  descriptionEn: products.descriptionEn,
  priceRetailCents: products.priceRetailCents,
  priceWholesaleCents: products.priceWholesaleCents,
  featured: products.featured,
  widthCm: products.dimensionsWidthCm,
  heightCm: products.dimensionsHeightCm,
  weightKg: products.weightKg,
  category: {
    id: categories.id,
    slug: categories.slug,
    nameEs: categories.nameEs,
    nameEn: categories.nameEn,
  },
}

function productQuery(db: Database) {
  return db.select(productColumns).from(products).innerJoin(categories, eq(products.categoryId, categories.id)).$dynamic()
}

type ProductRow = Awaited<ReturnType<typeof productQuery>>[number]

export type CategoryView = Awaited<ReturnType<typeof listCategories>>[number]

export interface ProductView {
  id: string
  slug: string
  nameEs: string
  nameEn: string
  descriptionEs: string
  descriptionEn: string
  priceRetailCents: number
  /** Present only for b2b and admin callers. */
  priceWholesaleCents?: number
  featured: boolean
  widthCm: number
  heightCm: number
  weightKg: number | null
  category: { id: string; slug: string; nameEs: string; nameEn: string }
}

function toProductView(row: ProductRow, role: Role | null): ProductView {
  const { priceWholesaleCents: _wholesale, weightKg, ...rest } = row
  const wholesale = visibleWholesaleCents(role, row)
  return {
    ...rest,
    ...(wholesale === undefined ? {} : { priceWholesaleCents: wholesale }),
    weightKg: weightKg === null ? null : Number(weightKg),
  }
}

export function listCategories(db: Database) {
  return db.select(categoryColumns).from(categories).orderBy(asc(categories.displayOrder), asc(categories.slug))
}

export async function getCategory(db: Database, slug: string) {
  const [category] = await db.select(categoryColumns).from(categories).where(eq(categories.slug, slug)).limit(1)
  if (!category) throw notFound(messages.categoryNotFound)
  return category
}

/** Products with their category, featured first (docs/product.md#catalog), then in catalog order. */
export async function listProducts(db: Database, role: Role | null, filter: { categorySlug?: string | undefined } = {}) {
  const rows = await productQuery(db)
    .where(filter.categorySlug === undefined ? undefined : eq(categories.slug, filter.categorySlug))
    .orderBy(desc(products.featured), asc(categories.displayOrder), asc(products.priceRetailCents), asc(products.slug))
  return rows.map((row) => toProductView(row, role))
}

export async function getProduct(db: Database, role: Role | null, slug: string) {
  const [row] = await productQuery(db).where(eq(products.slug, slug)).limit(1)
  if (!row) throw notFound(messages.productNotFound)
  return toProductView(row, role)
}

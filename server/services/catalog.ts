import { and, asc, desc, eq, min, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { categories, products } from '../db/schema/index.ts'
import { notFound } from '../errors.ts'
import { unitPriceCents, visibleWholesaleCents } from './pricing.ts'
import { allPhotos, coverPhoto, type ProductPhoto } from './media/product-photos.ts'
import type { CatalogVersion } from './catalog-version.ts'
import type { Role } from '../../core/roles.ts'
import { messages } from '../../core/messages.ts'
import { searchTerms } from '../../core/search.ts'
import { searchMatch, searchRank } from './catalog-search.ts'
import { facetColumns, filterConditions, inCategory, sortOrder, type PriceKind } from './catalog-filters.ts'
import { pricesFor } from './pricing.ts'
import type { CatalogFacets, CatalogFilters } from '../../core/catalog-filters.ts'
import { attributeNames, productAttributes, type AttributeValue } from '../../core/product-attributes.ts'

/** A category's own fields, as both the shop and the owner's list of categories read them. */
export const categoryFieldColumns = {
  id: categories.id,
  slug: categories.slug,
  nameEs: categories.nameEs,
  nameEn: categories.nameEn,
  descriptionEs: categories.descriptionEs,
  descriptionEn: categories.descriptionEn,
}

const categoryColumns = {
  ...categoryFieldColumns,
  imageUrl: categories.imageUrl,
  /** The owner's uploaded picture (core/pictures.ts); null: the built-in one named by the slug, if any. */
  imageId: categories.imageId,
  displayOrder: categories.displayOrder,
}

/** A product's own fields, under the names both its page and the owner's edit form read them by. */
export const productFieldColumns = {
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
  look: products.look,
  colour: products.colour,
  finish: products.finish,
  texture: products.texture,
  leadTimeDays: products.leadTimeDays,
}

// Explicit columns: the wholesale price is read here but only leaves through `toProductView`.
const productColumns = {
  ...productFieldColumns,
  photo: coverPhoto,
  category: {
    id: categories.id,
    slug: categories.slug,
    nameEs: categories.nameEs,
    nameEn: categories.nameEn,
  },
}

/**
 * Products the shop sells (docs/product.md#owner): a draft or an archived one has no page, is in
 * no list, no price, no sitemap, no PDF and no cart. Every read for shoppers goes through this.
 */
export const onSale = sql`${products.archivedAt} is null and ${products.status} = 'published'`

function productQuery(db: Database) {
  return db.select(productColumns).from(products).innerJoin(categories, eq(products.categoryId, categories.id)).$dynamic()
}

type ProductRow = Awaited<ReturnType<typeof productQuery>>[number]

type CategoryRow = Awaited<ReturnType<typeof listCategories>>[number]

/** A category as the shop shows it: `fromCents` is its cheapest panel for the caller, null when none is on sale. */
export type CategoryView = Omit<CategoryRow, 'cheapestRetailCents' | 'cheapestWholesaleCents'> & { fromCents: number | null }

/** "Desde": the lowest price the caller would pay for a panel of the category (docs/product.md#prices). */
function toCategoryView(row: CategoryRow, role: Role | null): CategoryView {
  const { cheapestRetailCents, cheapestWholesaleCents, ...rest } = row
  const fromCents =
    cheapestRetailCents === null || cheapestWholesaleCents === null
      ? null
      : unitPriceCents(role, { priceRetailCents: cheapestRetailCents, priceWholesaleCents: cheapestWholesaleCents })
  return { ...rest, fromCents }
}

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
  /** What shoppers filter by (core/product-attributes.ts); null: not said. */
  look: AttributeValue<'look'> | null
  colour: AttributeValue<'colour'> | null
  finish: AttributeValue<'finish'> | null
  texture: AttributeValue<'texture'> | null
  /** Made to order in this many working days (core/availability.ts); null: in stock. */
  leadTimeDays: number | null
  /** Its first photo (media/product-photos.ts): its card's and its page's first; null: none. */
  photo: ProductPhoto | null
  category: { id: string; slug: string; nameEs: string; nameEn: string }
}

/** A product as its page shows it: every photo, in the owner's order. */
export interface ProductPageData extends ProductView {
  photos: ProductPhoto[]
}

function toProductView<R extends ProductRow>(row: R, role: Role | null): Omit<R, 'priceWholesaleCents' | 'weightKg'> & ProductView {
  const { priceWholesaleCents: _wholesale, weightKg, ...rest } = row
  const wholesale = visibleWholesaleCents(role, row)
  return {
    ...rest,
    ...(wholesale === undefined ? {} : { priceWholesaleCents: wholesale }),
    weightKg: weightKg === null ? null : Number(weightKg),
  }
}

/** The categories in display order, each with the lowest retail and wholesale prices of its products on sale (null: none). */
export function listCategories(db: Database) {
  const cheapest = db
    .select({
      categoryId: products.categoryId,
      retail: min(products.priceRetailCents).as('cheapest_retail_cents'),
      wholesale: min(products.priceWholesaleCents).as('cheapest_wholesale_cents'),
    })
    .from(products)
    .where(onSale)
    .groupBy(products.categoryId)
    .as('cheapest')
  return db
    .select({ ...categoryColumns, cheapestRetailCents: cheapest.retail, cheapestWholesaleCents: cheapest.wholesale })
    .from(categories)
    .leftJoin(cheapest, eq(cheapest.categoryId, categories.id))
    .orderBy(asc(categories.displayOrder), asc(categories.slug))
}

async function categoryBySlug(db: Database, slug: string) {
  const [category] = await db.select(categoryColumns).from(categories).where(eq(categories.slug, slug)).limit(1)
  return category ?? null
}

/** Products with their category, featured first (docs/product.md#catalog), then in catalog order. */
function productRows(db: Database, filter: { categorySlug?: string | undefined }) {
  return productQuery(db)
    .where(and(onSale, filter.categorySlug === undefined ? undefined : eq(categories.slug, filter.categorySlug)))
    .orderBy(desc(products.featured), asc(categories.displayOrder), asc(products.priceRetailCents), asc(products.slug))
}

/** A page of what a search finds (docs/decisions/035), best answer first, and how many it finds in all. */
export interface SearchResults<P> {
  products: P[]
  total: number
}

/** Products on sale that answer `query`, best first; nothing for a query without a word. */
export async function searchProducts(
  db: Database,
  query: string,
  { page, limit }: { page: number; limit: number },
): Promise<SearchResults<ProductRow>> {
  const terms = searchTerms(query)
  if (terms.length === 0) return { products: [], total: 0 }
  const rows = await db
    .select({ ...productColumns, total: sql<number>`cast(count(*) over () as int)` })
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .where(and(onSale, searchMatch(terms)))
    .orderBy(desc(searchRank(terms)), desc(products.featured), asc(products.nameEs), asc(products.id))
    .limit(limit)
    .offset((page - 1) * limit)
  if (rows.length === 0 && page > 1) {
    // Past the last page: still say how many there are, for the page's count and its links.
    const [count] = await db
      .select({ total: sql<number>`cast(count(*) as int)` })
      .from(products)
      .innerJoin(categories, eq(products.categoryId, categories.id))
      .where(and(onSale, searchMatch(terms)))
    return { products: [], total: count?.total ?? 0 }
  }
  return { products: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 }
}

/** A filtered list (docs/product.md#filters): its products in the chosen order, and the facets' counts. */
export interface BrowseResults<P> {
  products: P[]
  facets: CatalogFacets
}

/** What the shop's list and category pages show for `filters`, for a viewer who pays `prices`. */
export async function browseProducts(
  db: Database,
  { categorySlug, filters }: { categorySlug?: string | undefined; filters: CatalogFilters },
  prices: PriceKind,
): Promise<BrowseResults<ProductRow>> {
  const base = and(onSale, inCategory(categorySlug))
  const facets = facetColumns(filters, prices)
  const [rows, [figures]] = await Promise.all([
    productQuery(db)
      .where(and(base, ...filterConditions(filters, prices)))
      .orderBy(...sortOrder(filters.sort, prices)),
    db.select(facets).from(products).innerJoin(categories, eq(products.categoryId, categories.id)).where(base),
  ])
  const count = (key: string) => Number(figures?.[key] ?? 0)
  const attributes = Object.fromEntries(
    attributeNames.map((name) => [name, productAttributes[name].map((value) => ({ value, count: count(`${name}:${value}`) }))]),
  ) as CatalogFacets['attributes']
  const min = figures?.['price:min'] ?? null
  const max = figures?.['price:max'] ?? null
  return { products: rows, facets: { attributes, priceCents: min === null || max === null ? null : { min: Number(min), max: Number(max) } } }
}

export async function listProducts(db: Database, role: Role | null, filter: { categorySlug?: string | undefined } = {}) {
  return (await productRows(db, filter)).map((row) => toProductView(row, role))
}

async function productBySlug(db: Database, slug: string) {
  const [row] = await db
    .select({ ...productColumns, photos: allPhotos })
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .where(and(onSale, eq(products.slug, slug)))
    .limit(1)
  return row ?? null
}

/**
 * Any product by id, drafts and archived ones included, as its page shows it to an admin: the
 * owner's preview of a product not (or no longer) in the shop. Never cached, never for shoppers.
 */
export async function productPreview(db: Database, id: string) {
  const [row] = await db
    .select({ ...productColumns, photos: allPhotos, status: products.status, archivedAt: products.archivedAt })
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .where(eq(products.id, id))
    .limit(1)
  if (!row) throw notFound(messages.productNotFound)
  const { status, archivedAt, ...product } = row
  return { product: toProductView(product, 'admin'), status, archived: archivedAt !== null }
}

/**
 * What a read of the catalog gives, kept per key until the catalog changes (docs/decisions/015):
 * one query per change instead of one per call. A concurrent miss shares the same query; a failed
 * one is forgotten. Bounded: keys come from requests (made-up slugs are kept as not found), so the
 * oldest go first beyond `maxEntries`.
 */
export class UntilCatalogChanges<T> {
  static readonly maxEntries = 1000
  readonly #values = new Map<string, Promise<T>>()
  #seen: number
  readonly #version: CatalogVersion
  constructor(version: CatalogVersion) {
    this.#version = version
    this.#seen = version.current()
  }
  get(key: string, load: () => PromiseLike<T>): Promise<T> {
    const now = this.#version.current()
    if (now !== this.#seen) {
      this.#values.clear()
      this.#seen = now
    }
    const known = this.#values.get(key)
    if (known) return known
    // A real promise, run once: a Drizzle query is a lazy thenable that runs again on every `then`,
    // so keeping it would send the query to the database on each cached read.
    const loading = Promise.resolve(load())
    this.#values.set(key, loading)
    if (this.#values.size > UntilCatalogChanges.maxEntries) {
      const oldest = this.#values.keys().next().value
      if (oldest !== undefined) this.#values.delete(oldest)
    }
    loading.catch(() => this.#values.delete(key))
    return loading
  }
}

export type CatalogReads = ReturnType<typeof catalogReads>

/**
 * The catalog procedures' reads. With a catalog version (the server follows changes through
 * LISTEN/NOTIFY) rows are kept until the next change and priced for the caller's role on each read;
 * without one (tests of the procedures alone), every call reads the database.
 */
export function catalogReads(db: Database, version: CatalogVersion | null) {
  const categoryList = version && new UntilCatalogChanges<CategoryRow[]>(version)
  const category = version && new UntilCatalogChanges<Awaited<ReturnType<typeof categoryBySlug>>>(version)
  const productList = version && new UntilCatalogChanges<ProductRow[]>(version)
  const product = version && new UntilCatalogChanges<Awaited<ReturnType<typeof productBySlug>>>(version)
  const search = version && new UntilCatalogChanges<SearchResults<ProductRow>>(version)
  const browse = version && new UntilCatalogChanges<BrowseResults<ProductRow>>(version)
  const read = <T>(cache: UntilCatalogChanges<T> | null, key: string, load: () => PromiseLike<T>) =>
    cache ? cache.get(key, load) : Promise.resolve(load())
  return {
    async categories(role: Role | null) {
      const rows = await read(categoryList, '', () => listCategories(db))
      return rows.map((row) => toCategoryView(row, role))
    },
    /** The lowest wholesale price on sale, which the wholesale page advertises to everyone (no product named); null: nothing on sale. */
    async wholesaleFromCents(): Promise<number | null> {
      const rows = await read(categoryList, '', () => listCategories(db))
      const prices = rows.flatMap((row) => (row.cheapestWholesaleCents === null ? [] : [row.cheapestWholesaleCents]))
      return prices.length === 0 ? null : Math.min(...prices)
    },
    async category(slug: string) {
      const found = await read(category, slug, () => categoryBySlug(db, slug))
      if (!found) throw notFound(messages.categoryNotFound)
      return found
    },
    async products(role: Role | null, filter: { categorySlug?: string | undefined } = {}) {
      const rows = await read(productList, filter.categorySlug ?? '', () => productRows(db, filter))
      return rows.map((row) => toProductView(row, role))
    },
    /** Kept per category, filters (in their one form, core/catalog-filters-input.ts) and the prices the viewer pays. */
    async browse(role: Role | null, input: { categorySlug?: string | undefined; filters: CatalogFilters }): Promise<BrowseResults<ProductView>> {
      const prices = pricesFor(role)
      const key = JSON.stringify([input.categorySlug ?? '', prices, input.filters])
      const found = await read(browse, key, () => browseProducts(db, input, prices))
      return { products: found.products.map((row) => toProductView(row, role)), facets: found.facets }
    },
    /** Kept per query's words (not as typed: "Mármol" and "marmol " are one search) and page. */
    async search(role: Role | null, input: { q: string; page: number; limit: number }): Promise<SearchResults<ProductView>> {
      const key = `${searchTerms(input.q).join(' ')}|${input.page}|${input.limit}`
      const found = await read(search, key, () => searchProducts(db, input.q, input))
      return { products: found.products.map((row) => toProductView(row, role)), total: found.total }
    },
    async product(role: Role | null, slug: string) {
      const row = await read(product, slug, () => productBySlug(db, slug))
      if (!row) throw notFound(messages.productNotFound)
      return toProductView(row, role)
    },
  }
}

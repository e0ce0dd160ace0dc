import { sql } from 'drizzle-orm'
import { boolean, check, customType, index, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'
import { productStatuses } from '../../../core/catalog-admin.ts'
import { attributeNames, productAttributes, type AttributeName } from '../../../core/product-attributes.ts'
import { attributeSearchWords } from '../../../core/product-attribute-words.ts'
import { leadTimeLimits } from '../../../core/availability.ts'

/** A text search document (docs/decisions/035); read only by the search, never selected as data. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

// The search columns (docs/decisions/035): kept by PostgreSQL from the texts they are made of, in
// Spanish and English stems, accents removed through `shop_unaccent` (migrations/0035), which is
// immutable so that they can be stored and indexed. Names weigh most, then categories, then
// descriptions; `search_text` holds the names' words for the trigram index that forgives typos
// (the names only: a trigram match reads the whole text, and the names are what people misspell).
const spanish = (column: string, weight: string) => `setweight(to_tsvector('spanish', shop_unaccent(${column})), '${weight}')`
const english = (column: string, weight: string) => `setweight(to_tsvector('english', shop_unaccent(${column})), '${weight}')`
const words = (...columns: string[]) => `lower(shop_unaccent(${columns.join(" || ' ' || ")}))`

/** An attribute's column (core/product-attributes.ts): `colour` is kept in `colour`, and so on. */
const attributeColumn = (name: AttributeName) => name
/** A product's attributes as the words a search finds them by in `language` (weighed as a category). */
const attributeWords = (language: 'es' | 'en') =>
  attributeNames
    .map((name) => {
      const cases = Object.entries(attributeSearchWords[name] as Record<string, { es: string; en: string }>)
        .map(([value, words]) => `when '${value}' then '${words[language]}'`)
        .join(' ')
      return `coalesce(case ${attributeColumn(name)} ${cases} end, '')`
    })
    .join(" || ' ' || ")

export const categories = pgTable(
  'categories',
  {
    id: uuid().primaryKey().defaultRandom(),
    slug: text().notNull().unique(),
    nameEs: text().notNull(),
    nameEn: text().notNull(),
    descriptionEs: text().notNull(),
    descriptionEn: text().notNull(),
    imageUrl: text(),
    /** The picture the owner uploaded (core/pictures.ts, 3:2); shown before the built-in one named by the slug. */
    imageId: text(),
    displayOrder: integer().notNull().default(0),
    /** The last change to the row (a trigger moves it on every change, migrations/0007): the sitemap's lastmod. */
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    searchEs: tsvector().generatedAlwaysAs(sql.raw(spanish('name_es', 'B'))),
    searchEn: tsvector().generatedAlwaysAs(sql.raw(english('name_en', 'B'))),
    searchText: text().generatedAlwaysAs(sql.raw(words('name_es', 'name_en'))),
  },
  (t) => [index('categories_search_text_idx').using('gin', t.searchText.op('gin_trgm_ops'))],
)

export const products = pgTable(
  'products',
  {
    id: uuid().primaryKey().defaultRandom(),
    slug: text().notNull().unique(),
    categoryId: uuid()
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    nameEs: text().notNull(),
    nameEn: text().notNull(),
    descriptionEs: text().notNull(),
    descriptionEn: text().notNull(),
    priceRetailCents: integer().notNull(),
    priceWholesaleCents: integer().notNull(),
    featured: boolean().notNull().default(false),
    dimensionsWidthCm: integer().notNull(),
    dimensionsHeightCm: integer().notNull(),
    weightKg: numeric({ precision: 6, scale: 2 }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The last change to the row (a trigger moves it on every change, migrations/0007): the sitemap's lastmod. */
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Set when the owner archives the product (docs/product.md#owner): it leaves the shop (no page,
     * no new cart lines) and stays intact for past orders and open carts, which show it as
     * unavailable.
     */
    archivedAt: timestamp({ withTimezone: true }),
    /**
     * A draft (what a new product is) is seen only by admins; publishing it (core/catalog-admin.ts,
     * `publishProblems`) puts it in the shop. Orthogonal to archiving: a restored product keeps its state.
     */
    status: text({ enum: productStatuses }).notNull().default('draft'),
    /** What shoppers filter by (core/product-attributes.ts, docs/product.md#filters); null: not said. */
    look: text({ enum: productAttributes.look }),
    colour: text({ enum: productAttributes.colour }),
    finish: text({ enum: productAttributes.finish }),
    texture: text({ enum: productAttributes.texture }),
    /** Made to order in this many working days (core/availability.ts); null: in stock. */
    leadTimeDays: integer(),
    searchEs: tsvector().generatedAlwaysAs(
      sql.raw(`${spanish('name_es', 'A')} || ${spanish(`(${attributeWords('es')})`, 'B')} || ${spanish('description_es', 'C')}`),
    ),
    searchEn: tsvector().generatedAlwaysAs(
      sql.raw(`${english('name_en', 'A')} || ${english(`(${attributeWords('en')})`, 'B')} || ${english('description_en', 'C')}`),
    ),
    searchText: text().generatedAlwaysAs(sql.raw(words('name_es', 'name_en'))),
  },
  (t) => [
    index('products_search_es_idx').using('gin', t.searchEs),
    index('products_search_en_idx').using('gin', t.searchEn),
    index('products_search_text_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('products_category_featured_idx').on(t.categoryId, t.featured.desc()),
    index('products_featured_idx').on(t.featured.desc(), t.nameEs),
    check('products_price_retail_positive', sql`${t.priceRetailCents} > 0`),
    check('products_price_wholesale_positive', sql`${t.priceWholesaleCents} > 0`),
    check('products_status_known', sql`${t.status} in ('draft', 'published')`),
    check(
      'products_lead_time_days_range',
      sql`${t.leadTimeDays} between ${sql.raw(String(leadTimeLimits.min))} and ${sql.raw(String(leadTimeLimits.max))}`,
    ),
    ...attributeNames.map((name) =>
      check(`products_${name}_known`, sql.raw(`${attributeColumn(name)} in (${productAttributes[name].map((v) => `'${v}'`).join(', ')})`)),
    ),
    check('products_dimensions_positive', sql`${t.dimensionsWidthCm} > 0 and ${t.dimensionsHeightCm} > 0`),
  ],
)

/**
 * An uploaded picture's files in the media store (core/pictures.ts: six renditions and the PDF's
 * JPEG, named by the upload's content hash). Several photos may share one (the same upload twice, a
 * duplicated draft): the files are deleted when the last photo using them is, under this row's lock.
 */
export const mediaFiles = pgTable('media_files', {
  /** The upload's content hash, the renditions' names. */
  id: text().primaryKey(),
  kind: text({ enum: ['products'] }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/**
 * A product's photos in the order the owner gave them (docs/product.md#owner): the first is its
 * card's, its page's first and the PDF's. Each is an upload (`fileId`) or one of the shop's built-in
 * picture sets (`imageKey`, src/assets/images/products/<key>-<width>.*), with its text
 * alternative in both languages (required to publish).
 */
export const productPhotos = pgTable(
  'product_photos',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    fileId: text().references(() => mediaFiles.id, { onDelete: 'restrict' }),
    imageKey: text(),
    altEs: text().notNull().default(''),
    altEn: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('product_photos_product_idx').on(t.productId, t.position),
    index('product_photos_file_idx').on(t.fileId),
    check('product_photos_one_source', sql`(${t.fileId} is null) <> (${t.imageKey} is null)`),
  ],
)

/**
 * A product's earlier addresses (docs/product.md#owner): an old `/product/<slug>` answers 308 to
 * the current one, so links and search results keep working after the owner renames a slug.
 */
export const productSlugRedirects = pgTable('product_slug_redirects', {
  oldSlug: text().primaryKey(),
  productId: uuid()
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/** One field's change: its value before and after (null where it had none). */
export interface AuditChange {
  field: string
  from: string | number | boolean | null
  to: string | number | boolean | null
}

/** Who changed what in the catalog, and when (docs/product.md#owner): shown on the product's edit page. */
export const catalogAudit = pgTable(
  'catalog_audit',
  {
    id: uuid().primaryKey().defaultRandom(),
    entity: text({ enum: ['product', 'category'] }).notNull(),
    entityId: uuid().notNull(),
    action: text({ enum: ['create', 'update', 'archive', 'restore', 'move', 'delete', 'publish', 'unpublish'] }).notNull(),
    actorId: text().references(() => user.id, { onDelete: 'set null' }),
    /** Kept as it was, so the row still says who after the account is gone. */
    actorEmail: text().notNull(),
    changes: jsonb().$type<AuditChange[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('catalog_audit_entity_idx').on(t.entity, t.entityId, t.createdAt.desc())],
)

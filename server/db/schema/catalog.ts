import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

export const categories = pgTable('categories', {
  id: uuid().primaryKey().defaultRandom(),
  slug: text().notNull().unique(),
  nameEs: text().notNull(),
  nameEn: text().notNull(),
  descriptionEs: text().notNull(),
  descriptionEn: text().notNull(),
  imageUrl: text(),
  displayOrder: integer().notNull().default(0),
  /** The last change to the row (a trigger moves it on every change, migrations/0007): the sitemap's lastmod. */
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

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
  },
  (t) => [
    index('products_category_featured_idx').on(t.categoryId, t.featured.desc()),
    index('products_featured_idx').on(t.featured.desc(), t.nameEs),
    check('products_price_retail_positive', sql`${t.priceRetailCents} > 0`),
    check('products_price_wholesale_positive', sql`${t.priceWholesaleCents} > 0`),
    check('products_dimensions_positive', sql`${t.dimensionsWidthCm} > 0 and ${t.dimensionsHeightCm} > 0`),
  ],
)

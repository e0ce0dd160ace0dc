import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'
import { products } from './catalog.ts'

export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text().references(() => user.id, { onDelete: 'cascade' }),
    sessionId: text(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    priceAtTimeCents: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One row per (owner, product): concurrent adds raise the quantity of the same row.
    uniqueIndex('cart_items_user_product_uniq')
      .on(t.userId, t.productId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('cart_items_session_product_uniq')
      .on(t.sessionId, t.productId)
      .where(sql`${t.sessionId} is not null`),
    index('cart_items_product_idx').on(t.productId),
    check('cart_items_quantity_range', sql`${t.quantity} between 1 and 999`),
    check('cart_items_price_positive', sql`${t.priceAtTimeCents} > 0`),
    check('cart_items_single_owner', sql`(${t.userId} is null) <> (${t.sessionId} is null)`),
  ],
)

/**
 * The postal code a cart estimates its delivery for (docs/product.md#cart): the shopper's or the
 * anonymous cart session's, one row per owner; checkout starts from it.
 */
export const cartPostalCodes = pgTable(
  'cart_postal_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text().references(() => user.id, { onDelete: 'cascade' }),
    sessionId: text(),
    postalCode: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_postal_codes_user_uniq')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('cart_postal_codes_session_uniq')
      .on(t.sessionId)
      .where(sql`${t.sessionId} is not null`),
    check('cart_postal_codes_format', sql`${t.postalCode} ~ '^[0-9]{5}$'`),
    check('cart_postal_codes_single_owner', sql`(${t.userId} is null) <> (${t.sessionId} is null)`),
  ],
)

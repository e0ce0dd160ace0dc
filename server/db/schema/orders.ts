import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'
import { products } from './catalog.ts'
import { languageEnum, orderStatusEnum, paymentStatusEnum, testSessionStatusEnum } from './enums.ts'
import type { PostalAddress } from '../../../core/address.ts'

export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text().references(() => user.id, { onDelete: 'set null' }),
    orderNumber: text().notNull().unique(),
    customerName: text().notNull(),
    customerEmail: text().notNull(),
    customerPhone: text().notNull(),
    shippingAddress: jsonb().$type<PostalAddress>().notNull(),
    subtotalCents: integer().notNull(),
    taxCents: integer().notNull().default(0),
    shippingCostCents: integer().notNull().default(0),
    totalCents: integer().notNull(),
    status: orderStatusEnum().notNull().default('pending'),
    paymentStatus: paymentStatusEnum().notNull().default('pending'),
    language: languageEnum().notNull().default('es'),
    paymentSessionId: text(),
    /** When the open payment session lapses (24 h after it was opened): the expiry job cancels the order then. */
    paymentExpiresAt: timestamp({ withTimezone: true }),
    /** Payment sessions opened for this order so far: each new one gets its own idempotency key at the provider. */
    paymentAttempts: integer().notNull().default(0),
    cancelledAt: timestamp({ withTimezone: true }),
    /** Who or what cancelled it: the buyer, the expiry of its payment, or an admin. */
    cancelReason: text({ enum: ['buyer', 'expired', 'admin'] }),
    /** The anonymous cart the order came from: emptied when the payment is confirmed. */
    cartSessionId: text(),
    /** One order per checkout attempt: a repeated submit (double click, retry) finds this one. */
    checkoutKey: text().notNull().unique(),
    /** Set when the buyer's account was deleted: the order stays for the law, and nobody claims it. */
    accountDeletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('orders_created_idx').on(t.createdAt.desc()),
    index('orders_payment_session_idx').on(t.paymentSessionId),
    index('orders_pending_expiry_idx')
      .on(t.paymentExpiresAt)
      .where(sql`${t.status} = 'pending'`),
    check('orders_amounts_non_negative', sql`${t.subtotalCents} >= 0 and ${t.taxCents} >= 0 and ${t.shippingCostCents} >= 0`),
    check('orders_total_consistent', sql`${t.totalCents} = ${t.subtotalCents} + ${t.taxCents} + ${t.shippingCostCents}`),
  ],
)

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid().references(() => products.id, { onDelete: 'set null' }),
    /** The name in the order's language, as the confirmation email and the invoice gave it. */
    productName: text().notNull(),
    /** Both names at the time of the order, so each reader sees their language (null on orders older than this column). */
    productNameEs: text(),
    productNameEn: text(),
    quantity: integer().notNull(),
    unitPriceCents: integer().notNull(),
    subtotalCents: integer().notNull(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_quantity_positive', sql`${t.quantity} >= 1`),
    check('order_items_subtotal_consistent', sql`${t.subtotalCents} = ${t.quantity} * ${t.unitPriceCents}`),
  ],
)

/** Sessions of the built-in test payment provider (the embedded stand-in for Stripe Checkout). */
export const testPaymentSessions = pgTable(
  'test_payment_sessions',
  {
    id: text().primaryKey(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer().notNull(),
    status: testSessionStatusEnum().notNull().default('open'),
    paid: boolean().notNull().default(false),
    successUrl: text().notNull(),
    cancelUrl: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Like Stripe's sessions: 24 hours to pay, then the page refuses. */
    expiresAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`now() + interval '24 hours'`),
    refundedAt: timestamp({ withTimezone: true }),
  },
  // One open session per order, as Stripe's idempotency key gives.
  (t) => [
    uniqueIndex('test_payment_sessions_one_open_per_order')
      .on(t.orderId)
      .where(sql`${t.status} = 'open'`),
  ],
)

/** Payment provider events already applied: a repeated webhook delivery is a no-op. */
export const paymentEvents = pgTable('payment_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  orderId: uuid().references(() => orders.id, { onDelete: 'set null' }),
  processedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/**
 * Verified payments that did not become an order's payment (the order was cancelled or replaced
 * meanwhile) and were refunded: one row per payment session, so a repeated event refunds once.
 */
export const paymentRefunds = pgTable('payment_refunds', {
  sessionId: text().primaryKey(),
  orderId: uuid().references(() => orders.id, { onDelete: 'set null' }),
  amountCents: integer(),
  reason: text().notNull(),
  providerRefundId: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

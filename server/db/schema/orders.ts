import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'
import { products } from './catalog.ts'
import { invoiceKindEnum, languageEnum, orderEventTypeEnum, orderStatusEnum, paymentStatusEnum, testSessionStatusEnum } from './enums.ts'
import type { PostalAddress } from '../../../core/address.ts'
import type { InvoiceBuyer, InvoiceLine, InvoiceSeller } from '../../../core/invoices.ts'
import { maxOrderTotalCents } from '../../../core/totals.ts'
import { orderActorKinds } from '../../../core/order-flow.ts'

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
    /** Fulfilment (docs/product.md#fulfilment): how it travels, both optional when the admin ships it. */
    carrier: text(),
    tracking: text(),
    shippedAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    /** A paid order given back in full by the admin: when, and the provider's refund id. */
    refundedAt: timestamp({ withTimezone: true }),
    providerRefundId: text(),
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
    // Payable in one payment (core/totals.ts): the amounts, all non-negative, then stay far below the integer limit.
    check('orders_total_payable', sql`${t.totalCents} <= ${sql.raw(String(maxOrderTotalCents))}`),
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
    /** The line's place in the order, as the cart listed it: pages, emails and the invoice keep it. */
    position: integer().notNull().default(0),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_quantity_positive', sql`${t.quantity} >= 1`),
    check('order_items_subtotal_consistent', sql`${t.subtotalCents} = ${t.quantity} * ${t.unitPriceCents}`),
    check('order_items_subtotal_payable', sql`${t.subtotalCents} between 0 and ${sql.raw(String(maxOrderTotalCents))}`),
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

/**
 * What happened to an order and who did it (docs/product.md#fulfilment): the admin's order page
 * shows these as its timeline. Written in the same transaction as the change they describe.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: orderEventTypeEnum().notNull(),
    /** Who: the buyer, an admin (by id and email), the payment provider, or the shop itself (expiry). */
    actorKind: text({ enum: orderActorKinds }).notNull(),
    actorId: text().references(() => user.id, { onDelete: 'set null' }),
    /** Kept as it was, so the timeline still says who after the account is gone. */
    actorEmail: text(),
    /** The change's own facts: carrier and tracking, a cancel reason, an invoice number, a refund id. */
    details: jsonb().$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Ties on time (the embedded database's clock ticks in milliseconds) keep the order of writing. */
    seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
)

/**
 * Invoices (Spanish law, docs/decisions/018): one per paid order, and one corrective invoice (factura
 * rectificativa) per refund. Everything printed is copied here when it is issued, so a changed
 * profile, product or company setting never changes an issued invoice.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** As printed: `2026-000123`; corrective invoices `R2026-000001`. */
    number: text().notNull().unique(),
    kind: invoiceKindEnum().notNull(),
    year: integer().notNull(),
    sequence: integer().notNull(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id),
    /** The invoice a corrective invoice corrects. */
    correctsId: uuid(),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The customer's language: the PDF is printed in it. */
    language: languageEnum().notNull(),
    seller: jsonb().$type<InvoiceSeller>().notNull(),
    buyer: jsonb().$type<InvoiceBuyer>().notNull(),
    lines: jsonb().$type<InvoiceLine[]>().notNull(),
    /** IVA rate in basis points (2100 = 21 %); prices include it. */
    taxRateBasisPoints: integer().notNull(),
    /** Negative on a corrective invoice. total = taxable base + IVA. */
    taxableBaseCents: integer().notNull(),
    taxCents: integer().notNull(),
    totalCents: integer().notNull(),
  },
  (t) => [
    uniqueIndex('invoices_series_sequence').on(t.kind, t.year, t.sequence),
    uniqueIndex('invoices_one_per_order_and_kind').on(t.orderId, t.kind),
    check('invoices_total_consistent', sql`${t.totalCents} = ${t.taxableBaseCents} + ${t.taxCents}`),
  ],
)

/**
 * The last number given in each series and year. Taking the next one updates this row, which
 * holds its lock until the payment's transaction ends: numbers are gapless (a rolled-back
 * confirmation gives its number back) and never shared, however many instances confirm at once.
 */
export const invoiceSeries = pgTable(
  'invoice_series',
  {
    kind: invoiceKindEnum().notNull(),
    year: integer().notNull(),
    last: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] })],
)

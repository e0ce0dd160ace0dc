import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'
import { products } from './catalog.ts'
import {
  deliveryMethodEnum,
  deliveryZoneEnum,
  invoiceKindEnum,
  invoiceTypeEnum,
  languageEnum,
  orderEventTypeEnum,
  orderStatusEnum,
  paymentStatusEnum,
  testSessionStatusEnum,
} from './enums.ts'
import type { PostalAddress } from '../../../core/address.ts'
import type { Billing } from '../../../core/billing.ts'
import type { InvoiceBuyer, InvoiceLine, InvoiceSeller } from '../../../core/invoices.ts'
import type { PlannedRefund } from '../../../core/refunds.ts'
import { maxOrderTotalCents } from '../../../core/totals.ts'
import { orderActorKinds, refundKinds } from '../../../core/order-flow.ts'
import { knownCarriers, type KnownCarrier } from '../../../core/carriers.ts'
import { withdrawalChannels } from '../../../core/withdrawal.ts'

export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text().references(() => user.id, { onDelete: 'set null' }),
    orderNumber: text().notNull().unique(),
    customerName: text().notNull(),
    customerEmail: text().notNull(),
    customerPhone: text().notNull(),
    /**
     * Where the order goes (home delivery), or for a showroom pickup the buyer's address only when a
     * full invoice needs one (docs/product.md#delivery); null for a pickup without one.
     */
    shippingAddress: jsonb().$type<PostalAddress>(),
    /** Who a full invoice is made out to (docs/product.md#invoices): what the buyer gave, or a wholesale customer's approved tax id; null for a simplified invoice. */
    billing: jsonb().$type<Billing>(),
    subtotalCents: integer().notNull(),
    /** The recargo de equivalencia of a buyer under it (docs/decisions/029), on top of the prices; 0 for everyone else. */
    taxCents: integer().notNull().default(0),
    /** The recargo's rate in basis points (520 = 5,2 %) when `taxCents` holds one; 0 otherwise. */
    surchargeRateBasisPoints: integer().notNull().default(0),
    /** What the delivery costs (IVA included), as the server priced it from the owner's rates (docs/product.md#delivery). */
    shippingCostCents: integer().notNull().default(0),
    totalCents: integer().notNull(),
    /** Home delivery or showroom pickup; orders before delivery methods existed were delivered home. */
    deliveryMethod: deliveryMethodEnum().notNull().default('home'),
    /** The home delivery zone it was priced for; null for pickup (and for orders before zones existed). */
    deliveryZone: deliveryZoneEnum(),
    /** The window the buyer was promised, in working days (pickup: ready in); null before windows existed. */
    deliveryMinDays: integer(),
    deliveryMaxDays: integer(),
    status: orderStatusEnum().notNull().default('pending'),
    paymentStatus: paymentStatusEnum().notNull().default('pending'),
    language: languageEnum().notNull().default('es'),
    paymentSessionId: text(),
    /**
     * When the order can no longer be paid: the expiry job cancels it then. A checkout's is its open
     * payment session's end (24 h after it was opened); an order with `payableUntil` keeps that.
     */
    paymentExpiresAt: timestamp({ withTimezone: true }),
    /** The payment link's end (a phone order: 7 days), whatever sessions open meanwhile; null for a checkout's order. */
    payableUntil: timestamp({ withTimezone: true }),
    /** Payment sessions opened for this order so far: each new one gets its own idempotency key at the provider. */
    paymentAttempts: integer().notNull().default(0),
    cancelledAt: timestamp({ withTimezone: true }),
    /** Who or what cancelled it: the buyer, the expiry of its payment, or an admin. */
    cancelReason: text({ enum: ['buyer', 'expired', 'admin'] }),
    /** The anonymous cart the order came from: emptied when the payment is confirmed. */
    cartSessionId: text(),
    /** One order per checkout attempt: a repeated submit (double click, retry) finds this one. */
    checkoutKey: text().notNull().unique(),
    /** When the admin marked it delivered (docs/product.md#fulfilment); its shipments are child rows. */
    deliveredAt: timestamp({ withTimezone: true }),
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
    // The tax is a recargo de equivalencia, so it comes with its rate.
    // Pickup is free and has no zone; home delivery names the zone it was priced for (when it was priced).
    check('orders_home_has_address', sql`${t.deliveryMethod} = 'pickup' or ${t.shippingAddress} is not null`),
    check('orders_pickup_free', sql`${t.deliveryMethod} = 'home' or (${t.shippingCostCents} = 0 and ${t.deliveryZone} is null)`),
    check(
      'orders_delivery_window',
      sql`(${t.deliveryMinDays} is null) = (${t.deliveryMaxDays} is null) and ${t.deliveryMinDays} <= ${t.deliveryMaxDays}`,
    ),
    check('orders_surcharge_has_rate', sql`${t.surchargeRateBasisPoints} >= 0 and (${t.taxCents} = 0 or ${t.surchargeRateBasisPoints} > 0)`),
    // Payable in one payment (core/totals.ts): the amounts, all non-negative, then stay far below the integer limit.
    check('orders_total_payable', sql`${t.totalCents} <= ${sql.raw(String(maxOrderTotalCents))}`),
  ],
)

/** A row that is part of its order (its lines, sessions, shipments, timeline): it goes with the order. */
const partOfOrder = () =>
  uuid()
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' })

/** A record the law keeps about an order (an invoice, a refund): the order cannot go while it exists. */
const recordOfOrder = () =>
  uuid()
    .notNull()
    .references(() => orders.id)

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: partOfOrder(),
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
    orderId: partOfOrder(),
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
  },
  // One open session per order, as Stripe's idempotency key gives.
  (t) => [
    uniqueIndex('test_payment_sessions_one_open_per_order')
      .on(t.orderId)
      .where(sql`${t.status} = 'open'`),
  ],
)

/** The test provider's refunds of a session's payment, in parts like Stripe's: one per idempotency key. */
export const testPaymentRefunds = pgTable(
  'test_payment_refunds',
  {
    id: text().primaryKey(),
    sessionId: text()
      .notNull()
      .references(() => testPaymentSessions.id, { onDelete: 'cascade' }),
    idempotencyKey: text().notNull().unique(),
    amountCents: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('test_payment_refunds_amount_positive', sql`${t.amountCents} > 0`)],
)

/** Payment provider events already applied: a repeated webhook delivery is a no-op. */
export const paymentEvents = pgTable('payment_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  orderId: uuid().references(() => orders.id, { onDelete: 'set null' }),
  processedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/** The panels of one order line a shipment carries. */
export interface ShipmentLine {
  itemId: string
  quantity: number
}

/**
 * How an order travels (docs/decisions/022): one row per shipment the admin sends, with the panels it
 * carries by order line, the carrier and the tracking number (both optional). Written by the `ship`
 * and `ship_part` transitions, in their transaction.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: partOfOrder(),
    /** The carrier's name as printed: one from core/carriers.ts, or the name typed for another. */
    carrier: text(),
    /** The carrier from the list (core/carriers.ts), which gives the tracking link; null for another or none. */
    carrierCode: text({ enum: knownCarriers as [KnownCarrier, ...KnownCarrier[]] }),
    tracking: text(),
    /** The panels it carries (migration 0032 gave each older shipment all of its order's). */
    lines: jsonb().$type<ShipmentLine[]>().notNull().default([]),
    /** The admin's request it came from: the same request sent twice ships once. */
    requestKey: uuid(),
    shippedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shipments_order_idx').on(t.orderId, t.shippedAt),
    uniqueIndex('shipments_one_per_request')
      .on(t.orderId, t.requestKey)
      .where(sql`${t.requestKey} is not null`),
  ],
)

/**
 * Money given back (docs/decisions/022): one row per refund. `order_payment` gives back the order's
 * own payment (by the admin; the row is taken before the provider is asked, under the order's lock,
 * so two clicks refund once, and completed with the provider's id and the corrective invoice in the
 * refund's transition); `unused_payment` gives back a verified payment that never became the order's
 * (the order was cancelled, changed or paid by another session): one per payment session, so a
 * repeated provider event refunds once.
 */
export type RefundLine = PlannedRefund['lines'][number]

export const refunds = pgTable(
  'refunds',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: recordOfOrder(),
    kind: text({ enum: refundKinds }).notNull(),
    /** The payment session whose payment goes back. */
    paymentSessionId: text().notNull(),
    /** What went back; null only for a given-back payment whose amount the provider did not say. */
    amountCents: integer(),
    /** Why it went back: the admin's words, or why an unused payment was given back (as logged). */
    reason: text(),
    /** The panels it gave back, by order line, at the price paid (none for a refund of an amount). */
    lines: jsonb().$type<RefundLine[]>().notNull().default([]),
    /** The delivery's price, when the delivery was given back; else 0. */
    deliveryCents: integer().notNull().default(0),
    /** The admin's request it came from: the same request sent twice gives back once. */
    requestKey: uuid(),
    /** The provider's refund id: null while the provider has not answered yet. */
    providerRefundId: text(),
    /** The corrective invoice this refund issued (a payment that never was the order's has none). */
    correctiveInvoiceId: uuid().references(() => invoices.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the provider confirmed it. */
    refundedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId, t.createdAt),
    uniqueIndex('refunds_one_per_request')
      .on(t.orderId, t.requestKey)
      .where(sql`${t.requestKey} is not null`),
    uniqueIndex('refunds_one_per_unused_payment')
      .on(t.paymentSessionId)
      .where(sql`${t.kind} = 'unused_payment'`),
    check('refunds_amount_positive', sql`${t.amountCents} is null or ${t.amountCents} > 0`),
    check('refunds_order_payment_amount', sql`${t.kind} <> 'order_payment' or ${t.amountCents} is not null`),
  ],
)

/**
 * What happened to an order and who did it (docs/product.md#fulfilment): the admin's order page
 * shows these as its timeline. Written in the same transaction as the change they describe.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: partOfOrder(),
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
    /** The series it is numbered in. */
    kind: invoiceKindEnum().notNull(),
    /** The AEAT's type (core/invoices.ts): F1, F2 or F3 in the invoice series, R1 or R5 in the corrective one. */
    aeatType: invoiceTypeEnum().notNull(),
    year: integer().notNull(),
    sequence: integer().notNull(),
    orderId: recordOfOrder(),
    /** The invoice a corrective invoice corrects. */
    correctsId: uuid(),
    /** The simplified invoice a full one (F3) replaces. */
    replacesId: uuid(),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * When the sale (or the refund) it invoices took place, when that was another day in Spain than
     * its issue (RD 1619/2012 art. 6.1.k): an invoice issued late, after invoicing was stopped, or
     * a full invoice replacing a simplified one; null otherwise.
     */
    operatedAt: timestamp({ withTimezone: true }),
    /** The customer's language: the PDF is printed in it. */
    language: languageEnum().notNull(),
    seller: jsonb().$type<InvoiceSeller>().notNull(),
    buyer: jsonb().$type<InvoiceBuyer>().notNull(),
    lines: jsonb().$type<InvoiceLine[]>().notNull(),
    /** IVA rate in basis points (2100 = 21 %); prices include it. */
    taxRateBasisPoints: integer().notNull(),
    /** Negative on a corrective invoice. total = taxable base + IVA + recargo de equivalencia (core/totals.ts). */
    taxableBaseCents: integer().notNull(),
    taxCents: integer().notNull(),
    surchargeCents: integer().notNull().default(0),
    /** The recargo de equivalencia's rate in basis points (520 = 5,2 %); 0 when the buyer is not under it. */
    surchargeRateBasisPoints: integer().notNull().default(0),
    totalCents: integer().notNull(),
  },
  (t) => [
    uniqueIndex('invoices_series_sequence').on(t.kind, t.year, t.sequence),
    // One invoice of each type per order; corrective invoices one per refund (refunds.corrective_invoice_id).
    uniqueIndex('invoices_one_per_order_and_type')
      .on(t.orderId, t.aeatType)
      .where(sql`${t.kind} = 'invoice'`),
    check('invoices_total_consistent', sql`${t.totalCents} = ${t.taxableBaseCents} + ${t.taxCents} + ${t.surchargeCents}`),
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

/**
 * A buyer's withdrawal from the contract (docs/product.md#withdrawal): at most one per order, written
 * with the order's timeline entry under the order's lock. The shop acknowledges it by email at once;
 * it waits on the admin home until the payment is refunded in full.
 */
export const withdrawals = pgTable('withdrawals', {
  id: uuid().primaryKey().defaultRandom(),
  orderId: recordOfOrder().unique(),
  /** How the buyer reached the function: signed in on /orders, or through the order's signed link. */
  channel: text({ enum: withdrawalChannels }).notNull(),
  userId: text().references(() => user.id, { onDelete: 'set null' }),
  /** The statement as the buyer sent it: who (name and email, for the acknowledgment) and, if they wish, why. */
  name: text().notNull(),
  email: text().notNull(),
  comment: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

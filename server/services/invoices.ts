/**
 * Issuing invoices (docs/decisions/018; Spanish law): a number from a gapless yearly series, taken
 * inside the transaction that marks the order paid (or refunded), and a copy of everything the
 * invoice prints, so later changes to the profile, the catalog or the company never alter it.
 */
import { and, asc, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Database } from '../db/client.ts'
import { invoices, invoiceSeries, orderItems, orders, profiles } from '../db/schema/index.ts'
import type { Company } from '../../core/company.ts'
import {
  invoiceNumber,
  invoiceYear,
  splitIncludedTax,
  type InvoiceBuyer,
  type InvoiceKind,
  type InvoiceLine,
  type InvoiceSeller,
} from '../../core/invoices.ts'
import { recordOrderEvent, systemActor } from './orders/events.ts'

/** What every invoice takes from the shop's configuration: the seller and the IVA rate. */
export interface InvoiceSettings {
  seller: InvoiceSeller
  taxRateBasisPoints: number
}

export function invoiceSettings(company: Company, taxRateBasisPoints: number): InvoiceSettings {
  const { legalName, taxId, address } = company
  return { seller: { legalName, taxId, address: { ...address } }, taxRateBasisPoints }
}

/**
 * The next number of a series in a year. The upsert locks the series row until the caller's
 * transaction ends: a concurrent confirmation waits for it, and a rollback gives the number back.
 */
async function nextSequence(tx: Database, kind: InvoiceKind, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceSeries)
    .values({ kind, year, last: 1 })
    .onConflictDoUpdate({ target: [invoiceSeries.kind, invoiceSeries.year], set: { last: sql`${invoiceSeries.last} + 1` } })
    .returning({ last: invoiceSeries.last })
  if (!row) throw new Error('invoice series returned nothing')
  return row.last
}

/**
 * The buyer as the invoice prints them: the order's name, email and address; for a wholesale
 * customer, also the company and tax id they were approved with (kept on their profile).
 */
async function buyerOf(tx: Database, orderId: string): Promise<{ buyer: InvoiceBuyer; language: 'es' | 'en' } | null> {
  const [order] = await tx
    .select({
      name: orders.customerName,
      email: orders.customerEmail,
      address: orders.shippingAddress,
      language: orders.language,
      company: profiles.companyName,
      taxId: profiles.taxId,
      approvedB2b: profiles.approvedB2b,
    })
    .from(orders)
    .leftJoin(profiles, eq(profiles.userId, orders.userId))
    .where(eq(orders.id, orderId))
  if (!order) return null
  const wholesale = order.approvedB2b === true
  return {
    buyer: {
      name: order.name,
      email: order.email,
      address: order.address,
      company: wholesale ? (order.company ?? null) : null,
      taxId: wholesale ? (order.taxId ?? null) : null,
    },
    language: order.language,
  }
}

/**
 * Issues the invoice of a paid order, inside the caller's transaction (the payment's
 * confirmation). An order has at most one: asking again returns the number it has.
 */
export async function issueInvoice(tx: Database, orderId: string, settings: InvoiceSettings, now = new Date()): Promise<string> {
  const [existing] = await tx
    .select({ number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')))
  if (existing) return existing.number
  const found = await buyerOf(tx, orderId)
  if (!found) throw new Error(`no order ${orderId} to invoice`)
  const ordered = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position), asc(orderItems.id))
  // The names as the order gave them, in its language.
  const items: InvoiceLine[] = ordered.map((line) => ({
    name: line.productName,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    amountCents: line.subtotalCents,
  }))
  const totalCents = items.reduce((sum, line) => sum + line.amountCents, 0)
  const year = invoiceYear(now)
  const sequence = await nextSequence(tx, 'invoice', year)
  const number = invoiceNumber('invoice', year, sequence)
  await tx.insert(invoices).values({
    number,
    kind: 'invoice',
    year,
    sequence,
    orderId,
    issuedAt: now,
    language: found.language,
    seller: settings.seller,
    buyer: found.buyer,
    lines: items,
    taxRateBasisPoints: settings.taxRateBasisPoints,
    ...splitIncludedTax(totalCents, settings.taxRateBasisPoints),
    totalCents,
  })
  return number
}

/**
 * Issues the corrective invoice (factura rectificativa, series R) of a refunded order, inside the
 * caller's transaction (the refund's): it cancels the order's invoice in full, so it copies that
 * invoice's seller, buyer, lines and IVA rate as they were issued, every amount negated. One per
 * order: asking again returns the number it has. Null when the order has no invoice to correct.
 * `settings` is not read: what a corrective invoice prints is the corrected invoice's, whatever the
 * configuration says now (the same signature as issueInvoice keeps the callers alike).
 */
export async function issueCorrectiveInvoice(tx: Database, orderId: string, _settings: InvoiceSettings, now = new Date()): Promise<string | null> {
  const [existing] = await tx
    .select({ number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'corrective')))
  if (existing) return existing.number
  const [original] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')))
  if (!original) return null
  const year = invoiceYear(now)
  const sequence = await nextSequence(tx, 'corrective', year)
  const number = invoiceNumber('corrective', year, sequence)
  const lines: InvoiceLine[] = original.lines.map((line) => ({ ...line, unitPriceCents: -line.unitPriceCents, amountCents: -line.amountCents }))
  await tx.insert(invoices).values({
    number,
    kind: 'corrective',
    year,
    sequence,
    orderId,
    correctsId: original.id,
    issuedAt: now,
    language: original.language,
    seller: original.seller,
    buyer: original.buyer,
    lines,
    taxRateBasisPoints: original.taxRateBasisPoints,
    taxableBaseCents: -original.taxableBaseCents,
    taxCents: -original.taxCents,
    totalCents: -original.totalCents,
  })
  return number
}

/**
 * Invoices for orders paid before invoicing existed (run once at start, after the migrations): each
 * paid order without an invoice gets one, and a refunded one its corrective invoice, oldest first,
 * each in its own transaction. One query when nothing is missing. Returns how many orders it invoiced.
 */
export async function issueMissingInvoices(db: Database, settings: InvoiceSettings, now = () => new Date()): Promise<number> {
  const invoice = alias(invoices, 'invoice')
  const corrective = alias(invoices, 'corrective')
  const missing = await db
    .select({ id: orders.id })
    .from(orders)
    .leftJoin(invoice, and(eq(invoice.orderId, orders.id), eq(invoice.kind, 'invoice')))
    .leftJoin(corrective, and(eq(corrective.orderId, orders.id), eq(corrective.kind, 'corrective')))
    .where(
      and(
        // Orders that were paid: a payment refunded for a cancelled order never made one paid.
        inArray(orders.paymentStatus, ['paid', 'refunded']),
        notInArray(orders.status, ['pending', 'cancelled']),
        or(isNull(invoice.id), and(eq(orders.paymentStatus, 'refunded'), isNull(corrective.id))),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id))
  for (const { id } of missing) {
    await db.transaction(async (tx) => {
      // Another instance starting at the same time waits here, then finds the invoice issued.
      const [order] = await tx.select({ paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, id)).for('update')
      if (!order) return
      const number = await issueInvoice(tx, id, settings, now())
      await recordOrderEvent(tx, { orderId: id, type: 'invoice_issued', actor: systemActor, details: { number, kind: 'invoice' } })
      if (order.paymentStatus === 'refunded') {
        const corrective = await issueCorrectiveInvoice(tx, id, settings, now())
        if (corrective) {
          await recordOrderEvent(tx, { orderId: id, type: 'invoice_issued', actor: systemActor, details: { number: corrective, kind: 'corrective' } })
        }
      }
    })
  }
  return missing.length
}

export type StoredInvoice = typeof invoices.$inferSelect

/**
 * An invoice as its reader may have it: an admin any, a customer only their own order's. Anyone
 * else gets null, as for a number that does not exist (a guessed number tells nothing).
 */
export async function findInvoiceForViewer(db: Database, number: string, viewer: { userId: string; admin: boolean }): Promise<StoredInvoice | null> {
  const [row] = await db
    .select({ invoice: invoices, buyerId: orders.userId })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(eq(invoices.number, number))
    .limit(1)
  if (!row || (!viewer.admin && row.buyerId !== viewer.userId)) return null
  return row.invoice
}

export interface OrderInvoice {
  orderId: string
  number: string
  kind: InvoiceKind
  issuedAt: string
}

/** The invoices of some orders, oldest first (the orders' pages list them for download). */
export async function invoicesOfOrders(db: Database, orderIds: readonly string[]): Promise<OrderInvoice[]> {
  if (orderIds.length === 0) return []
  const rows = await db
    .select({ orderId: invoices.orderId, number: invoices.number, kind: invoices.kind, issuedAt: invoices.issuedAt })
    .from(invoices)
    .where(inArray(invoices.orderId, [...orderIds]))
    .orderBy(asc(invoices.issuedAt), asc(invoices.number))
  return rows.map((row) => ({ ...row, issuedAt: row.issuedAt.toISOString() }))
}

/** An invoice by its number (the PDF, the email's attachment): no viewer check, callers do it. */
export async function findInvoice(db: Database, number: string): Promise<StoredInvoice | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.number, number)).limit(1)
  return row ?? null
}

/** What the PDF prints besides the invoice: the order's number and, on a corrective one, the corrected invoice's. */
export async function invoiceReferences(db: Database, invoice: Pick<StoredInvoice, 'orderId' | 'correctsId'>) {
  const [order] = await db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, invoice.orderId)).limit(1)
  const [corrected] = invoice.correctsId
    ? await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, invoice.correctsId)).limit(1)
    : []
  return { orderNumber: order?.orderNumber ?? '', correctsNumber: corrected?.number ?? null }
}

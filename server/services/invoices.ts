/**
 * Issuing invoices (docs/decisions/018; Spanish law): a number from a gapless yearly series, taken
 * inside the transaction that marks the order paid (or refunded), and a copy of everything the
 * invoice prints, so later changes to the profile, the catalog or the company never alter it.
 */
import { and, asc, eq, inArray, isNotNull, isNull, notInArray, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Database } from '../db/client.ts'
import { invoices, invoiceSeries, orderEvents, orderItems, orders, refunds, verifactuRecords } from '../db/schema/index.ts'
import type { Company } from '../../core/company.ts'
import type { PostalAddress } from '../../core/address.ts'
import type { Billing } from '../../core/billing.ts'
import {
  correctiveTypeFor,
  invoiceNumber,
  invoiceTypeFor,
  invoiceYear,
  seriesOf,
  type InvoiceBuyer,
  type InvoiceKind,
  type InvoiceLine,
  type InvoiceSeller,
  type InvoiceType,
} from '../../core/invoices.ts'
import { chargedDocumentAmounts } from '../../core/totals.ts'
import { recordOrderEvent, systemActor } from './orders/events.ts'
import { recordIssuedInvoice, recordsOfInvoices, recordVerificationUrl } from './verifactu/chain.ts'
import { aeatDate } from './verifactu/fields.ts'
import { invoicingStopped } from './verifactu/halt.ts'
import { receivedPaymentStatuses } from '../../core/order-flow.ts'
import type { VerifactuSettings } from '../../core/verifactu.ts'
import { defaultSurchargeRate } from '../../core/equivalence-surcharge.ts'
import type { ShopTaxRates } from './equivalence-surcharge.ts'
import { deliveryLineName } from './delivery.ts'
import { translate } from '../i18n.ts'
import { refundAmounts } from '../../core/refunds.ts'

/**
 * What every invoice takes from the shop's configuration: the seller, the IVA rate, the recargo de
 * equivalencia's rate (for the orders of customers under it), and whether it gets a VERI*FACTU record.
 */
export interface InvoiceSettings extends ShopTaxRates {
  seller: InvoiceSeller
  verifactu: VerifactuSettings
}

export function invoiceSettings(env: {
  company: Company
  vatRateBasisPoints: number
  surchargeRateBasisPoints?: number
  verifactu: VerifactuSettings
}): InvoiceSettings {
  const { legalName, taxId, address } = env.company
  return {
    seller: { legalName, taxId, address: { ...address } },
    taxRateBasisPoints: env.vatRateBasisPoints,
    surchargeRateBasisPoints: env.surchargeRateBasisPoints ?? defaultSurchargeRate(env.vatRateBasisPoints) ?? 0,
    verifactu: env.verifactu,
  }
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
 * The buyer as the order names them: for a full invoice (F1) the person or company it is made out
 * to, with their tax id, as checkout stored it (what the buyer gave, or a wholesale customer's
 * approved tax id), at the order's address; for a simplified one (F2) the order's name, email and
 * address, kept for the shop and printed nowhere.
 */
async function buyerOf(tx: Database, orderId: string) {
  const [order] = await tx
    .select({
      name: orders.customerName,
      email: orders.customerEmail,
      address: orders.shippingAddress,
      language: orders.language,
      billing: orders.billing,
      totalCents: orders.totalCents,
      surchargeCents: orders.taxCents,
      surchargeRateBasisPoints: orders.surchargeRateBasisPoints,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
  if (!order) return null
  const type = invoiceTypeFor(order)
  const surcharge = { cents: order.surchargeCents, rateBasisPoints: order.surchargeRateBasisPoints }
  return { type, buyer: invoiceBuyer(order, order.billing), language: order.language, surcharge }
}

/** The buyer an invoice prints: named with their tax id when `billing` is given. */
function invoiceBuyer(order: { name: string; email: string; address: PostalAddress | null }, billing: Billing | null): InvoiceBuyer {
  if (!billing) return { name: order.name, email: order.email, address: order.address, company: null, taxId: null }
  return {
    name: billing.name,
    email: order.email,
    address: order.address,
    company: null,
    taxId: billing.taxId,
    idType: billing.idType,
    country: billing.country,
  }
}

/**
 * The order's lines as an invoice prints them: the names as the order gave them, in its language,
 * and its home delivery as a line of its own when it cost something (taxed like the rest: its IVA
 * is in the document's single split, and the recargo the order charged covers it too).
 */
async function invoiceLines(tx: Database, orderId: string): Promise<InvoiceLine[]> {
  const ordered = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position), asc(orderItems.id))
  const [order] = await tx
    .select({ shippingCostCents: orders.shippingCostCents, deliveryZone: orders.deliveryZone, language: orders.language })
    .from(orders)
    .where(eq(orders.id, orderId))
  const lines: InvoiceLine[] = ordered.map((line) => ({
    name: line.productName,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    amountCents: line.subtotalCents,
  }))
  if (order && order.shippingCostCents > 0) {
    const name = deliveryLineName(order.language, order.deliveryZone)
    lines.push({ name, quantity: 1, unitPriceCents: order.shippingCostCents, amountCents: order.shippingCostCents })
  }
  return lines
}

/**
 * When the sale an invoice is issued for took place, kept only when that was another day in Spain
 * than `now` (RD 1619/2012 art. 6.1.k; the record's FechaOperacion): the order's payment. (A
 * corrective invoice's is its refund's day.)
 */
async function paidAt(tx: Database, orderId: string, now: Date): Promise<Date | null> {
  const [row] = await tx
    .select({ at: sql<Date | null>`min(${orderEvents.createdAt})`.mapWith(orderEvents.createdAt) })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, 'paid')))
  return anotherDay(row?.at ?? null, now)
}

/** `at` when it was another day in Spain than `now`, else null. */
const anotherDay = (at: Date | null, now: Date) => (at && aeatDate(at) !== aeatDate(now) ? at : null)

/** An invoice's numbers in its series: the next of the year, taken under the series row's lock. */
async function numbered(tx: Database, type: InvoiceType, now: Date) {
  const kind = seriesOf(type)
  const year = invoiceYear(now)
  const sequence = await nextSequence(tx, kind, year)
  return { number: invoiceNumber(kind, year, sequence), kind, aeatType: type, year, sequence, issuedAt: now }
}

/**
 * Issues the invoice of a paid order, inside the caller's transaction (the payment's
 * confirmation): a full (F1) or simplified (F2) one as `invoiceTypeFor` decides. An order has at
 * most one: asking again returns the number it has. None (null) while invoicing is stopped
 * (docs/decisions/030): the order is invoiced when an admin resumes.
 */
export async function issueInvoice(tx: Database, orderId: string, settings: InvoiceSettings, now = new Date()): Promise<string | null> {
  const [existing] = await tx
    .select({ number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), inArray(invoices.aeatType, ['F1', 'F2'])))
  if (existing) return existing.number
  if (await invoicingStopped(tx, settings.verifactu)) return null
  const found = await buyerOf(tx, orderId)
  if (!found) throw new Error(`no order ${orderId} to invoice`)
  const lines = await invoiceLines(tx, orderId)
  const grossCents = lines.reduce((sum, line) => sum + line.amountCents, 0)
  const issued = await numbered(tx, found.type, now)
  const id = await inserted(tx, {
    ...issued,
    orderId,
    language: found.language,
    seller: settings.seller,
    buyer: found.buyer,
    lines,
    operatedAt: await paidAt(tx, orderId, now),
    taxRateBasisPoints: settings.taxRateBasisPoints,
    surchargeRateBasisPoints: found.surcharge.rateBasisPoints,
    ...chargedDocumentAmounts(grossCents, settings.taxRateBasisPoints, found.surcharge.cents),
  })
  await recordIssuedInvoice(tx, id, settings.verifactu, now)
  return issued.number
}

/** Stores an invoice just numbered; its id. */
async function inserted(tx: Database, values: typeof invoices.$inferInsert): Promise<string> {
  const [row] = await tx.insert(invoices).values(values).returning({ id: invoices.id })
  if (!row) throw new Error('the invoice was not stored')
  return row.id
}

/** The ids of invoices voided by a registro de anulación, among `invoiceIds`. */
async function voidedAmong(db: Database, invoiceIds: readonly string[]): Promise<Set<string>> {
  if (invoiceIds.length === 0) return new Set()
  const rows = await db
    .select({ invoiceId: verifactuRecords.invoiceId })
    .from(verifactuRecords)
    .where(and(inArray(verifactuRecords.invoiceId, [...invoiceIds]), eq(verifactuRecords.kind, 'anulacion')))
  return new Set(rows.map((row) => row.invoiceId))
}

/**
 * The invoice that stands for an order now: the full one that replaced its simplified one (F3), or
 * the one its payment issued; none when it was voided (issued in error).
 */
async function standingInvoice(tx: Database, orderId: string) {
  const issued = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')))
  const voided = await voidedAmong(
    tx,
    issued.map((invoice) => invoice.id),
  )
  const standing = issued.filter((invoice) => !voided.has(invoice.id))
  return standing.find((invoice) => invoice.aeatType === 'F3') ?? standing[0] ?? null
}

/** The invoice lines of a refund that is not the whole invoice given back (the invoice's language). */
const refundLineText = {
  amount: /*i18n*/ { id: 'invoice.refund_line.amount', message: 'Refund: {reason}' },
  before: /*i18n*/ { id: 'invoice.refund_line.before', message: 'Less what earlier refunds gave back' },
}

/**
 * Issues the corrective invoice (factura rectificativa, series R) of one refund of an order's
 * payment, inside the caller's transaction (the refund's): "por diferencias", for exactly what the
 * refund gave back, against the invoice that stands for the order, with that invoice's seller,
 * buyer, language and rates, whatever the configuration says now; R1 for a full invoice, R5 for a
 * simplified one. Its lines are the panels (and the delivery) given back, or the refund's reason
 * for an amount. The refund that gives back the rest closes the invoice exactly: its amounts are
 * what the invoice and the earlier corrective ones leave. One per refund: asking again returns its
 * number. Null when the order has no invoice to correct, or while invoicing is stopped (issued when
 * an admin resumes).
 */
export async function issueRefundInvoice(tx: Database, refundId: string, settings: InvoiceSettings, now = new Date()): Promise<string | null> {
  const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId))
  if (!refund || refund.kind !== 'order_payment' || refund.amountCents === null) return null
  if (refund.correctiveInvoiceId) {
    const [had] = await tx.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, refund.correctiveInvoiceId))
    return had?.number ?? null
  }
  if (await invoicingStopped(tx, settings.verifactu)) return null
  const original = await standingInvoice(tx, refund.orderId)
  if (!original) return null
  const earlier = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.correctsId, original.id), eq(invoices.kind, 'corrective')))
  const [order] = await tx.select({ zone: orders.deliveryZone }).from(orders).where(eq(orders.id, refund.orderId))
  const given = (field: 'taxableBaseCents' | 'taxCents' | 'surchargeCents' | 'totalCents') =>
    original[field] + earlier.reduce((sum, invoice) => sum + invoice[field], 0)
  const closes = given('totalCents') === refund.amountCents
  const refundedLines: InvoiceLine[] = [
    ...refund.lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      unitPriceCents: -line.unitPriceCents,
      amountCents: -line.quantity * line.unitPriceCents,
    })),
    ...(refund.deliveryCents > 0
      ? [
          {
            name: deliveryLineName(original.language, order?.zone ?? null),
            quantity: 1,
            unitPriceCents: -refund.deliveryCents,
            amountCents: -refund.deliveryCents,
          },
        ]
      : []),
  ]
  const linesGross = -refundedLines.reduce((sum, line) => sum + line.amountCents, 0)
  const amounts = closes
    ? {
        taxableBaseCents: given('taxableBaseCents'),
        taxCents: given('taxCents'),
        surchargeCents: given('surchargeCents'),
        totalCents: refund.amountCents,
      }
    : refundAmounts({ amountCents: refund.amountCents, grossCents: refundedLines.length > 0 ? linesGross : null }, original)
  const grossCents = amounts.taxableBaseCents + amounts.taxCents
  let lines: InvoiceLine[]
  if (closes && earlier.length === 0) {
    // The whole invoice goes back: its own lines, negated.
    lines = original.lines.map((line) => ({ ...line, unitPriceCents: -line.unitPriceCents, amountCents: -line.amountCents }))
  } else if (refundedLines.length === 0) {
    const name = translate(original.language, refundLineText.amount, { reason: refund.reason ?? '' })
    lines = [{ name, quantity: 1, unitPriceCents: -grossCents, amountCents: -grossCents }]
  } else {
    // Earlier refunds of an amount already gave back part of these panels' price.
    const before = linesGross - grossCents
    const adjustment = translate(original.language, refundLineText.before)
    lines = before === 0 ? refundedLines : [...refundedLines, { name: adjustment, quantity: 1, unitPriceCents: before, amountCents: before }]
  }
  const issued = await numbered(tx, correctiveTypeFor(original.aeatType), now)
  const id = await inserted(tx, {
    ...issued,
    orderId: refund.orderId,
    correctsId: original.id,
    language: original.language,
    seller: original.seller,
    buyer: original.buyer,
    lines,
    operatedAt: anotherDay(refund.refundedAt, now),
    taxRateBasisPoints: original.taxRateBasisPoints,
    surchargeRateBasisPoints: original.surchargeRateBasisPoints,
    taxableBaseCents: -amounts.taxableBaseCents,
    taxCents: -amounts.taxCents,
    surchargeCents: -amounts.surchargeCents,
    totalCents: -amounts.totalCents,
  })
  await tx.update(refunds).set({ correctiveInvoiceId: id }).where(eq(refunds.id, refund.id))
  await recordIssuedInvoice(tx, id, settings.verifactu, now)
  return issued.number
}

/**
 * Replaces an order's simplified invoice by a full one (F3) made out to `billing`, inside the
 * caller's transaction (under the order's lock): a customer who asks for a full invoice after
 * buying. The F3 copies the simplified invoice's lines, IVA rate and amounts, names it, and prints
 * the buyer with their tax id at the order's address. Null when the order has no simplified
 * invoice to replace, or it was replaced or corrected already.
 */
export async function issueReplacementInvoice(
  tx: Database,
  orderId: string,
  billing: Billing,
  settings: InvoiceSettings,
  now = new Date(),
): Promise<string | null> {
  const issued = await tx.select().from(invoices).where(eq(invoices.orderId, orderId))
  const simplified = issued.find((invoice) => invoice.aeatType === 'F2')
  if (!simplified || issued.some((invoice) => invoice.aeatType === 'F3' || invoice.kind === 'corrective')) return null
  if ((await voidedAmong(tx, [simplified.id])).size > 0) return null
  const [order] = await tx
    .select({ name: orders.customerName, email: orders.customerEmail, address: orders.shippingAddress })
    .from(orders)
    .where(eq(orders.id, orderId))
  // A full invoice names the buyer's address (RD 1619/2012 art. 6.1.e): an order collected at the showroom may have none.
  if (!order?.address) return null
  const numbers = await numbered(tx, 'F3', now)
  const id = await inserted(tx, {
    ...numbers,
    orderId,
    replacesId: simplified.id,
    language: simplified.language,
    seller: simplified.seller,
    buyer: invoiceBuyer(order, billing),
    lines: simplified.lines,
    // The sale was when the simplified invoice says (or its own operation's day).
    operatedAt: anotherDay(simplified.operatedAt ?? simplified.issuedAt, now),
    taxRateBasisPoints: simplified.taxRateBasisPoints,
    surchargeRateBasisPoints: simplified.surchargeRateBasisPoints,
    taxableBaseCents: simplified.taxableBaseCents,
    taxCents: simplified.taxCents,
    surchargeCents: simplified.surchargeCents,
    totalCents: simplified.totalCents,
  })
  await recordIssuedInvoice(tx, id, settings.verifactu, now)
  return numbers.number
}

/** What `issueMissingInvoices` issued for one order. */
export interface LateInvoices {
  orderId: string
  /** Null when the order had its invoice already (a refund while invoicing was stopped). */
  invoice: string | null
  /** One per refund made meanwhile, oldest first. */
  correctives: string[]
}

/**
 * Invoices for orders paid without one: before invoicing existed (run at start, after the
 * migrations), or while invoicing was stopped (docs/decisions/030: when an admin resumes). Each
 * paid order without an invoice gets one, and each refund without its corrective invoice gets it,
 * oldest first, each order in its own transaction, where `afterIssue` runs too (the resume queues
 * the customer's email there). One query when nothing is missing. Returns how many orders it invoiced.
 */
export async function issueMissingInvoices(
  db: Database,
  settings: InvoiceSettings,
  opts: { now?: () => Date; afterIssue?: (tx: Database, issued: LateInvoices) => Promise<void> } = {},
): Promise<number> {
  const now = opts.now ?? (() => new Date())
  if (await invoicingStopped(db, settings.verifactu)) return 0
  const invoice = alias(invoices, 'invoice')
  const uninvoicedRefund = sql`exists (select 1 from ${refunds} where ${refunds.orderId} = ${orders.id} and ${refunds.kind} = 'order_payment'
    and ${refunds.refundedAt} is not null and ${refunds.correctiveInvoiceId} is null)`
  const missing = await db
    .select({ id: orders.id })
    .from(orders)
    .leftJoin(invoice, and(eq(invoice.orderId, orders.id), eq(invoice.kind, 'invoice')))
    .where(
      and(
        // Orders that were paid: a payment refunded for a cancelled order never made one paid.
        inArray(orders.paymentStatus, receivedPaymentStatuses),
        notInArray(orders.status, ['pending', 'cancelled']),
        or(isNull(invoice.id), uninvoicedRefund),
      ),
    )
    .groupBy(orders.id, orders.createdAt)
    .orderBy(asc(orders.createdAt), asc(orders.id))
  for (const { id } of missing) {
    await db.transaction(async (tx) => {
      // Another instance starting at the same time waits here, then finds the invoices issued.
      const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, id)).for('update')
      if (!order) return
      const [had] = await tx
        .select({ number: invoices.number })
        .from(invoices)
        .where(and(eq(invoices.orderId, id), eq(invoices.kind, 'invoice')))
      const number = had ? null : await issueInvoice(tx, id, settings, now())
      if (!had && !number) return
      if (number) await recordOrderEvent(tx, { orderId: id, type: 'invoice_issued', actor: systemActor, details: { number, kind: 'invoice' } })
      const refunded = await tx
        .select({ id: refunds.id })
        .from(refunds)
        .where(and(eq(refunds.orderId, id), eq(refunds.kind, 'order_payment'), isNotNull(refunds.refundedAt), isNull(refunds.correctiveInvoiceId)))
        .orderBy(asc(refunds.refundedAt), asc(refunds.id))
      const correctives: string[] = []
      for (const refund of refunded) {
        const corrective = await issueRefundInvoice(tx, refund.id, settings, now())
        if (!corrective) continue
        correctives.push(corrective)
        await recordOrderEvent(tx, { orderId: id, type: 'invoice_issued', actor: systemActor, details: { number: corrective, kind: 'corrective' } })
      }
      if (!number && correctives.length === 0) return
      await opts.afterIssue?.(tx, { orderId: id, invoice: number, correctives })
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
  type: InvoiceType
  issuedAt: string
  /** Voided by a registro de anulación: it was issued in error. */
  voided: boolean
  /** Whether an admin may void it now: it has a VERI*FACTU record, is not voided, and no other invoice corrects or replaces it. */
  voidable: boolean
}

/** The invoices of some orders, oldest first, with their ids (the orders wing's checks). */
export async function invoiceStates(db: Database, orderIds: readonly string[]): Promise<Array<OrderInvoice & { id: string }>> {
  if (orderIds.length === 0) return []
  const rows = await db
    .select({
      id: invoices.id,
      orderId: invoices.orderId,
      number: invoices.number,
      kind: invoices.kind,
      type: invoices.aeatType,
      issuedAt: invoices.issuedAt,
      correctsId: invoices.correctsId,
      replacesId: invoices.replacesId,
    })
    .from(invoices)
    .where(inArray(invoices.orderId, [...orderIds]))
    .orderBy(asc(invoices.issuedAt), asc(invoices.number))
  const records = await recordsOfInvoices(
    db,
    rows.map((row) => row.id),
  )
  return rows.map(({ correctsId: _corrects, replacesId: _replaces, ...row }) => {
    const voided = records.some((record) => record.invoiceId === row.id && record.kind === 'anulacion')
    const recorded = records.some((record) => record.invoiceId === row.id && record.kind === 'alta')
    const referenced = rows.some((other) => other.correctsId === row.id || other.replacesId === row.id)
    return { ...row, issuedAt: row.issuedAt.toISOString(), voided, voidable: recorded && !voided && !referenced }
  })
}

/** The invoices of some orders, oldest first (the orders' pages list them for download). */
export async function invoicesOfOrders(db: Database, orderIds: readonly string[]): Promise<OrderInvoice[]> {
  return (await invoiceStates(db, orderIds)).map(({ id: _id, ...invoice }) => invoice)
}

/** An invoice by its number (the PDF, the email's attachment): no viewer check, callers do it. */
export async function findInvoice(db: Database, number: string): Promise<StoredInvoice | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.number, number)).limit(1)
  return row ?? null
}

/**
 * What the PDF prints besides the invoice: its order's number, the invoice a corrective one
 * corrects, the simplified one an F3 replaces, the AEAT's verification address of its registro de
 * alta (null without one: issued while VERIFACTU was `off`, or before records) and whether it was voided.
 */
export async function invoiceReferences(db: Database, invoice: Pick<StoredInvoice, 'id' | 'orderId' | 'correctsId' | 'replacesId' | 'totalCents'>) {
  const [order] = await db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, invoice.orderId)).limit(1)
  const [replaced] = invoice.replacesId
    ? await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, invoice.replacesId)).limit(1)
    : []
  const [corrected] = invoice.correctsId
    ? await db.select({ number: invoices.number, totalCents: invoices.totalCents }).from(invoices).where(eq(invoices.id, invoice.correctsId)).limit(1)
    : []
  const [refund] = invoice.correctsId
    ? await db.select({ reason: refunds.reason }).from(refunds).where(eq(refunds.correctiveInvoiceId, invoice.id)).limit(1)
    : []
  const records = await recordsOfInvoices(db, [invoice.id])
  const voided = records.some((record) => record.kind === 'anulacion')
  const alta = records.find((record) => record.kind === 'alta')
  return {
    orderNumber: order?.orderNumber ?? '',
    correctsNumber: corrected?.number ?? null,
    /** A corrective invoice's refund: the whole invoice given back at once, or a part with the admin's reason. */
    refund: corrected ? { full: corrected.totalCents === -invoice.totalCents, reason: refund?.reason ?? null } : null,
    replacesNumber: replaced?.number ?? null,
    // A voided invoice is no longer verifiable at the AEAT: no QR, a notice instead.
    verificationUrl: alta && !voided ? recordVerificationUrl(alta) : null,
    voided,
  }
}

import { randomUUID } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, asc, eq, sql } from 'drizzle-orm'
import { PDFParse } from 'pdf-parse'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database, DatabaseHandle } from '../db/client.ts'
import { categories, emailOutbox, invoiceSeries, invoices, orderItems, orders, products, profiles, refunds } from '../db/schema/index.ts'
import { seedProducts } from '../db/seed-data.ts'
import { findOrder } from './orders/views.ts'
import { prepareDatabase } from '../prepare-database.ts'
import { memoryCartSession, type SessionUser } from '../trpc.ts'
import { createServices, type Services } from './index.ts'
import { invoicePdf, renderInvoicePdf } from './invoice-pdf/index.ts'
import { findInvoiceForViewer, invoicesOfOrders, issueInvoice, issueMissingInvoices, issueRefundInvoice } from './invoices.ts'
import type { Mailer, MailMessage } from './mail.ts'
import { providerActor } from './orders/events.ts'
import { ordersContext } from './orders/index.ts'
import { orderConfirmationKey, orderEmailHandler, orderEmailJob } from './orders/notifications.ts'
import { newOrderNumber } from './orders/store.ts'
import { transition } from './orders/transition.ts'
import { createSharedTestDatabase, createTestDatabase } from '../../tests/helpers/db.ts'
import { testEnv } from '../../tests/helpers/env.ts'
import { testShipping } from '../../tests/helpers/http-shopper.ts'
import { silentLog } from '../../tests/helpers/silent-log.ts'
import { callerAs, insertUser } from '../../tests/helpers/users.ts'
import { storedAddress } from '../../core/address.ts'
import { sampleCompany } from '../../core/company.ts'
import { invoiceYear } from '../../core/invoices.ts'
import { splitIncludedTax } from '../../core/totals.ts'
import { chainProblems, chainRecords } from './verifactu/chain.ts'
import { formatEuros } from '../../core/money.ts'
import type { OrderStatus, PaymentStatus } from '../../core/order-flow.ts'

// Invoices (Spanish law): every paid order gets an invoice from a gapless yearly series,
// taken inside the payment's confirmation; it copies what it prints; a refund gets a corrective one.

/** The emails the services sent, as the mailer got them (attachments included). */
function recordingMailer() {
  const sent: MailMessage[] = []
  const mailer: Mailer & { sent: MailMessage[] } = { transport: 'outbox', sent, send: async (message) => void sent.push(message), async close() {} }
  return mailer
}

let database: DatabaseHandle
let services: Services
let mail: ReturnType<typeof recordingMailer>
let productIds: Map<string, string>
const [first, second] = seedProducts as [(typeof seedProducts)[number], (typeof seedProducts)[number]]
const year = invoiceYear(new Date())

beforeAll(async () => {
  database = await createTestDatabase()
  mail = recordingMailer()
  services = createServices(testEnv(), database.db, silentLog, { mailer: mail })
  const visitor = await callerAs(database.db, 'anonymous', { services })
  productIds = new Map((await visitor.catalog.products()).map((p) => [p.slug, p.id]))
})
afterAll(async () => {
  await database.close()
})

const db = () => database.db
const sessionIdOf = (paymentUrl: string | null) => decodeURIComponent(paymentUrl!.split('/test-payment/')[1]!)

/** A shopper's order waiting for payment: a guest's, or a signed-in customer's. */
async function placeOrder(opts: { buyer?: SessionUser; language?: 'es' | 'en'; lines?: Array<[productId: string, quantity: number]> } = {}) {
  const kind = opts.buyer ? 'customer' : 'anonymous'
  // Each shopper is a client of its own to the checkout's rate limits (the same mailer records all).
  const own = createServices(testEnv(), db(), silentLog, { mailer: mail })
  const caller = await callerAs(db(), kind, {
    services: own,
    cartSession: memoryCartSession(),
    language: opts.language ?? 'es',
    ...(opts.buyer ? { user: opts.buyer } : {}),
  })
  for (const [productId, quantity] of opts.lines ?? [[productIds.get(first.slug)!, 2]]) await caller.cart.add({ productId, quantity })
  const email = `buyer-${randomUUID()}@example.com`
  const created = await caller.checkout.create({ shipping: { ...testShipping, email }, checkoutKey: randomUUID() })
  return { caller, services: own, email, id: created.orderId, sessionId: sessionIdOf(created.paymentUrl) }
}

/** The same, paid at the test provider and confirmed as the payment page's return does. */
async function paidOrder(opts: Parameters<typeof placeOrder>[0] = {}) {
  const order = await placeOrder(opts)
  await order.services.testPayments!.pay(order.sessionId)
  expect(await order.caller.checkout.confirm({ orderId: order.id, sessionId: order.sessionId })).toMatchObject({ paymentStatus: 'paid' })
  return order
}

/** A confirmed refund of the whole of an order's payment, as a row of `refunds` (its corrective invoice not issued yet); its id. */
async function wholeRefund(orderId: string): Promise<string> {
  const [order] = await db().select({ totalCents: orders.totalCents, sessionId: orders.paymentSessionId }).from(orders).where(eq(orders.id, orderId))
  const [row] = await db()
    .insert(refunds)
    .values({
      orderId,
      kind: 'order_payment',
      paymentSessionId: order!.sessionId ?? 'cs_x',
      amountCents: order!.totalCents,
      reason: 'x',
      refundedAt: new Date(),
    })
    .returning({ id: refunds.id })
  return row!.id
}

async function invoicesOf(handle: Database, orderId: string) {
  return handle.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.issuedAt))
}

async function invoiceOf(orderId: string) {
  const [invoice] = await invoicesOf(db(), orderId)
  if (!invoice) throw new Error(`order ${orderId} has no invoice`)
  return invoice
}

async function pdfPages(body: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(body) })
  try {
    return (await parser.getText()).pages.map((page) => page.text)
  } finally {
    await parser.destroy()
  }
}

const pdfText = async (body: Buffer) => (await pdfPages(body)).join(' ').replace(/\s+/g, ' ')

/** An order straight in the database, as one paid before invoices existed (or one that never was paid). */
async function insertOrder(
  handle: Database,
  opts: { status?: OrderStatus; paymentStatus?: PaymentStatus; createdAt?: Date; sessionId?: string } = {},
) {
  const [order] = await handle
    .insert(orders)
    .values({
      orderNumber: newOrderNumber(),
      customerName: 'Marta Ruiz',
      customerEmail: `old-${randomUUID()}@example.com`,
      customerPhone: '+34600111222',
      shippingAddress: storedAddress({ ...testShipping, address_line1: 'Avenida del Puerto 3' }),
      subtotalCents: 2 * first.priceRetailCents,
      totalCents: 2 * first.priceRetailCents,
      status: opts.status ?? 'confirmed',
      paymentStatus: opts.paymentStatus ?? 'paid',
      paymentSessionId: opts.sessionId ?? null,
      checkoutKey: randomUUID(),
      createdAt: opts.createdAt ?? new Date(),
    })
    .returning({ id: orders.id })
  await handle.insert(orderItems).values({
    orderId: order!.id,
    productId: null,
    productName: first.nameEs,
    quantity: 2,
    unitPriceCents: first.priceRetailCents,
    subtotalCents: 2 * first.priceRetailCents,
  })
  return order!.id
}

describe('the invoice of a paid order', () => {
  it('is issued by the payment’s confirmation, copying the buyer, the lines and the totals', async () => {
    const order = await paidOrder({
      lines: [
        [productIds.get(first.slug)!, 2],
        [productIds.get(second.slug)!, 1],
      ],
    })
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id))
    const invoice = await invoiceOf(order.id)
    const total = 2 * first.priceRetailCents + second.priceRetailCents
    expect(invoice).toMatchObject({
      kind: 'invoice',
      // A consumer's order up to 3.000 €: a simplified invoice.
      aeatType: 'F2',
      year,
      number: `${year}-${String(invoice.sequence).padStart(6, '0')}`,
      correctsId: null,
      language: 'es',
      seller: { legalName: sampleCompany.legalName, taxId: sampleCompany.taxId, address: sampleCompany.address },
      buyer: { name: testShipping.full_name, email: order.email, address: row!.shippingAddress, company: null, taxId: null },
      // In the order's own line order (as its page and email list them).
      lines: expect.arrayContaining([
        { name: first.nameEs, quantity: 2, unitPriceCents: first.priceRetailCents, amountCents: 2 * first.priceRetailCents },
        { name: second.nameEs, quantity: 1, unitPriceCents: second.priceRetailCents, amountCents: second.priceRetailCents },
      ]),
      taxRateBasisPoints: 2100,
      ...splitIncludedTax(total, 2100),
      totalCents: total,
    })
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.position))
    expect(invoice.lines.map((line) => line.name)).toEqual(items.map((item) => item.productName))
    // Shop prices include IVA: the invoice's total is what the customer paid.
    expect(invoice.totalCents).toBe(row!.totalCents)
    expect(invoice.taxableBaseCents + invoice.taxCents).toBe(total)
    // Confirming again (the webhook after the return page) issues nothing more.
    await order.caller.checkout.confirm({ orderId: order.id, sessionId: order.sessionId })
    expect(await invoicesOf(db(), order.id)).toHaveLength(1)
  })

  it('lists the lines as the cart had them, on the invoice, the order and its confirmation', async () => {
    const five = seedProducts.slice(0, 5)
    const order = await paidOrder({ lines: five.map((product) => [productIds.get(product.slug)!, 1]) })
    const cartOrder = five.map((product) => product.nameEs)
    expect((await invoiceOf(order.id)).lines.map((line) => line.name)).toEqual(cartOrder)
    const seen = await findOrder(db(), order.id)
    expect(seen?.items.map((item) => item.nameEs)).toEqual(cartOrder)
  })

  it('is printed in English for an English order', async () => {
    const order = await paidOrder({ language: 'en' })
    expect(await invoiceOf(order.id)).toMatchObject({ language: 'en', lines: [{ name: first.nameEn }] })
  })

  it('gives a wholesale buyer a full invoice with their company and tax id, and keeps them as issued whatever changes later', async () => {
    const [category] = await db().select({ id: categories.id }).from(categories).limit(1)
    const [product] = await db()
      .insert(products)
      .values({
        status: 'published',
        categoryId: category!.id,
        slug: `invoice-test-${randomUUID()}`,
        nameEs: 'Panel Roble Envejecido',
        nameEn: 'Aged Oak Panel',
        descriptionEs: 'Prueba',
        descriptionEn: 'Test',
        priceRetailCents: 12100,
        priceWholesaleCents: 9680,
        dimensionsWidthCm: 122,
        dimensionsHeightCm: 300,
      })
      .returning({ id: products.id })
    const buyer = await insertUser(db(), 'b2b')
    await db().update(profiles).set({ companyName: 'Reformas Pérez S.L.', taxId: 'B12345674' }).where(eq(profiles.userId, buyer.id))
    const order = await paidOrder({ buyer, lines: [[product!.id, 3]] })
    const issued = await invoiceOf(order.id)
    expect(issued).toMatchObject({ aeatType: 'F1', buyer: { name: 'Reformas Pérez S.L.', taxId: 'B12345674', idType: 'nif', country: 'ES' } })
    // A wholesale buyer pays the wholesale price, IVA included: 3 × 96,80 € = 290,40 € = 240,00 € + 50,40 €.
    expect(issued).toMatchObject({ lines: [{ name: 'Panel Roble Envejecido', quantity: 3, unitPriceCents: 9680 }], totalCents: 29040 })
    expect(issued).toMatchObject({ taxableBaseCents: 24000, taxCents: 5040 })

    await db().update(profiles).set({ companyName: 'Otra Empresa S.A.', taxId: 'A58818501', approvedB2b: false }).where(eq(profiles.userId, buyer.id))
    await db().update(products).set({ nameEs: 'Panel Renombrado', nameEn: 'Renamed Panel' }).where(eq(products.id, product!.id))
    expect(await invoiceOf(order.id)).toEqual(issued)
    const text = await pdfText((await invoicePdf(db(), issued.number))!)
    expect(text).toContain('Reformas Pérez S.L.')
    expect(text).toContain('NIF/CIF: B12345674')
    expect(text).toContain('Panel Roble Envejecido')
    expect(text).not.toContain('Renamed')
  })

  it('takes consecutive numbers, one order after another', async () => {
    const numbers = []
    for (let i = 0; i < 3; i++) numbers.push((await invoiceOf((await paidOrder()).id)).sequence)
    expect(numbers).toEqual([numbers[0], numbers[0]! + 1, numbers[0]! + 2])
  })

  it('leaves no gap when the confirmation’s transaction rolls back: its number goes to the next order', async () => {
    const [series] = await db()
      .select({ last: invoiceSeries.last })
      .from(invoiceSeries)
      .where(and(eq(invoiceSeries.kind, 'invoice'), eq(invoiceSeries.year, year)))
    const failed = await placeOrder()
    const failure = db().transaction(async (tx) => {
      expect(await issueInvoice(tx, failed.id, services.invoicing)).toBe(`${year}-${String(series!.last + 1).padStart(6, '0')}`)
      throw new Error('the payment could not be recorded')
    })
    await expect(failure).rejects.toThrow('the payment could not be recorded')
    expect(await invoicesOf(db(), failed.id)).toEqual([])
    const next = await paidOrder()
    expect((await invoiceOf(next.id)).sequence).toBe(series!.last + 1)
  })

  it('is attached to the confirmation email, which names it and links to My orders', async () => {
    const buyer = await insertUser(db(), 'customer')
    const order = await paidOrder({ buyer })
    const invoice = await invoiceOf(order.id)
    const email = mail.sent.find((m) => m.to === order.email)!
    expect(email.attachments).toHaveLength(1)
    expect(email.attachments![0]).toMatchObject({ filename: `factura-${invoice.number}.pdf`, contentType: 'application/pdf' })
    expect(await pdfText(email.attachments![0]!.content)).toContain(invoice.number)
    expect(email.text).toContain(
      `Le adjuntamos su factura ${invoice.number}. También puede descargarla desde Mis pedidos (http://localhost:3000/orders).`,
    )
  })

  it('still lets the confirmation email go when its PDF cannot be made, without it, and logs why', async () => {
    const order = await paidOrder()
    const invoice = await invoiceOf(order.id)
    // A stored invoice the PDF cannot print (its lines are not a list).
    await db()
      .update(invoices)
      .set({ lines: sql`'"broken"'::jsonb` })
      .where(eq(invoices.id, invoice.id))
    // Its confirmation not queued yet (as after a crash): one confirmation per order, so the first one is forgotten.
    await db()
      .delete(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, orderConfirmationKey(order.id)))
    const errors: string[] = []
    const sentBefore = mail.sent.length
    const log = { ...silentLog, error: (_obj: object, msg?: string) => void errors.push(msg ?? '') }
    const job = orderEmailJob(order.id, { kind: 'confirmation', invoice: invoice.number })
    await orderEmailHandler(ordersContext(db(), services, { log }))(job.payload)
    const email = mail.sent.slice(sentBefore).find((m) => m.to === order.email)!
    expect(email.subject).toContain('Confirmación del pedido')
    expect(email.attachments).toBeUndefined()
    expect(email.text).not.toContain(invoice.number)
    expect(errors).toEqual(['invoice PDF failed: the email goes without it'])
  })
})

describe('20 confirmations at once', () => {
  it('get exactly the numbers 1 to 20, none shared, none skipped, and one unbroken chain of records (two instances on PostgreSQL)', async () => {
    // A database of its own, so the series starts at 1; on PostgreSQL, two app instances' pools.
    const shared = await createSharedTestDatabase()
    const handles: DatabaseHandle[] = shared ? [shared.open(), shared.open()] : [await createTestDatabase()]
    const monitor = shared ? shared.open() : null
    try {
      const main = handles[0]!.db
      const pending: Array<{ orderId: string; sessionId: string }> = []
      for (let i = 0; i < 20; i++) {
        const sessionId = `cs_test_concurrent_${i}_${randomUUID()}`
        pending.push({ orderId: await insertOrder(main, { status: 'pending', paymentStatus: 'pending', sessionId }), sessionId })
      }
      const confirmAll = () =>
        Promise.all(
          pending.map(async ({ orderId, sessionId }, i) => {
            const ctx = ordersContext(handles[i % handles.length]!.db, services, { log: silentLog })
            const facts = { sessionId, amountCents: 2 * first.priceRetailCents, currency: 'eur' }
            const paid = await transition(ctx, { orderId, event: 'pay', actor: providerActor, facts })
            return paid.result === 'applied'
          }),
        )
      let results: boolean[]
      if (monitor) {
        // The series row is held by another transaction while the 20 start: each confirmation
        // must wait for it, so all of them are in flight at once when it is let go.
        let release = () => {}
        let held = () => {}
        const holding = new Promise<void>((resolve) => (held = resolve))
        const gate = main.transaction(async (tx) => {
          await tx
            .insert(invoiceSeries)
            .values({ kind: 'invoice', year, last: 0 })
            .onConflictDoUpdate({ target: [invoiceSeries.kind, invoiceSeries.year], set: { last: sql`${invoiceSeries.last}` } })
          held()
          await new Promise<void>((resolve) => (release = resolve))
        })
        await holding
        const confirming = confirmAll()
        const waiting = async () => {
          // postgres-js answers with the rows themselves.
          const rows = (await monitor.db.execute(
            sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )) as unknown as Array<{ waiting: number }>
          return rows[0]!.waiting
        }
        let seen = 0
        for (let i = 0; i < 200 && seen < 19; i++) {
          seen = await waiting()
          await new Promise((resolve) => setTimeout(resolve, 25))
        }
        // Both instances' pools are waiting together (the gate uses one of the 20 connections).
        expect(seen).toBe(19)
        expect(await monitor.db.select({ id: invoices.id }).from(invoices)).toEqual([])
        release()
        await gate
        results = await confirming
      } else {
        results = await confirmAll()
      }
      expect(results).toEqual(pending.map(() => true))
      const issued = await main.select({ orderId: invoices.orderId, sequence: invoices.sequence, number: invoices.number }).from(invoices)
      expect(issued.map((i) => i.sequence).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
      expect(new Set(issued.map((i) => i.orderId))).toEqual(new Set(pending.map((o) => o.orderId)))
      expect(new Set(issued.map((i) => i.number)).size).toBe(20)
      const [series] = await main.select().from(invoiceSeries).where(eq(invoiceSeries.kind, 'invoice'))
      expect(series).toEqual({ kind: 'invoice', year, last: 20 })
      // Their VERI*FACTU records: one unbroken chain of 20, one per invoice, whichever instance issued it.
      const chain = await chainRecords(main, 'test')
      expect(chain.map((record) => record.position)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
      expect(new Set(chain.map((record) => record.invoiceNumber))).toEqual(new Set(issued.map((i) => i.number)))
      expect(chainProblems(chain)).toEqual([])
    } finally {
      await monitor?.close()
      for (const handle of handles) await handle.close()
      await shared?.drop()
    }
  })
})

describe('the corrective invoice of a refund', () => {
  it('negates the invoice in the R series, with the buyer as invoiced, once per order', async () => {
    const buyer = await insertUser(db(), 'b2b')
    await db().update(profiles).set({ companyName: 'Cocinas Levante S.L.', taxId: 'A58818501' }).where(eq(profiles.userId, buyer.id))
    const order = await paidOrder({
      buyer,
      lines: [
        [productIds.get(first.slug)!, 2],
        [productIds.get(second.slug)!, 1],
      ],
    })
    const original = await invoiceOf(order.id)
    // The profile changes before the refund: the corrective invoice still names the buyer as invoiced.
    await db().update(profiles).set({ companyName: 'Nombre Nuevo S.L.' }).where(eq(profiles.userId, buyer.id))

    const refundId = await wholeRefund(order.id)
    const number = await db().transaction((tx) => issueRefundInvoice(tx, refundId, services.invoicing))
    expect(number).toBe(`R${year}-000001`)
    const [, corrective] = await invoicesOf(db(), order.id)
    expect(corrective).toMatchObject({
      number,
      kind: 'corrective',
      year,
      sequence: 1,
      correctsId: original.id,
      language: original.language,
      seller: original.seller,
      buyer: original.buyer,
      taxRateBasisPoints: original.taxRateBasisPoints,
      taxableBaseCents: -original.taxableBaseCents,
      taxCents: -original.taxCents,
      totalCents: -original.totalCents,
      lines: original.lines.map((line) => ({ ...line, unitPriceCents: -line.unitPriceCents, amountCents: -line.amountCents })),
    })
    // A full invoice's corrective invoice: R1.
    expect(corrective).toMatchObject({ aeatType: 'R1', buyer: { name: 'Cocinas Levante S.L.', taxId: 'A58818501' } })
    expect(corrective!.totalCents).toBeLessThan(0)

    // Asked again (a repeated refund): the same number, nothing new.
    expect(await db().transaction((tx) => issueRefundInvoice(tx, refundId, services.invoicing))).toBe(number)
    expect(await invoicesOf(db(), order.id)).toHaveLength(2)

    const text = await pdfText((await invoicePdf(db(), number!))!)
    expect(text).toContain('Factura rectificativa')
    expect(text).toContain(`Rectifica la factura ${original.number}`)
    expect(text).toContain('Motivo: devolución total del pedido')
    expect(text).toContain('Base imponible')
  })

  it('takes the R series of the year it is issued in, and is null for an order without an invoice', async () => {
    const order = await paidOrder()
    const nextYear = new Date(`${year + 1}-01-01T00:30:00+01:00`)
    const refundId = await wholeRefund(order.id)
    expect(await db().transaction((tx) => issueRefundInvoice(tx, refundId, services.invoicing, nextYear))).toBe(`R${year + 1}-000001`)
    const unpaid = await placeOrder()
    const unpaidRefund = await wholeRefund(unpaid.id)
    expect(await db().transaction((tx) => issueRefundInvoice(tx, unpaidRefund, services.invoicing))).toBeNull()
    expect(await invoicesOf(db(), unpaid.id)).toEqual([])
  })
})

describe('who may read an invoice', () => {
  it('is its buyer or an admin; anyone else gets what a number that does not exist gets', async () => {
    const buyer = await insertUser(db(), 'customer')
    const order = await paidOrder({ buyer })
    const { number } = await invoiceOf(order.id)
    expect(await findInvoiceForViewer(db(), number, { userId: buyer.id, admin: false })).toMatchObject({ number, orderId: order.id })
    expect(await findInvoiceForViewer(db(), number, { userId: 'someone-else', admin: true })).toMatchObject({ number })
    expect(await findInvoiceForViewer(db(), number, { userId: 'someone-else', admin: false })).toBeNull()
    expect(await findInvoiceForViewer(db(), `${year}-999999`, { userId: buyer.id, admin: true })).toBeNull()
    // A guest's order belongs to no account: only an admin reads its invoice.
    const guest = await paidOrder()
    const guestInvoice = await invoiceOf(guest.id)
    expect(await findInvoiceForViewer(db(), guestInvoice.number, { userId: buyer.id, admin: false })).toBeNull()
  })

  it('lists each order’s invoices, oldest first, for the orders’ pages', async () => {
    const order = await paidOrder()
    const other = await paidOrder()
    const invoice = await invoiceOf(order.id)
    const refundId = await wholeRefund(order.id)
    const corrective = await db().transaction((tx) => issueRefundInvoice(tx, refundId, services.invoicing))
    const listed = await invoicesOfOrders(db(), [order.id, other.id])
    expect(listed.filter((i) => i.orderId === order.id)).toEqual([
      // The F2 is corrected (not voidable); the R5 has its VERI*FACTU record and nothing refers to it.
      {
        orderId: order.id,
        number: invoice.number,
        kind: 'invoice',
        type: 'F2',
        issuedAt: invoice.issuedAt.toISOString(),
        voided: false,
        voidable: false,
      },
      {
        orderId: order.id,
        number: corrective,
        kind: 'corrective',
        type: 'R5',
        issuedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        voided: false,
        voidable: true,
      },
    ])
    expect(listed.filter((i) => i.orderId === other.id)).toHaveLength(1)
    expect(await invoicesOfOrders(db(), [])).toEqual([])
  })
})

describe('orders paid before invoices existed', () => {
  it('get their invoices at start, oldest first, and a refunded one its corrective invoice too; then nothing is left', async () => {
    const day = (n: number) => new Date(Date.UTC(2025, 0, n))
    const shipped = await insertOrder(db(), { status: 'shipped', createdAt: day(3) })
    const confirmed = await insertOrder(db(), { status: 'confirmed', createdAt: day(1) })
    const refunded = await insertOrder(db(), { status: 'delivered', paymentStatus: 'refunded', createdAt: day(2) })
    // Its refund, given back in full before invoices existed: the corrective invoice is issued for it.
    await wholeRefund(refunded)
    // Never paid: waiting, or cancelled with a late payment given back.
    const unpaid = await insertOrder(db(), { status: 'pending', paymentStatus: 'pending', createdAt: day(1) })
    const cancelled = await insertOrder(db(), { status: 'cancelled', paymentStatus: 'refunded', createdAt: day(1) })

    expect(await issueMissingInvoices(db(), services.invoicing)).toBe(3)
    const [a] = await invoicesOf(db(), confirmed)
    const [b, bCorrective] = await invoicesOf(db(), refunded)
    const [c] = await invoicesOf(db(), shipped)
    expect([b!.sequence, c!.sequence]).toEqual([a!.sequence + 1, a!.sequence + 2])
    expect(a).toMatchObject({
      kind: 'invoice',
      buyer: { name: 'Marta Ruiz', address: { line1: 'Avenida del Puerto 3' } },
      totalCents: 2 * first.priceRetailCents,
    })
    expect(bCorrective).toMatchObject({ kind: 'corrective', correctsId: b!.id, totalCents: -b!.totalCents })
    expect(await invoicesOf(db(), unpaid)).toEqual([])
    expect(await invoicesOf(db(), cancelled)).toEqual([])

    expect(await issueMissingInvoices(db(), services.invoicing)).toBe(0)
  })

  it('are invoiced by the server’s start (prepareDatabase), with the company’s facts', async () => {
    const env = testEnv({ VAT_RATE: '10' })
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-invoices-'))
    let handle = await prepareDatabase({ ...env, DATABASE_URL: undefined, DATA_DIR: dataDir }, { info() {} })
    let orderId: string
    try {
      orderId = await insertOrder(handle.db)
    } finally {
      await handle.close()
    }
    const logged: string[] = []
    handle = await prepareDatabase({ ...env, DATABASE_URL: undefined, DATA_DIR: dataDir }, { info: (message) => void logged.push(message) })
    try {
      expect(await invoicesOf(handle.db, orderId)).toMatchObject([
        { number: `${year}-000001`, taxRateBasisPoints: 1000, seller: { taxId: env.company.taxId } },
      ])
      expect(logged).toContain('Orders paid before invoicing, now invoiced: 1')
    } finally {
      await handle.close()
    }
  }, 60_000)
})

describe('the invoice PDF', () => {
  it('wraps long names and runs over as many pages as its lines need, the totals after the last line', async () => {
    const stored = await invoiceOf((await paidOrder()).id)
    const long = 'Panel Mármol Calacatta Oro de gran formato con veta dorada continua, acabado brillo espejo y canto biselado'
    const lines = Array.from({ length: 40 }, (_, i) => ({
      name: i % 5 === 0 ? `${long} (${i + 1})` : `Panel ${i + 1}`,
      quantity: i + 1,
      unitPriceCents: 1000,
      amountCents: (i + 1) * 1000,
    }))
    const totalCents = lines.reduce((sum, line) => sum + line.amountCents, 0)
    const invoice = { ...stored, lines, ...splitIncludedTax(totalCents, 2100), totalCents }
    const printed = await pdfPages(
      await renderInvoicePdf(invoice, { orderNumber: 'ORD-1', correctsNumber: null, replacesNumber: null, verificationUrl: null, voided: false }),
    )
    expect(printed.length).toBeGreaterThan(1)
    // A long name is broken over several lines of its column, not left to run over the figures.
    expect(printed.join('\n')).not.toContain(long)
    const pages = printed.map((page) => page.replace(/\s+/g, ' '))
    const text = pages.join(' ')
    for (const line of lines) expect(text).toContain(line.name)
    pages.forEach((page, i) => expect(page).toContain(`Página ${i + 1} de ${pages.length}`))
    const last = pages.at(-1)!
    expect(last).toContain('Base imponible')
    expect(last.indexOf('Panel 40')).toBeLessThan(last.indexOf('Base imponible'))
    expect(last).toContain(`Total ${formatEuros(totalCents, 'es').replace(/\s+/g, ' ')}`)
  })
})

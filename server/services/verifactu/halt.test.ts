import { and, asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { invoices, orderEvents, orders, verifactuRecords } from '../../db/schema/index.ts'
import { seedProducts } from '../../db/seed-data.ts'
import { createServices, type Services } from '../index.ts'
import { chainProblems, chainRecords } from './chain.ts'
import { haltInvoicing, invoicingHalt, liftInvoicingHalt } from './halt.ts'
import { bookRows } from './books.ts'
import { aeatDate } from './fields.ts'
import { issueMissingInvoices } from '../invoices.ts'
import { invoicePdf } from '../invoice-pdf/index.ts'
import { pdfContents } from '../../../tests/helpers/pdf-contents.ts'
import type { RegistroAlta } from '../../../core/verifactu.ts'
import { sharedCatalogShop } from '../../../tests/helpers/catalog-shop.ts'
import { testEnv } from '../../../tests/helpers/env.ts'
import { shopperCheckout } from '../../../tests/helpers/paid-checkout.ts'
import { recordingMailer } from '../../../tests/helpers/recording-mailer.ts'
import { silentLog } from '../../../tests/helpers/silent-log.ts'
import { codeOf } from '../../../tests/helpers/trpc-errors.ts'
import { callerAs } from '../../../tests/helpers/users.ts'
import { refundRest } from '../../../tests/helpers/orders.ts'

// Invoicing stops until an admin reconciles (docs/decisions/030), after a restore or a conflict:
// payments and refunds go on without invoices, nothing else touches the chain, and resuming
// invoices what was paid meanwhile, in one unbroken chain.

const shop = sharedCatalogShop()
const mail = recordingMailer()
const db = () => shop.db
const productId = () => shop.ids.get(seedProducts[0]!.slug)!
let services: Services
beforeAll(() => {
  services = createServices(testEnv(), shop.db, silentLog, { mailer: mail })
})

const checkout = () => shopperCheckout(db(), { productId: productId(), overrides: { mailer: mail } })
const invoicesOf = (orderId: string) => db().select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.issuedAt))
const admin = () => callerAs(db(), 'admin', { services })

describe('with invoicing stopped', () => {
  it('takes payments and refunds without invoices, refuses to touch the chain, and invoices them all when an admin resumes', async () => {
    const before = await checkout()
    const refunded = await checkout()
    const [issuedBefore] = await invoicesOf(before.id)
    expect(issuedBefore).toBeDefined()
    await haltInvoicing(db(), ['test'], { reason: 'restore', detail: 'shop-20261127T030000Z.pglite.tar.gz' }, new Date())
    const caller = await admin()
    expect((await caller.admin.verifactu.status()).halt).toMatchObject({ reason: 'restore', detail: 'shop-20261127T030000Z.pglite.tar.gz' })
    const chainBefore = await chainRecords(db(), 'test')

    // A payment: the order is paid, its confirmation goes without an invoice.
    const paid = await checkout()
    const [paidRow] = await db().select({ paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, paid.id))
    expect(paidRow!.paymentStatus).toBe('paid')
    expect(await invoicesOf(paid.id)).toEqual([])
    const confirmation = mail.sent.find((message) => message.to === paid.email)
    expect(confirmation?.attachments ?? []).toEqual([])
    // A refund: the money goes back, the corrective invoice waits.
    await caller.admin.orders.refund(refundRest(refunded.id))
    expect((await invoicesOf(refunded.id)).map((invoice) => invoice.kind)).toEqual(['invoice'])
    // Nothing else may add to the chain.
    const halted = /Invoicing is stopped until an admin reconciles/
    await expect(
      caller.admin.orders.replaceInvoice({ id: before.id, billing: { name: 'Reformas Mar Menor S.L.', idKind: 'tax_id', taxId: 'B03999992' } }),
    ).rejects.toThrow(halted)
    await expect(caller.admin.orders.voidInvoice({ id: before.id, number: issuedBefore!.number })).rejects.toThrow(halted)
    await expect(caller.admin.verifactu.correct({ id: chainBefore.at(-1)!.id })).rejects.toThrow(halted)
    expect(await chainRecords(db(), 'test')).toEqual(chainBefore)

    // The admin resumes: the paid order's invoice and the refund's corrective one, in one chain.
    expect(await caller.admin.verifactu.resume()).toEqual({ invoiced: 2 })
    expect((await caller.admin.verifactu.status()).halt).toBeNull()
    expect((await invoicesOf(paid.id)).map((invoice) => invoice.aeatType)).toEqual(['F2'])
    expect((await invoicesOf(refunded.id)).map((invoice) => invoice.aeatType)).toEqual(['F2', 'R5'])
    const chain = await chainRecords(db(), 'test')
    expect(chain).toHaveLength(chainBefore.length + 2)
    expect(chainProblems(chain)).toEqual([])
    // Each customer is sent what was issued for them: the paid order's invoice, the refund's corrective one.
    const [paidInvoice] = await invoicesOf(paid.id)
    const [, corrective] = await invoicesOf(refunded.id)
    const late = (to: string) => mail.sent.find((message) => message.to === to && message.subject.startsWith('Las facturas de su pedido'))
    expect(late(paid.email)?.text).toContain(`Hemos emitido la factura ${paidInvoice!.number} de su pedido`)
    expect(late(paid.email)?.attachments?.map((file) => file.filename)).toEqual([`factura-${paidInvoice!.number}.pdf`])
    expect(late(refunded.email)?.text).toContain(`Hemos emitido la factura rectificativa ${corrective!.number} del reembolso de su pedido`)
    expect(late(refunded.email)?.attachments).toHaveLength(1)
    expect(late(refunded.email)?.text).toContain('La factura va adjunta en PDF.')
    expect(late(paid.email)?.text).toContain('La factura va adjunta en PDF.')
    expect(await codeOf(caller.admin.verifactu.resume())).toBe('CONFLICT')
  })

  it('keeps the first reason when stopped again, and says nothing is stopped for the other service', async () => {
    const now = new Date()
    await haltInvoicing(db(), ['test'], { reason: 'conflict', detail: '2026-000007' }, now)
    await haltInvoicing(db(), ['test'], { reason: 'restore', detail: 'later.tar.gz' }, new Date(now.getTime() + 1000))
    expect(await invoicingHalt(db(), 'test')).toEqual({ reason: 'conflict', detail: '2026-000007', since: now.toISOString() })
    expect(await invoicingHalt(db(), 'production')).toBeNull()
    const caller = await admin()
    await expect(caller.admin.verifactu.status()).resolves.toMatchObject({ halt: { reason: 'conflict' } })
    expect(await caller.admin.verifactu.resume()).toEqual({ invoiced: 0 })
  })

  it('dates what it issues late with the day of the sale or the refund, on the invoice, its record, its PDF and the book', async () => {
    await haltInvoicing(db(), ['test'], { reason: 'restore', detail: 'backup.tar.gz' }, new Date())
    const paid = await checkout()
    const [paidEvent] = await db()
      .select({ at: orderEvents.createdAt })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, paid.id), eq(orderEvents.type, 'paid')))
    expect(await liftInvoicingHalt(db(), 'test')).toBe(true)
    // Resumed the next day.
    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000)
    expect(await issueMissingInvoices(db(), services.invoicing, { now: () => tomorrow })).toBeGreaterThanOrEqual(1)
    const [invoice] = await invoicesOf(paid.id)
    expect(invoice!.operatedAt).toEqual(paidEvent!.at)
    const [record] = await db().select().from(verifactuRecords).where(eq(verifactuRecords.invoiceId, invoice!.id))
    expect((record!.record as RegistroAlta).FechaOperacion).toBe(aeatDate(paidEvent!.at))
    expect((record!.record as RegistroAlta).IDFactura.FechaExpedicionFactura).toBe(aeatDate(tomorrow))
    const text = (await pdfContents((await invoicePdf(db(), invoice!.number))!)).text
    const day = new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeZone: 'Europe/Madrid' })
    expect(text).toContain(`Fecha de la operación ${day.format(paidEvent!.at)}`)
    const issuedOn = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(tomorrow)
    const row = (await bookRows(db(), { name: issuedOn, from: issuedOn, to: issuedOn })).find((line) => line.number === invoice!.number)
    expect(row?.operatedOn).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(paidEvent!.at))
  })
})

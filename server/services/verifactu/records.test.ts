import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client.ts'
import { invoices, orderItems, verifactuRecords } from '../../db/schema/index.ts'
import { seedProducts } from '../../db/seed-data.ts'
import { createServices, type Services } from '../index.ts'
import { invoicePdf } from '../invoice-pdf/index.ts'
import { sharedCatalogShop } from '../../../tests/helpers/catalog-shop.ts'
import { createTestDatabase } from '../../../tests/helpers/db.ts'
import { insertOrderRow, issuedInvoice, refundRest } from '../../../tests/helpers/orders.ts'
import { decodedQr, pdfContents } from '../../../tests/helpers/pdf-contents.ts'
import { testEnv } from '../../../tests/helpers/env.ts'
import { shopperCheckout } from '../../../tests/helpers/paid-checkout.ts'
import { recordingMailer } from '../../../tests/helpers/recording-mailer.ts'
import { silentLog } from '../../../tests/helpers/silent-log.ts'
import { callerAs } from '../../../tests/helpers/users.ts'
import { sampleCompany } from '../../../core/company.ts'
import { messages } from '../../../core/messages.ts'
import type { BillingInput } from '../../../core/billing.ts'
import { invoiceReferences } from '../invoices.ts'
import { chainProblems, chainRecords, recordsOfInvoices, recordVoidedInvoice } from './chain.ts'
import { aeatAmount, aeatDate } from './fields.ts'
import { altaHashInput, anulacionHashInput, fingerprint } from './hash.ts'
import type { RegistroAlta, RegistroAnulacion } from '../../../core/verifactu.ts'
import { billingSystem } from './system.ts'

// The VERI*FACTU billing records (docs/decisions/027): every invoice issued while VERIFACTU is not
// `off` gets a registro de alta in the same transaction, chained to the record before it and
// fingerprinted as the AEAT's hash specification says; records are never changed; an invoice issued
// in error is voided by a registro de anulación; the PDF prints the AEAT's QR code and legend.

const shop = sharedCatalogShop()
const mail = recordingMailer()
const product = seedProducts[0]!
const db = () => shop.db
let services: Services
beforeAll(() => {
  services = createServices(testEnv(), shop.db, silentLog, { mailer: mail })
})

const nif: BillingInput = { name: 'Reformas Mar Menor S.L.', idKind: 'tax_id', taxId: 'b-03999992' }
const checkout = (opts: { quantity?: number; billing?: BillingInput | null; language?: 'es' | 'en' } = {}) =>
  shopperCheckout(db(), { ...opts, productId: shop.ids.get(product.slug)!, overrides: { mailer: mail } })

const invoicesOf = (orderId: string) => db().select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.issuedAt))

/** The one record of an invoice, which must be a registro de alta. */
async function altaOf(invoiceId: string): Promise<{ position: number; record: RegistroAlta }> {
  const records = await recordsOfInvoices(db(), [invoiceId])
  expect(records).toHaveLength(1)
  const [stored] = records
  expect(stored!.kind).toBe('alta')
  return { position: stored!.position, record: stored!.record as RegistroAlta }
}

const pdfOf = async (handle: DatabaseHandle['db'], number: string) => pdfContents((await invoicePdf(handle, number))!)

describe('a registro de alta for every invoice', () => {
  it('of a simplified invoice (F2): the invoice’s id, type, breakdown and totals, no buyer, the system, fingerprinted', async () => {
    const order = await checkout()
    const [invoice] = await invoicesOf(order.id)
    const { record } = await altaOf(invoice!.id)
    expect(record).toMatchObject({
      IDVersion: '1.0',
      IDFactura: { IDEmisorFactura: sampleCompany.taxId, NumSerieFactura: invoice!.number, FechaExpedicionFactura: aeatDate(invoice!.issuedAt) },
      NombreRazonEmisor: sampleCompany.legalName,
      TipoFactura: 'F2',
      Desglose: [
        {
          Impuesto: '01',
          ClaveRegimen: '01',
          CalificacionOperacion: 'S1',
          TipoImpositivo: '21.00',
          BaseImponibleOimporteNoSujeto: aeatAmount(invoice!.taxableBaseCents),
          CuotaRepercutida: aeatAmount(invoice!.taxCents),
        },
      ],
      CuotaTotal: aeatAmount(invoice!.taxCents),
      ImporteTotal: aeatAmount(invoice!.totalCents),
      SistemaInformatico: {
        NombreRazon: sampleCompany.legalName,
        NIF: sampleCompany.taxId,
        NombreSistemaInformatico: billingSystem.name,
        IdSistemaInformatico: billingSystem.id,
        Version: billingSystem.version,
        NumeroInstalacion: '1',
        TipoUsoPosibleSoloVerifactu: 'S',
        TipoUsoPosibleMultiOT: 'N',
        IndicadorMultiplesOT: 'N',
      },
      TipoHuella: '01',
    })
    expect(record.DescripcionOperacion).toBe(`Venta: ${product.nameEs}`)
    expect(record).not.toHaveProperty('Destinatarios')
    expect(record).not.toHaveProperty('TipoRectificativa')
    // Spain's time with its offset, to the second.
    expect(record.FechaHoraHusoGenRegistro).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0[12]:00$/)
    // 2 panels: the amounts as the AEAT writes them, the base and IVA adding up to what was paid.
    expect(Number(record.ImporteTotal)).toBe((2 * product.priceRetailCents) / 100)
    const link = 'RegistroAnterior' in record.Encadenamiento ? record.Encadenamiento.RegistroAnterior.Huella : null
    expect(record.Huella).toBe(
      fingerprint(
        altaHashInput({
          ...record.IDFactura,
          TipoFactura: 'F2',
          CuotaTotal: record.CuotaTotal,
          ImporteTotal: record.ImporteTotal,
          previousHash: link,
          FechaHoraHusoGenRegistro: record.FechaHoraHusoGenRegistro,
        }),
      ),
    )
  })

  it('of a full invoice (F1): the buyer with their NIF; its refund’s R1 names it, por diferencias, and follows it in the chain', async () => {
    const order = await checkout({ billing: nif })
    const [invoice] = await invoicesOf(order.id)
    const issued = await altaOf(invoice!.id)
    expect(issued.record).toMatchObject({ TipoFactura: 'F1', Destinatarios: [{ NombreRazon: 'Reformas Mar Menor S.L.', NIF: 'B03999992' }] })

    const admin = await callerAs(db(), 'admin', { services })
    await admin.admin.orders.refund(refundRest(order.id))
    const [, corrective] = await invoicesOf(order.id)
    const refund = await altaOf(corrective!.id)
    expect(refund.record).toMatchObject({
      IDFactura: { NumSerieFactura: corrective!.number },
      TipoFactura: 'R1',
      TipoRectificativa: 'I',
      FacturasRectificadas: [issued.record.IDFactura],
      Destinatarios: [{ NombreRazon: 'Reformas Mar Menor S.L.', NIF: 'B03999992' }],
      CuotaTotal: aeatAmount(-invoice!.taxCents),
      ImporteTotal: aeatAmount(-invoice!.totalCents),
      Encadenamiento: { RegistroAnterior: { ...issued.record.IDFactura, Huella: issued.record.Huella } },
    })
    expect(refund.record.ImporteTotal.startsWith('-')).toBe(true)
    expect(refund.record.DescripcionOperacion).toBe(`Devolución: ${product.nameEs}`)
    expect(refund.position).toBe(issued.position + 1)
  })

  it('names a foreign buyer by IDOtro: an EU VAT number (02) without its country, a passport (03) with it', async () => {
    const vat = await checkout({ billing: { name: 'Bau GmbH', idKind: 'tax_id', taxId: 'DE 136 695 976' } })
    expect((await altaOf((await invoicesOf(vat.id))[0]!.id)).record.Destinatarios).toEqual([
      { NombreRazon: 'Bau GmbH', IDOtro: { IDType: '02', ID: 'DE136695976' } },
    ])
    const passport = await checkout({ billing: { name: 'Sarah Jones', idKind: 'passport', taxId: '123456789', country: 'GB' } })
    expect((await altaOf((await invoicesOf(passport.id))[0]!.id)).record.Destinatarios).toEqual([
      { NombreRazon: 'Sarah Jones', IDOtro: { CodigoPais: 'GB', IDType: '03', ID: '123456789' } },
    ])
  })

  it('of a simplified invoice’s corrective one (R5) and of the full one replacing it (F3): neither R5 names a buyer; the F3 names the F2 it replaces', async () => {
    const refunded = await checkout()
    const admin = await callerAs(db(), 'admin', { services })
    await admin.admin.orders.refund(refundRest(refunded.id))
    const [simplified, r5] = await invoicesOf(refunded.id)
    const r5Record = (await altaOf(r5!.id)).record
    expect(r5Record).toMatchObject({
      TipoFactura: 'R5',
      TipoRectificativa: 'I',
      FacturasRectificadas: [(await altaOf(simplified!.id)).record.IDFactura],
    })
    expect(r5Record).not.toHaveProperty('Destinatarios')

    const replaced = await checkout()
    await admin.admin.orders.replaceInvoice({ id: replaced.id, billing: nif })
    const [f2, f3] = await invoicesOf(replaced.id)
    expect((await altaOf(f3!.id)).record).toMatchObject({
      TipoFactura: 'F3',
      FacturasSustituidas: [(await altaOf(f2!.id)).record.IDFactura],
      Destinatarios: [{ NombreRazon: 'Reformas Mar Menor S.L.', NIF: 'B03999992' }],
      ImporteTotal: aeatAmount(f2!.totalCents),
    })
  })

  it('all in one unbroken chain: positions 1, 2, 3…, each naming the fingerprint of the one before, the first none', async () => {
    await checkout()
    const chain = await chainRecords(db(), 'test')
    expect(chain.length).toBeGreaterThan(5)
    expect(chain.map((record) => record.position)).toEqual(chain.map((_, i) => i + 1))
    expect(chain[0]!.record.Encadenamiento).toEqual({ PrimerRegistro: 'S' })
    expect(chainProblems(chain)).toEqual([])
    // A record whose fields were altered no longer matches its fingerprint.
    const tampered = chain.map((record, i) => (i === 2 ? { ...record, record: { ...record.record, ImporteTotal: '0.01' } } : record))
    expect(chainProblems(tampered)).toEqual(["record 3: its fingerprint is not its fields'"])
  })
})

describe('a billing record, once written', () => {
  it('cannot be changed, removed or truncated: the database refuses, and the record stays as it was', async () => {
    const [first] = await chainRecords(db(), 'test', 1)
    const attempts = [
      db()
        .update(verifactuRecords)
        .set({ hash: 'A'.repeat(64) })
        .where(eq(verifactuRecords.id, first!.id)),
      db()
        .update(verifactuRecords)
        .set({ record: { ...first!.record, Huella: 'B'.repeat(64) } })
        .where(eq(verifactuRecords.id, first!.id)),
      db().delete(verifactuRecords).where(eq(verifactuRecords.id, first!.id)),
      db().execute(sql`truncate verifactu_records`),
    ]
    for (const attempt of attempts) {
      await expect(attempt).rejects.toThrow()
    }
    const [after] = await db().select().from(verifactuRecords).where(eq(verifactuRecords.id, first!.id))
    expect(after).toEqual(first)
  })
})

describe('the invoice’s PDF', () => {
  it('prints the AEAT’s QR code at the top of the first page: it decodes to the verification address with the record’s NIF, number, date and total', async () => {
    const order = await checkout()
    const [invoice] = await invoicesOf(order.id)
    const { record } = await altaOf(invoice!.id)
    const pdf = await pdfOf(db(), invoice!.number)
    expect(pdf.images).toHaveLength(1)
    expect(pdf.images[0]!.page).toBe(1)
    const expected =
      'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR' +
      `?nif=${sampleCompany.taxId}&numserie=${invoice!.number}&fecha=${aeatDate(invoice!.issuedAt)}&importe=${record.ImporteTotal}`
    expect(await decodedQr(pdf.images[0]!)).toBe(expected)
    expect(pdf.text).toContain('QR tributario:')
    expect(pdf.text).toContain('Factura verificable en la sede electrónica de la AEAT')
    // The heading comes before the invoice's own content.
    expect(pdf.text.indexOf('QR tributario:')).toBeLessThan(pdf.text.indexOf(sampleCompany.legalName))
    // The confirmation email attaches the same invoice, QR code included.
    const email = mail.sent.find((sent) => sent.to === order.email && sent.attachments?.length)
    const attached = await pdfContents(email!.attachments![0]!.content)
    expect(await decodedQr(attached.images[0]!)).toBe(expected)
  })

  it('keeps the legend in Spanish on an English invoice, as the law names it', async () => {
    const order = await shopperCheckout(db(), { productId: shop.ids.get(product.slug)!, overrides: { mailer: mail }, language: 'en' })
    const [invoice] = await invoicesOf(order.id)
    expect(invoice!.language).toBe('en')
    const pdf = await pdfOf(db(), invoice!.number)
    expect(pdf.text).toContain('Simplified invoice')
    expect(pdf.text).toContain('Factura verificable en la sede electrónica de la AEAT')
    expect(await decodedQr(pdf.images[0]!)).toContain(`numserie=${invoice!.number}`)
  })
})

describe('an invoice issued in error', () => {
  it('is voided by an admin: a registro de anulación, chained and fingerprinted as the AEAT says; the timeline says who; its PDF says so, without the QR', async () => {
    const order = await checkout()
    const [invoice] = await invoicesOf(order.id)
    const alta = await altaOf(invoice!.id)
    const admin = await callerAs(db(), 'admin', { services })
    expect(await admin.admin.orders.voidInvoice({ id: order.id, number: invoice!.number })).toEqual({ ok: true, invoice: invoice!.number })

    const records = await recordsOfInvoices(db(), [invoice!.id])
    const voided = records.find((stored) => stored.kind === 'anulacion')
    expect(voided).toMatchObject({ position: alta.position + 1, previousHash: alta.record.Huella })
    const record = voided!.record as RegistroAnulacion
    expect(record).toMatchObject({
      IDVersion: '1.0',
      IDFactura: {
        IDEmisorFacturaAnulada: sampleCompany.taxId,
        NumSerieFacturaAnulada: invoice!.number,
        FechaExpedicionFacturaAnulada: aeatDate(invoice!.issuedAt),
      },
      Encadenamiento: { RegistroAnterior: { ...alta.record.IDFactura, Huella: alta.record.Huella } },
      TipoHuella: '01',
    })
    expect(record.Huella).toBe(
      fingerprint(
        anulacionHashInput({ ...record.IDFactura, previousHash: alta.record.Huella, FechaHoraHusoGenRegistro: record.FechaHoraHusoGenRegistro }),
      ),
    )
    const detail = await admin.admin.orders.get({ id: order.id })
    expect(detail.invoices).toEqual([expect.objectContaining({ number: invoice!.number, voided: true, voidable: false })])
    expect(detail.timeline.at(-1)).toMatchObject({ type: 'invoice_voided', actor: { kind: 'admin' }, details: { number: invoice!.number } })
    expect(await invoiceReferences(db(), invoice!)).toMatchObject({ verificationUrl: null, voided: true })
    const pdf = await pdfOf(db(), invoice!.number)
    expect(pdf.images).toEqual([])
    expect(pdf.text).not.toContain('Factura verificable')
    expect(pdf.text).toContain('ANULADA: emitida por error')
    expect(chainProblems(await chainRecords(db(), 'test'))).toEqual([])
  })

  it('is voided once; an invoice another one corrects, or of another order, or unknown, is refused and nothing is written', async () => {
    const admin = await callerAs(db(), 'admin', { services })
    const once = await checkout()
    const [invoice] = await invoicesOf(once.id)
    await admin.admin.orders.voidInvoice({ id: once.id, number: invoice!.number })
    const refunded = await checkout()
    await admin.admin.orders.refund(refundRest(refunded.id))
    const [corrected, corrective] = await invoicesOf(refunded.id)
    const before = await chainRecords(db(), 'test')
    const refusals = [
      [{ id: once.id, number: invoice!.number }, 'CONFLICT', messages.cannotVoidInvoice],
      [{ id: refunded.id, number: corrected!.number }, 'CONFLICT', messages.cannotVoidInvoice],
      [{ id: once.id, number: corrected!.number }, 'NOT_FOUND', messages.invoiceNotFound],
      [{ id: once.id, number: '2026-999999' }, 'NOT_FOUND', messages.invoiceNotFound],
    ] as const
    for (const [input, code, message] of refusals) {
      const refused = admin.admin.orders.voidInvoice(input)
      await expect(refused, JSON.stringify(input)).rejects.toMatchObject({ code, message: message.message })
    }
    expect(await chainRecords(db(), 'test')).toEqual(before)
    // The refund's corrective invoice stands; it may be voided if it was the mistake.
    expect((await admin.admin.orders.get({ id: refunded.id })).invoices.map((i) => [i.number, i.voidable])).toEqual([
      [corrected!.number, false],
      [corrective!.number, true],
    ])
  })
})

describe('with VERIFACTU=off', () => {
  let database: DatabaseHandle
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => database.close())

  it('invoices get no record and print neither QR nor legend; the chain starts at the first invoice after leaving off', async () => {
    const productId = (await (await callerAs(database.db, 'anonymous')).catalog.products())[0]!.id
    const off = await shopperCheckout(database.db, { productId, env: { VERIFACTU: 'off' }, overrides: { mailer: mail } })
    const [unrecorded] = await database.db.select().from(invoices).where(eq(invoices.orderId, off.id))
    expect(unrecorded).toBeDefined()
    expect(await chainRecords(database.db, 'test')).toEqual([])
    const pdf = await pdfOf(database.db, unrecorded!.number)
    expect(pdf.images).toEqual([])
    expect(pdf.text).not.toContain('QR tributario')
    expect(pdf.text).not.toContain('Factura verificable')
    // Nothing to void either.
    const offSettings = createServices(testEnv({ VERIFACTU: 'off' }), database.db, silentLog).invoicing.verifactu
    expect(await database.db.transaction((tx) => recordVoidedInvoice(tx, unrecorded!.id, offSettings, new Date()))).toBeNull()

    const on = await shopperCheckout(database.db, { productId, env: { VERIFACTU: 'test' }, overrides: { mailer: mail } })
    const [recorded] = await database.db.select().from(invoices).where(eq(invoices.orderId, on.id))
    const chain = await chainRecords(database.db, 'test')
    expect(chain.map((record) => [record.position, record.invoiceNumber])).toEqual([[1, recorded!.number]])
    expect(chain[0]!.record.Encadenamiento).toEqual({ PrimerRegistro: 'S' })
  })

  it('records for the AEAT’s real service start a chain of their own, and their QR points at it', async () => {
    const testChain = await chainRecords(database.db, 'test')
    const orderId = await insertOrderRow(database.db, { status: 'confirmed', paymentStatus: 'paid', subtotalCents: 8000, totalCents: 8000 })
    await database.db.insert(orderItems).values({ orderId, productName: product.nameEs, quantity: 1, unitPriceCents: 8000, subtotalCents: 8000 })
    const test = createServices(testEnv(), database.db, silentLog).invoicing
    const production = { ...test, verifactu: { ...test.verifactu, mode: 'production' as const } }
    const number = await issuedInvoice(database.db, orderId, production)
    const [real] = await chainRecords(database.db, 'production')
    expect(real).toMatchObject({ position: 1, service: 'production', invoiceNumber: number, previousHash: null })
    expect(real!.record.Encadenamiento).toEqual({ PrimerRegistro: 'S' })
    expect(await chainRecords(database.db, 'test')).toEqual(testChain)
    const [invoice] = await database.db.select().from(invoices).where(eq(invoices.number, number))
    expect((await invoiceReferences(database.db, invoice!)).verificationUrl).toMatch(
      new RegExp(`^https://www2\\.agenciatributaria\\.gob\\.es/wlpl/TIKE-CONT/ValidarQR\\?nif=${sampleCompany.taxId}&numserie=${number}&`),
    )
  })
})

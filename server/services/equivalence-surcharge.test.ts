import { asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { invoices, orders, profiles, testPaymentSessions, verifactuRecords } from '../db/schema/index.ts'
import { seedProducts } from '../db/seed-data.ts'
import type { SessionUser } from '../trpc.ts'
import { createServices, type Services } from './index.ts'
import { invoicePdf } from './invoice-pdf/index.ts'
import { bookRows } from './verifactu/books.ts'
import { sharedCatalogShop } from '../../tests/helpers/catalog-shop.ts'
import { testEnv } from '../../tests/helpers/env.ts'
import { pdfContents } from '../../tests/helpers/pdf-contents.ts'
import { shopperCheckout } from '../../tests/helpers/paid-checkout.ts'
import { recordingMailer } from '../../tests/helpers/recording-mailer.ts'
import { silentLog } from '../../tests/helpers/silent-log.ts'
import { codeOf } from '../../tests/helpers/trpc-errors.ts'
import { callerAs, insertUser } from '../../tests/helpers/users.ts'
import { memoryCartSession } from '../trpc.ts'
import type { RegistroAlta } from '../../core/verifactu.ts'
import { refundRest } from '../../tests/helpers/orders.ts'

// The recargo de equivalencia (docs/decisions/029): the admin puts a wholesale customer whose tax id
// allows it under the regime; their cart and checkout show it before payment, the payment charges it
// as a line of its own, and the invoice, its VERI*FACTU record, the PDF, the refund and the book carry it.

const shop = sharedCatalogShop()
const mail = recordingMailer()
const product = seedProducts[0]!
const db = () => shop.db
const productId = () => shop.ids.get(product.slug)!
let services: Services
beforeAll(() => {
  services = createServices(testEnv(), shop.db, silentLog, { mailer: mail })
})

/** A wholesale customer approved with this tax id. */
async function wholesaleCustomer(taxId: string, company = 'Pinturas Segura') {
  const buyer = await insertUser(db(), 'b2b')
  await db().update(profiles).set({ companyName: company, taxId }).where(eq(profiles.userId, buyer.id))
  return buyer
}

const admin = () => callerAs(db(), 'admin', { services })
const cartOf = async (buyer: SessionUser) => {
  const caller = await callerAs(db(), 'b2b', { user: buyer, services, cartSession: memoryCartSession() })
  await caller.cart.add({ productId: productId(), quantity: 2 })
  return caller.cart.get()
}
const invoicesOf = (orderId: string) => db().select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.issuedAt))

const pdfText = async (number: string) => (await pdfContents((await invoicePdf(db(), number))!)).text

// Two panels at the wholesale price, IVA included: base and IVA split once, 5,2 % of the base on top.
const gross = 2 * product.priceWholesaleCents
const base = Math.round((gross * 10_000) / 12_100)
const surcharge = Math.round((base * 520) / 10_000)

describe('a wholesale customer under the recargo de equivalencia', () => {
  it('sees it in the cart, pays it as its own line, and gets an F1 whose record, PDF, refund and book carry it', async () => {
    const buyer = await wholesaleCustomer('12345678Z')
    const shopper = await callerAs(db(), 'b2b', { user: buyer, services })
    await shopper.cart.add({ productId: productId(), quantity: 2 })
    expect(await shopper.cart.get()).toMatchObject({ subtotalCents: gross, surcharge: null, totalCents: gross })
    await (await admin()).admin.setSurcharge({ userId: buyer.id, applies: true })
    const listed = (await (await admin()).admin.approvedUsers()).find((row) => row.userId === buyer.id)
    expect(listed).toMatchObject({ taxId: '12345678Z', surcharge: true, surchargeEligibility: 'person' })
    expect(await shopper.cart.get()).toMatchObject({
      subtotalCents: gross,
      surcharge: { rateBasisPoints: 520, cents: surcharge },
      totalCents: gross + surcharge,
    })
    await shopper.cart.clear()

    const order = await shopperCheckout(db(), { productId: productId(), buyer, overrides: { mailer: mail } })
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id))
    expect(row).toMatchObject({ subtotalCents: gross, taxCents: surcharge, surchargeRateBasisPoints: 520, totalCents: gross + surcharge })
    const [session] = await db().select().from(testPaymentSessions).where(eq(testPaymentSessions.orderId, order.id))
    expect(session!.amountCents).toBe(gross + surcharge)

    const [invoice] = await invoicesOf(order.id)
    expect(invoice).toMatchObject({
      aeatType: 'F1',
      taxableBaseCents: base,
      taxCents: gross - base,
      surchargeCents: surcharge,
      surchargeRateBasisPoints: 520,
      totalCents: gross + surcharge,
    })
    const [stored] = await db().select().from(verifactuRecords).where(eq(verifactuRecords.invoiceId, invoice!.id))
    const record = stored!.record as RegistroAlta
    const euros = (cents: number) => (cents / 100).toFixed(2)
    expect(record.Desglose).toEqual([
      {
        Impuesto: '01',
        ClaveRegimen: '01',
        CalificacionOperacion: 'S1',
        TipoImpositivo: '21.00',
        BaseImponibleOimporteNoSujeto: euros(base),
        CuotaRepercutida: euros(gross - base),
        TipoRecargoEquivalencia: '5.20',
        CuotaRecargoEquivalencia: euros(surcharge),
      },
    ])
    expect(record).toMatchObject({ CuotaTotal: euros(gross - base + surcharge), ImporteTotal: euros(gross + surcharge) })

    const text = await pdfText(invoice!.number)
    expect(text).toContain(`Recargo de equivalencia (5,2 %) ${euros(surcharge).replace('.', ',')} €`)
    expect(text).toContain('Cliente en recargo de equivalencia: 5,2 % sobre la base imponible')
    const confirmation = mail.sent.find((message) => message.to === order.email && message.attachments?.length)
    expect(confirmation?.text.replace(/\s/g, ' ')).toContain(`Recargo de equivalencia (5,2 %): ${euros(surcharge).replace('.', ',')} €`)

    await (await admin()).admin.orders.refund(refundRest(order.id))
    const [, corrective] = await invoicesOf(order.id)
    expect(corrective).toMatchObject({ aeatType: 'R1', surchargeCents: -surcharge, surchargeRateBasisPoints: 520, totalCents: -(gross + surcharge) })
    const [correctiveRecord] = await db().select().from(verifactuRecords).where(eq(verifactuRecords.invoiceId, corrective!.id))
    expect((correctiveRecord!.record as RegistroAlta).Desglose[0]).toMatchObject({
      TipoRecargoEquivalencia: '5.20',
      CuotaRecargoEquivalencia: euros(-surcharge),
    })

    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(invoice!.issuedAt)
    const book = await bookRows(db(), { name: day, from: day, to: day })
    expect(book.find((line) => line.number === invoice!.number)).toMatchObject({ surchargeRateBasisPoints: 520, surchargeCents: surcharge })
  })

  it('stops paying it once taken out of it, and loses it with the wholesale access', async () => {
    const buyer = await wholesaleCustomer('X1234567L')
    const caller = await admin()
    await caller.admin.setSurcharge({ userId: buyer.id, applies: true })
    expect((await cartOf(buyer)).surcharge).not.toBeNull()
    await caller.admin.setSurcharge({ userId: buyer.id, applies: false })
    expect((await cartOf(buyer)).surcharge).toBeNull()

    await caller.admin.setSurcharge({ userId: buyer.id, applies: true })
    await caller.admin.revoke({ userId: buyer.id })
    const [profile] = await db().select({ applies: profiles.equivalenceSurcharge }).from(profiles).where(eq(profiles.userId, buyer.id))
    expect(profile!.applies).toBe(false)
  })
})

describe('who can be put under it', () => {
  it('a comunidad de bienes (E) and a sociedad civil (J), the latter flagged for the owner’s check', async () => {
    const entity = await wholesaleCustomer('E03999991')
    const civil = await wholesaleCustomer('J03999995')
    const caller = await admin()
    await caller.admin.setSurcharge({ userId: entity.id, applies: true })
    await caller.admin.setSurcharge({ userId: civil.id, applies: true })
    const rows = await caller.admin.approvedUsers()
    expect(rows.find((row) => row.userId === entity.id)).toMatchObject({ surcharge: true, surchargeEligibility: 'entity' })
    expect(rows.find((row) => row.userId === civil.id)).toMatchObject({ surcharge: true, surchargeEligibility: 'civilSociety' })
  })

  it('never a company or a foreign buyer, nor an account without wholesale access: refused, nothing changes', async () => {
    const company = await wholesaleCustomer('B03999992')
    const foreign = await wholesaleCustomer('DE136695976')
    const consumer = await insertUser(db(), 'customer')
    const caller = await admin()
    for (const buyer of [company, foreign]) {
      await expect(caller.admin.setSurcharge({ userId: buyer.id, applies: true })).rejects.toThrow(/applies only to individuals/)
      expect(await codeOf(caller.admin.setSurcharge({ userId: buyer.id, applies: true }))).toBe('CONFLICT')
      expect((await cartOf(buyer)).surcharge).toBeNull()
    }
    expect(await codeOf(caller.admin.setSurcharge({ userId: consumer.id, applies: true }))).toBe('CONFLICT')
    const [profile] = await db().select({ applies: profiles.equivalenceSurcharge }).from(profiles).where(eq(profiles.userId, consumer.id))
    expect(profile!.applies).toBe(false)
  })

  it('a flag set on a company’s profile by hand still charges nothing: the tax id decides', async () => {
    const company = await wholesaleCustomer('B03999992')
    await db().update(profiles).set({ equivalenceSurcharge: true }).where(eq(profiles.userId, company.id))
    expect((await cartOf(company)).surcharge).toBeNull()
  })
})

describe('the rate', () => {
  it('is the one the law pairs with the IVA rate, or SURCHARGE_RATE when the AEAT admits it with that IVA', async () => {
    expect(createServices(testEnv({ VAT_RATE: '10' }), db(), silentLog).invoicing.surchargeRateBasisPoints).toBe(140)
    expect(createServices(testEnv({ SURCHARGE_RATE: '1.75' }), db(), silentLog).invoicing.surchargeRateBasisPoints).toBe(175)
    expect(() => testEnv({ SURCHARGE_RATE: '4' })).toThrow(/SURCHARGE_RATE: 4 is not admitted with VAT_RATE 21 \(the AEAT admits 5.2 or 1.75\)/)
    expect(() => testEnv({ VAT_RATE: '12' })).toThrow(/SURCHARGE_RATE: required with VAT_RATE 12/)
  })
})

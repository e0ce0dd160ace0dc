import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { PDFParse } from 'pdf-parse'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { invoices } from '../db/schema/index.ts'
import { seedProducts } from '../db/seed-data.ts'
import { shopperAs } from '../../tests/helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { productIds, testShipping, type HttpShopper } from '../../tests/helpers/http-shopper.ts'
import { splitIncludedTax } from '../../core/totals.ts'
import { formatEuros } from '../../core/money.ts'

// GET /invoices/<number>.pdf gives the invoice to its buyer and to admins, in the
// order's language; nobody else learns whether a number exists. The confirmation email carries it.

let t: TestApp
let ids: Map<string, string>
const [first, second] = seedProducts as [(typeof seedProducts)[number], (typeof seedProducts)[number]]

beforeAll(async () => {
  t = await createTestApp()
  ids = await productIds(t.app)
})
afterAll(async () => {
  await t.app.close()
})

/** A GET as the shopper's browser (its cookies), or as a visitor without any. */
function get(url: string, shopper: HttpShopper | null, headers: Record<string, string> = {}) {
  const cookie = shopper ? [...shopper.jar].map(([k, v]) => `${k}=${v}`).join('; ') : undefined
  return t.app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...headers } })
}

/** Buys two lines through the shop's own HTTP API and the test payment provider; returns the order and its invoice. */
async function purchase(shopper: HttpShopper, email: string) {
  const call = async <T>(path: string, input: unknown) => {
    const res = await shopper.mutation<T>(path, input)
    expect(res.status, JSON.stringify(res.error)).toBe(200)
    return res.data!
  }
  await call('cart.add', { productId: ids.get(first.slug)!, quantity: 3 })
  await call('cart.add', { productId: ids.get(second.slug)!, quantity: 1 })
  const { orderId, orderNumber, paymentUrl } = await call<{ orderId: string; orderNumber: string; paymentUrl: string }>('checkout.create', {
    shipping: { ...testShipping, email },
    checkoutKey: randomUUID(),
  })
  const sessionId = decodeURIComponent(paymentUrl.split('/').at(-1)!)
  await call('testPayments.pay', { sessionId })
  await call('checkout.confirm', { orderId, sessionId })
  const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, orderId))
  return { orderId, orderNumber, invoice: invoice! }
}

async function pdfText(body: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(body) })
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ')
  } finally {
    await parser.destroy()
  }
}

/** The PDF attachments of a raw email (base64 parts), by file name. */
function pdfAttachments(raw: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>()
  const part = /Content-Type: application\/pdf; name="?([^"\r\n]+)"?\r?\n(?:[^\r\n]+\r?\n)*?\r?\n([A-Za-z0-9+/=\r\n]+)/g
  for (const match of raw.matchAll(part)) found.set(match[1]!, Buffer.from(match[2]!.replace(/\s+/g, ''), 'base64'))
  return found
}

/** A raw email's quoted-printable text as the reader sees it. */
function decoded(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

const total = 3 * first.priceRetailCents + second.priceRetailCents
const { taxableBaseCents, taxCents } = splitIncludedTax(total, 2100)
const euros = (cents: number, language: 'es' | 'en') => formatEuros(cents, language).replace(/\s+/g, ' ')

describe('GET /invoices/<number>.pdf', () => {
  let buyer: Awaited<ReturnType<typeof shopperAs>>
  let bought: Awaited<ReturnType<typeof purchase>>
  beforeAll(async () => {
    buyer = await shopperAs(t, 'customer', { name: 'Lucía Pérez', language: 'es' })
    bought = await purchase(buyer.shopper, buyer.user!.email)
  })

  it('gives the buyer their simplified invoice in Spanish: seller, lines, base, IVA and total, and no buyer', async () => {
    const { number } = bought.invoice
    const res = await get(`/invoices/${number}.pdf`, buyer.shopper)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toBe(`inline; filename="factura-${number}.pdf"`)
    expect(res.headers['cache-control']).toBe('private, no-store')
    const text = await pdfText(res.rawPayload)
    for (const expected of [
      'Factura simplificada',
      number,
      bought.orderNumber,
      t.env.company.legalName,
      `NIF/CIF: ${t.env.company.taxId}`,
      first.nameEs,
      second.nameEs,
      'Base imponible',
      'IVA 21',
      euros(first.priceRetailCents, 'es'),
      euros(3 * first.priceRetailCents, 'es'),
      euros(taxableBaseCents, 'es'),
      euros(taxCents, 'es'),
      euros(total, 'es'),
      'Los precios incluyen el IVA',
      // The unit price before IVA (RD 1619/2012 art. 6.1.f), to 4 decimals.
      'PRECIO SIN IVA',
      new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR', maximumFractionDigits: 4 })
        .format(first.priceRetailCents / 121)
        .replace(/\s+/g, ' '),
    ])
      expect(text).toContain(expected)
    expect(text).not.toContain('Invoice')
    // A simplified invoice names no buyer.
    expect(text).not.toContain(testShipping.full_name)
    expect(text).not.toContain('Calle Mayor 12')
  })

  it('gives an English order’s invoice in English', async () => {
    const english = await shopperAs(t, 'customer', { language: 'en' })
    const { invoice } = await purchase(english.shopper, english.user!.email)
    const res = await get(`/invoices/${invoice.number}.pdf`, english.shopper)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toBe(`inline; filename="invoice-${invoice.number}.pdf"`)
    const text = await pdfText(res.rawPayload)
    for (const expected of [
      'Invoice',
      invoice.number,
      first.nameEn,
      'Taxable base',
      'VAT (IVA) 21%',
      euros(taxableBaseCents, 'en'),
      euros(taxCents, 'en'),
      euros(total, 'en'),
    ])
      expect(text).toContain(expected)
    expect(text).not.toContain('Base imponible')
  })

  it('gives an admin any invoice', async () => {
    const admin = await shopperAs(t, 'admin')
    const res = await get(`/invoices/${bought.invoice.number}.pdf`, admin.shopper)
    expect(res.statusCode).toBe(200)
    expect(await pdfText(res.rawPayload)).toContain(bought.invoice.number)
  })

  it('answers another customer as if the invoice did not exist', async () => {
    const other = await shopperAs(t, 'customer')
    const theirs = await get(`/invoices/${bought.invoice.number}.pdf`, other.shopper)
    const none = await get(`/invoices/${bought.invoice.year}-999999.pdf`, other.shopper)
    expect(theirs.statusCode).toBe(404)
    expect(none.statusCode).toBe(404)
    expect(theirs.body).toBe(none.body)
    expect(theirs.headers['content-type']).not.toContain('pdf')
  })

  it('answers 404 for a number that does not exist or is not a number at all', async () => {
    for (const url of [
      `/invoices/${bought.invoice.year}-999999.pdf`,
      `/invoices/R${bought.invoice.year}-000999.pdf`,
      '/invoices/abc.pdf',
      '/invoices/2026-1.pdf',
    ]) {
      const res = await get(url, buyer.shopper)
      expect(res.statusCode, url).toBe(404)
      expect(res.json<{ message: string }>().message).toBe('Factura no encontrada')
    }
  })

  it('asks a visitor to sign in: 401 for a program, 303 to the sign-in page for a browser', async () => {
    const url = `/invoices/${bought.invoice.number}.pdf`
    const program = await get(url, null)
    expect(program.statusCode).toBe(401)
    expect(program.headers['content-type']).not.toContain('pdf')
    const browser = await get(url, null, { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' })
    expect(browser.statusCode).toBe(303)
    expect(browser.headers.location).toBe('/auth?redirect=/orders')
    const english = await get(url, null, { accept: 'text/html', cookie: 'lang=en' })
    expect(english.headers.location).toBe('/en/auth?redirect=/en/orders')
  })
})

describe('the confirmation email', () => {
  it('carries the invoice PDF and says where to download it again', async () => {
    const buyer = await shopperAs(t, 'customer', { language: 'es' })
    const { invoice } = await purchase(buyer.shopper, buyer.user!.email)
    const mail = t.outbox().find((m) => m.includes(`To: ${buyer.user!.email}`) && m.includes('order-confirmation'))!
    const attached = pdfAttachments(mail).get(`factura-${invoice.number}.pdf`)
    expect(attached).toBeDefined()
    const text = await pdfText(attached!)
    expect(text).toContain(invoice.number)
    expect(text).toContain('Base imponible')
    expect(decoded(mail)).toContain(
      `Le adjuntamos su factura ${invoice.number}. También puede descargarla desde Mis pedidos (http://localhost:3000/orders).`,
    )
  })

  it('carries a guest’s invoice too, in English for an English order', async () => {
    const guest = await shopperAs(t, 'anonymous', { language: 'en' })
    const email = `guest-${randomUUID()}@example.com`
    const { invoice } = await purchase(guest.shopper, email)
    const mail = t.outbox().find((m) => m.includes(`To: ${email}`))!
    const attached = pdfAttachments(mail).get(`invoice-${invoice.number}.pdf`)
    expect(attached).toBeDefined()
    // A consumer's order up to 3.000 €: a simplified invoice.
    expect(await pdfText(attached!)).toContain(`Simplified invoice ${invoice.number}`)
    expect(decoded(mail)).toContain(`Your invoice ${invoice.number} is attached to this email.`)
    expect(decoded(mail)).not.toContain('/en/orders')
  })
})

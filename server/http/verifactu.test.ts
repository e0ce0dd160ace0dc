import { eq } from 'drizzle-orm'
import { readSheet } from 'read-excel-file/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopperAs, type SignedInShopper } from '../../tests/helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import type { HttpShopper } from '../../tests/helpers/http-shopper.ts'
import { shopperCheckout } from '../../tests/helpers/paid-checkout.ts'
import { readXml, checkRegFactuDocument } from '../../tests/helpers/fake-aeat.ts'
import { invoices, products } from '../db/schema/index.ts'
import { seedProducts } from '../db/seed-data.ts'
import { aeatAmount } from '../services/verifactu/fields.ts'
import { bookPeriod, safeCell } from '../services/verifactu/books.ts'
import { documentedDeclaration } from '../services/verifactu/declaration.ts'
import { readFileSync } from 'node:fs'

// The owner's VERI*FACTU files (docs/decisions/028): the libro registro de facturas expedidas of a
// month or quarter as CSV and XLSX, the records of a period as the AEAT receives them, and the
// declaración responsable; to admins only, with a clear message for a wrong period.

let t: TestApp
let admin: SignedInShopper
let adminEn: SignedInShopper
let customer: SignedInShopper
const madridMonth = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7)
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date())
const numbers: { simplified: string; full: string } = { simplified: '', full: '' }

beforeAll(async () => {
  t = await createTestApp()
  admin = await shopperAs(t, 'admin')
  adminEn = await shopperAs(t, 'admin', { language: 'en' })
  customer = await shopperAs(t, 'b2b')
  const [product] = await t.database.db.select({ id: products.id }).from(products).where(eq(products.slug, seedProducts[0]!.slug))
  const simplified = await shopperCheckout(t.database.db, { productId: product!.id })
  const full = await shopperCheckout(t.database.db, {
    productId: product!.id,
    billing: { name: 'Reformas Mar Menor S.L.', idKind: 'tax_id', taxId: 'B03999992' },
  })
  const numberOf = async (orderId: string) => (await t.database.db.select().from(invoices).where(eq(invoices.orderId, orderId)))[0]!.number
  numbers.simplified = await numberOf(simplified.id)
  numbers.full = await numberOf(full.id)
})
afterAll(async () => {
  await t?.app.close()
})

function get(url: string, shopper: HttpShopper | null) {
  const cookie = shopper ? [...shopper.jar].map(([k, v]) => `${k}=${v}`).join('; ') : undefined
  return t.app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), 'accept-language': 'es' } })
}

describe('the libro registro de facturas expedidas', () => {
  it('as CSV for Excel in Spanish: a row per invoice of the month, in the admin’s language', async () => {
    const res = await get(`/admin/verifactu/book.csv?period=${madridMonth}`, admin.shopper)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe(`attachment; filename="libro-registro-facturas-expedidas-${madridMonth}.csv"`)
    expect(res.headers['cache-control']).toBe('private, no-store')
    const [header, ...rows] = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(header).toBe(
      'Número de factura;Fecha de expedición;Fecha de la operación (si es otra);Tipo;Tipo de identificación del destinatario;NIF o identificación del destinatario;País;Destinatario;Base imponible;Tipo de IVA (%);Cuota de IVA;Tipo del recargo de equivalencia (%);Recargo de equivalencia;Total;Factura rectificada o sustituida;Anulada (expedida por error)',
    )
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.number, numbers.full))
    const comma = (cents: number) => aeatAmount(cents).replace('.', ',')
    expect(rows).toEqual([
      expect.stringMatching(new RegExp(`^${numbers.simplified};\\d{2}/\\d{2}/\\d{4};;F2;;;;`)),
      `${numbers.full};${today.split('-').reverse().join('/')};;F1;nif;B03999992;ES;Reformas Mar Menor S.L.;${comma(invoice!.taxableBaseCents)};21,00;${comma(invoice!.taxCents)};0,00;0,00;${comma(invoice!.totalCents)};;`,
    ])
    const english = await get(`/admin/verifactu/book.csv?period=${madridMonth}`, adminEn.shopper)
    expect(english.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(/^Invoice number;Date issued;Date of the operation \(when another\);Type;/)
  })

  it('as an Excel workbook: amounts as numbers, days as dates; a quarter takes its three months', async () => {
    const [year, month] = madridMonth.split('-').map(Number) as [number, number]
    const quarter = `${year}-Q${Math.ceil(month / 3)}`
    const res = await get(`/admin/verifactu/book.xlsx?period=${quarter}`, admin.shopper)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    const rows = await readSheet(res.rawPayload)
    expect(rows[0]).toEqual(expect.arrayContaining(['Número de factura', 'Base imponible', 'Total']))
    expect(rows.slice(1).map((row) => row[0])).toEqual([numbers.simplified, numbers.full])
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.number, numbers.full))
    const full = rows[2]!
    expect(full[1]).toBeInstanceOf(Date)
    expect(full[2] ?? null).toBeNull()
    expect(full.slice(3, 14)).toEqual([
      'F1',
      'nif',
      'B03999992',
      'ES',
      'Reformas Mar Menor S.L.',
      invoice!.taxableBaseCents / 100,
      21,
      invoice!.taxCents / 100,
      0,
      0,
      invoice!.totalCents / 100,
    ])
  })

  it('refuses a period that is neither a month nor a quarter, saying what it takes', async () => {
    for (const period of ['', '2026-13', '2026-Q5', '26-12', '2026-12-01']) {
      const res = await get(`/admin/verifactu/book.csv?period=${period}`, admin.shopper)
      expect(res.statusCode).toBe(400)
      expect(res.body).toContain('Elija un mes (como 2026-12) o un trimestre (como 2026-Q4)')
    }
    expect(bookPeriod('2024-02')).toEqual({ name: '2024-02', from: '2024-02-01', to: '2024-02-29' })
    expect(bookPeriod('2026-Q4')).toEqual({ name: '2026-Q4', from: '2026-10-01', to: '2026-12-31' })
  })

  it('keeps a spreadsheet from running a buyer’s name as a formula', () => {
    expect(['=HYPERLINK("http://x")', '+34', '-1', '@SUM(A1)', 'Reformas'].map(safeCell)).toEqual([
      `'=HYPERLINK("http://x")`,
      `'+34`,
      `'-1`,
      `'@SUM(A1)`,
      'Reformas',
    ])
  })
})

describe('the records of a period, for an inspection', () => {
  it('is one RegFactuSistemaFacturacion document with the period’s records in chain order, as the AEAT’s schema has it', async () => {
    const res = await get(`/admin/verifactu/records.xml?from=${today}&to=${today}`, admin.shopper)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8')
    expect(res.headers['content-disposition']).toBe(`attachment; filename="registros-verifactu-test-${today}-${today}.xml"`)
    expect(checkRegFactuDocument(readXml(res.body))).toEqual([])
    expect(
      [...res.body.matchAll(/<sf:NumSerieFactura>([^<]+)<\/sf:NumSerieFactura><sf:FechaExpedicionFactura>/g)].map((m) => m[1]).slice(0, 1),
    ).toEqual([numbers.simplified])
    expect(res.body).toContain(`<sf:NumSerieFactura>${numbers.full}</sf:NumSerieFactura>`)
  })

  it('says so for a period without records, or dates that are wrong', async () => {
    const empty = await get('/admin/verifactu/records.xml?from=2025-01-01&to=2025-01-31', admin.shopper)
    expect(empty.statusCode).toBe(404)
    expect(empty.body).toContain('No hay registros de facturación en ese periodo')
    const inverted = await get(`/admin/verifactu/records.xml?from=${today}&to=2025-01-01`, admin.shopper)
    expect(inverted.statusCode).toBe(400)
    expect(inverted.body).toContain('La fecha de inicio debe ser igual o anterior a la fecha de fin')
    const wrong = await get('/admin/verifactu/records.xml?from=ayer', admin.shopper)
    expect(wrong.statusCode).toBe(400)
    expect(wrong.body).toContain('Indique el primer y el último día del periodo (AAAA-MM-DD)')
  })
})

describe('the declaración responsable', () => {
  it('names the system, its version and its producer (the company), and docs/ holds the same text', async () => {
    const res = await get('/admin/verifactu/declaracion', admin.shopper)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.body).toContain('<h1>Declaración responsable del sistema informático de facturación Panel Shop</h1>')
    expect(res.body).toContain(`<li>NIF: ${t.env.company.taxId}</li>`)
    expect(res.body).toContain('exclusivamente como «sistema de emisión de facturas verificables» (VERI*FACTU)')
    expect(readFileSync(new URL('../../docs/verifactu-declaracion.md', import.meta.url), 'utf8')).toBe(documentedDeclaration())
  })
})

describe('only for admins', () => {
  it('refuses anyone else, in their language, without a byte of the files', async () => {
    const urls = [
      `/admin/verifactu/book.csv?period=${madridMonth}`,
      `/admin/verifactu/book.xlsx?period=${madridMonth}`,
      `/admin/verifactu/records.xml?from=${today}&to=${today}`,
      '/admin/verifactu/declaracion',
    ]
    for (const url of urls) {
      const anonymous = await get(url, null)
      expect(anonymous.statusCode).toBe(401)
      const wholesale = await get(url, customer.shopper)
      expect(wholesale.statusCode).toBe(403)
      for (const res of [anonymous, wholesale]) {
        expect(res.body).not.toContain(numbers.full)
        expect(res.body).not.toContain('Declaración')
      }
    }
  })
})

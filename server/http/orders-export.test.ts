import { eq } from 'drizzle-orm'
import { readSheet } from 'read-excel-file/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopperAs, type SignedInShopper } from '../../tests/helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import type { HttpShopper } from '../../tests/helpers/http-shopper.ts'
import { shopperCheckout } from '../../tests/helpers/paid-checkout.ts'
import { orders, products } from '../db/schema/index.ts'
import { seedProducts } from '../db/seed-data.ts'
import { madridDay } from '../services/admin-summary.ts'

// docs/product.md#fulfilment: the orders list exports what it shows (its filters applied, every
// page) as CSV and XLSX, to admins only; a name a spreadsheet would run as a formula stays text.

let t: TestApp
let admin: SignedInShopper
let adminEn: SignedInShopper
const ids: { paid: string[]; unpaid: string; pickup: string } = { paid: [], unpaid: '', pickup: '' }

beforeAll(async () => {
  t = await createTestApp()
  admin = await shopperAs(t, 'admin')
  adminEn = await shopperAs(t, 'admin', { language: 'en' })
  const [product] = await t.database.db.select({ id: products.id }).from(products).where(eq(products.slug, seedProducts[0]!.slug))
  const db = t.database.db
  ids.paid.push((await shopperCheckout(db, { productId: product!.id, quantity: 3 })).id)
  ids.pickup = (await shopperCheckout(db, { productId: product!.id, pickup: true })).id
  ids.paid.push(ids.pickup)
  ids.unpaid = (await shopperCheckout(db, { productId: product!.id, pay: false })).id
  // A buyer whose name a spreadsheet would run as a formula.
  await db.update(orders).set({ customerName: '=HYPERLINK("http://evil.example","Pagar")' }).where(eq(orders.id, ids.unpaid))
})
afterAll(async () => {
  await t?.app.close()
})

function get(url: string, shopper: HttpShopper | null) {
  const cookie = shopper ? [...shopper.jar].map(([k, v]) => `${k}=${v}`).join('; ') : undefined
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })
}
const numberOf = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!

describe('the orders export', () => {
  it('as CSV for Excel in Spanish: every order the filters select, newest first, a formula kept as text', async () => {
    const res = await get('/admin/orders/export.csv', admin.shopper)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe(`attachment; filename="pedidos-${madridDay(new Date())}.csv"`)
    expect(res.headers['cache-control']).toBe('private, no-store')
    const [heading, ...lines] = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(heading).toBe(
      'Pedido;Fecha (hora de España);Cliente;Correo electrónico;Teléfono;Estado;Pago;Entrega;Código postal;Ciudad;Paneles;Paneles (€, IVA incluido);Entrega (€);Recargo de equivalencia (€);Total (€)',
    )
    expect(lines).toHaveLength(3)
    const unpaid = await numberOf(ids.unpaid)
    expect(lines[0]).toContain(`${unpaid.orderNumber};`)
    expect(lines[0]).toContain(`"'=HYPERLINK(""http://evil.example"",""Pagar"")"`)
    expect(lines[0]).toContain(';Pendiente;Pendiente de pago;Envío a domicilio (Península);03181;Torrevieja;')
    const first = await numberOf(ids.paid[0]!)
    expect(lines[2]).toContain(`;Confirmado;Pagado;Envío a domicilio (Península);03181;Torrevieja;3;`)
    expect(lines[2]).toMatch(new RegExp(`;${(first.totalCents / 100).toFixed(2).replace('.', ',')}$`))
    expect(lines[1]).toContain(';Recogida en la exposición (Torrevieja);;;')
  })

  it('exports only what the list’s filters select', async () => {
    const paidHome = await get('/admin/orders/export.csv?status=confirmed&payment=paid&delivery=home', admin.shopper)
    const rows = paidHome.body.trim().split('\r\n').slice(1)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toContain((await numberOf(ids.paid[0]!)).orderNumber)
    const none = await get(`/admin/orders/export.csv?from=2020-01-01&to=2020-01-31`, admin.shopper)
    expect(none.body.trim().split('\r\n')).toHaveLength(1)
    const searched = await get(`/admin/orders/export.csv?q=${encodeURIComponent((await numberOf(ids.pickup)).orderNumber)}`, admin.shopper)
    expect(searched.body.trim().split('\r\n')).toHaveLength(2)
  })

  it('as an Excel workbook in the admin’s language: amounts as numbers, the placing as a date, a formula as text', async () => {
    const res = await get('/admin/orders/export.xlsx?payment=pending', adminEn.shopper)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    const rows = await readSheet(res.rawPayload)
    expect(rows[0]).toEqual(expect.arrayContaining(['Order', 'Placed (Spain’s time)', 'Customer', 'Total (€)']))
    expect(rows).toHaveLength(2)
    const unpaid = await numberOf(ids.unpaid)
    const row = rows[1]!
    expect(row[0]).toBe(unpaid.orderNumber)
    expect(row[1]).toBeInstanceOf(Date)
    expect(row[2]).toBe(`'=HYPERLINK("http://evil.example","Pagar")`)
    expect(row.slice(5, 8)).toEqual(['Pending', 'Awaiting payment', 'Home delivery (Peninsula)'])
    expect(row.at(-1)).toBe(unpaid.totalCents / 100)
  })

  it('is for admins only, and refuses filters the list would not have', async () => {
    for (const kind of ['customer', 'b2b'] as const) {
      const { shopper } = await shopperAs(t, kind)
      const res = await get('/admin/orders/export.csv', shopper)
      expect(res.statusCode).toBe(403)
      expect(res.body).not.toContain('Torrevieja')
    }
    const anonymous = await get('/admin/orders/export.xlsx', null)
    expect(anonymous.statusCode).toBe(401)
    const inverted = await get('/admin/orders/export.csv?from=2026-03-02&to=2026-03-01', admin.shopper)
    expect(inverted.statusCode).toBe(400)
    expect(inverted.body).toContain('Estos filtros no se pueden exportar')
    expect((await get('/admin/orders/export.csv?status=lost', admin.shopper)).statusCode).toBe(400)
  })
})

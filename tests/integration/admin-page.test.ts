import { beforeAll, describe, expect, it } from 'vitest'
import { sharedTestApp } from '../helpers/shared-app.ts'
import { shopperAs } from '../helpers/accounts.ts'
import type { HttpShopper } from '../helpers/http-shopper.ts'

// /admin is rendered on the server like every page, and its HTML (dehydrated data included) holds
// admin data only for an admin (`npm test` builds the client first).
const company = 'Secretos Mayoristas S.L.'
const t = sharedTestApp({ pages: true })
beforeAll(async () => {
  const requester = await shopperAs(t, 'customer')
  const sent = await requester.shopper.mutation('b2b.request', {
    name: 'Pedro Ruiz',
    company,
    email: 'pedro@example.com',
    taxId: 'B03999992',
    phone: '600111222',
  })
  expect(sent.status).toBe(200)
})

const page = (shopper: HttpShopper, url = '/admin') =>
  t.app.inject({ method: 'GET', url, headers: { cookie: [...shopper.jar].map(([k, v]) => `${k}=${v}`).join('; ') } })

// The home and each section at its own URL, so a reload stays where it was.
const sections = ['/admin', '/admin/requests', '/admin/customers', '/admin/messages', '/admin/messages?unanswered=true', '/admin/backups']

describe('/admin and its sections', () => {
  it.each(['anonymous', 'customer', 'b2b'] as const)('show a %s the Access Denied card and no admin data', async (kind) => {
    const { shopper } = await shopperAs(t, kind)
    for (const url of sections) {
      const res = await page(shopper, url)
      expect(res.statusCode, url).toBe(200)
      expect(res.body, url).toContain('Acceso denegado')
      expect(res.body, url).toContain('Esta página es solo para administradores')
      expect(res.body, url).not.toContain(company)
      expect(res.body, url).not.toContain('pedro@example.com')
      expect(res.body, url).toMatch(/<meta name="robots" content="noindex"/)
    }
  })

  it('render the summary, with the request waiting linked to its list, and each section, for an admin', async () => {
    const { shopper } = await shopperAs(t, 'admin')
    const home = await page(shopper)
    expect(home.body).not.toContain('Acceso denegado')
    const tile = home.body.match(/<a [^>]*data-testid="summary-requests"[^>]*>(.*?)<\/a>/s)
    expect(tile?.[0]).toContain('href="/admin/requests"')
    expect(tile?.[1]).toMatch(/>1<\/span>/)
    expect(home.body).toContain('solicitud mayorista pendiente')
    const requests = await page(shopper, '/admin/requests')
    expect(requests.body).toContain(company)
    expect(requests.body).toContain('Solicitudes B2B pendientes (1)')
    expect((await page(shopper, '/admin/messages?unanswered=true')).body).toContain('Mensajes por responder (0)')
    expect((await page(shopper, '/admin/customers')).body).toMatch(/<h1[^>]*>Mayoristas<\/h1>/)
  })
})

describe('the catalog screens (/admin/products, /admin/categories)', () => {
  const paths = async () => {
    const list = await t.app.inject({ method: 'GET', url: '/trpc/catalog.products?input=%7B%7D' })
    const [first] = list.json<{ result: { data: Array<{ id: string }> } }>().result.data
    return ['/admin/products', '/admin/products/new', `/admin/products/${first!.id}`, '/admin/categories']
  }
  const visit = (shopper: HttpShopper, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: [...shopper.jar].map(([k, v]) => `${k}=${v}`).join('; ') } })

  it.each(['anonymous', 'customer', 'b2b'] as const)('show a %s Access Denied, noindex, and no wholesale price or change history', async (kind) => {
    const { shopper } = await shopperAs(t, kind)
    for (const url of await paths()) {
      const res = await visit(shopper, url)
      expect(res.body, url).toContain('Acceso denegado')
      expect(res.body, url).toMatch(/<meta name="robots" content="noindex"/)
      expect(res.body, url).not.toContain('priceWholesaleCents')
      expect(res.body, url).not.toContain('actorEmail')
    }
  })

  it('render the product table and a product’s edit page for an admin', async () => {
    const { shopper } = await shopperAs(t, 'admin')
    const [list, , edit, categories] = await paths()
    expect((await visit(shopper, list!)).body).toContain('priceWholesaleCents')
    expect((await visit(shopper, edit!)).body).toContain('Historial')
    expect((await visit(shopper, categories!)).body).not.toContain('Acceso denegado')
  })
})

import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { orders } from '../db/schema/index.ts'
import { testPublicUrl } from '../../tests/helpers/app.ts'
import { sharedTestApp } from '../../tests/helpers/shared-app.ts'
import { httpShopper, productIds, type HttpShopper } from '../../tests/helpers/http-shopper.ts'

// docs/product.md#forms: checkout's "Proceed to payment" works before and without JavaScript. The
// post is the form's own action (checkout.create's schema, limit and service) with the key the page
// gave it as a hidden field: done, 303 to the payment page; refused, the checkout again with what was
// typed and why, beside each field, with no order made. Pages come from the client build (`npm test`
// builds first).

const t = sharedTestApp({ pages: true })
let nextIp = 1
let productId: string
beforeAll(async () => {
  const first = [...(await productIds(t.app))][0]
  if (!first) throw new Error('the seed has no product')
  productId = first[1]
})

const cookieOf = (shopper: HttpShopper) => [...shopper.jar].map(([k, v]) => `${k}=${v}`).join('; ')

/** Posts a page's form as a browser does, with the shopper's cookies; keeps the cookies it sets. */
async function postForm(shopper: HttpShopper & { ip: string }, path: string, fields: Record<string, string>, origin = testPublicUrl) {
  const res = await t.app.inject({
    method: 'POST',
    url: path,
    remoteAddress: shopper.ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin, cookie: cookieOf(shopper) },
    payload: new URLSearchParams(fields).toString(),
  })
  for (const c of res.cookies) shopper.jar.set(c.name, c.value)
  return res
}

/** A visitor with two panels in the cart (added as the product page's form posts them), and the checkout page's hidden key. */
async function visitorAtCheckout(language: 'es' | 'en' = 'es') {
  const ip = `192.0.42.${nextIp++}`
  const visitor = { ...httpShopper(t.app, { ip, language }), ip }
  const prefix = language === 'en' ? '/en' : ''
  const slug = [...(await productIds(t.app))][0]![0]
  expect((await postForm(visitor, `${prefix}/product/${slug}`, { productId, quantity: '2' })).statusCode).toBe(303)
  const page = await t.app.inject({ method: 'GET', url: `${prefix}/checkout`, remoteAddress: visitor.ip, headers: { cookie: cookieOf(visitor) } })
  expect(page.statusCode).toBe(200)
  const key = /<input type="hidden" name="checkoutKey" value="([0-9a-f-]{36})"/.exec(page.body)?.[1]
  if (!key) throw new Error('the checkout page has no key for its form')
  return { visitor, key, path: `${prefix}/checkout` }
}

const details = {
  full_name: 'Lucía Pérez',
  email: 'lucia.sin-script@example.com',
  phone: '+44 7700 900123',
  address_line1: 'Calle Mayor 12',
  address_line2: '',
  postal_code: '03181',
  city: 'Torrevieja',
  state: '',
  country: 'ES',
  delivery: 'home',
}

const ordersOf = (email: string) =>
  t.database.db.select({ id: orders.id, name: orders.customerName, phone: orders.customerPhone }).from(orders).where(eq(orders.customerEmail, email))

/** An input of the page by its name: its whole tag. */
const inputNamed = (html: string, name: string) => new RegExp(`<(?:input|select)[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? ''

describe('checkout posted without JavaScript', () => {
  it('makes the order and answers 303 to the payment page; posting the same key again resumes that order', async () => {
    const { visitor, key, path } = await visitorAtCheckout()
    const email = 'paid-without-script@example.com'
    const res = await postForm(visitor, path, { ...details, email, checkoutKey: key })
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toMatch(/\/test-payment\/[^/]+$/)
    expect(await ordersOf(email)).toEqual([{ id: expect.any(String), name: 'Lucía Pérez', phone: '+447700900123' }])
    // A second tap (the page was slow to leave): the same order, the same payment page.
    const again = await postForm(visitor, path, { ...details, email, checkoutKey: key })
    expect(again.statusCode).toBe(303)
    expect(again.headers.location).toBe(res.headers.location)
    expect(await ordersOf(email)).toHaveLength(1)
  })

  it.each([
    ['es', 'Correo electrónico no válido', 'no está en nuestra lista'],
    ['en', 'Invalid email address', 'is not in our list'],
  ] as const)(
    'in %s, renders the checkout again with what was typed and each message beside its field, making no order',
    async (language, emailMessage, unknownCode) => {
      const { visitor, key, path } = await visitorAtCheckout(language)
      const res = await postForm(visitor, path, { ...details, email: 'lucia@', postal_code: '03999', checkoutKey: key })
      expect(res.statusCode).toBe(400)
      expect(res.headers['content-type']).toMatch(/^text\/html/)
      expect(res.headers['cache-control']).toBe('no-store')
      expect(res.headers.location).toBeUndefined()
      // What was typed is back, and the same key (a second post still finds one order).
      expect(inputNamed(res.body, 'full_name')).toContain('value="Lucía Pérez"')
      expect(inputNamed(res.body, 'phone')).toContain('value="+44 7700 900123"')
      expect(inputNamed(res.body, 'postal_code')).toContain('value="03999"')
      expect(inputNamed(res.body, 'checkoutKey')).toContain(`value="${key}"`)
      // The first field to fix has the keyboard and its message.
      expect(inputNamed(res.body, 'email')).toContain('aria-invalid="true"')
      expect(inputNamed(res.body, 'email')).toContain('autofocus')
      expect(res.body).toContain(emailMessage)
      expect(await ordersOf('lucia@')).toEqual([])
      // With the address right, the postal code Spain's list lacks is named next, and the box to confirm it is offered.
      const next = await postForm(visitor, path, { ...details, email: `lucia.03999.${language}@example.com`, postal_code: '03999', checkoutKey: key })
      expect(next.statusCode).toBe(400)
      expect(inputNamed(next.body, 'postal_code')).toContain('aria-invalid="true"')
      expect(next.body).toContain(unknownCode)
      expect(inputNamed(next.body, 'address_confirmed')).toContain('type="checkbox"')
      expect(await ordersOf(`lucia.03999.${language}@example.com`)).toEqual([])
      // Confirmed: the order is made.
      const confirmed = await postForm(visitor, path, {
        ...details,
        email: `lucia.03999.${language}@example.com`,
        postal_code: '03999',
        address_confirmed: 'on',
        checkoutKey: key,
      })
      expect(confirmed.statusCode).toBe(303)
      expect(await ordersOf(`lucia.03999.${language}@example.com`)).toHaveLength(1)
    },
  )

  it('a full invoice asked for without its details shows its fields, each with why', async () => {
    const { visitor, key, path } = await visitorAtCheckout()
    const res = await postForm(visitor, path, { ...details, email: 'factura@example.com', full_invoice: 'on', checkoutKey: key })
    expect(res.statusCode).toBe(400)
    expect(inputNamed(res.body, 'full_invoice')).toContain('checked')
    expect(inputNamed(res.body, 'billing_name')).toContain('aria-invalid="true"')
    expect(inputNamed(res.body, 'billing_name')).toContain('autofocus')
    expect(inputNamed(res.body, 'billing_tax_id')).toContain('aria-invalid="true"')
    expect(await ordersOf('factura@example.com')).toEqual([])
  })

  it('refuses a post from another site: 403, no order', async () => {
    const { visitor, key, path } = await visitorAtCheckout()
    const res = await postForm(visitor, path, { ...details, email: 'cross-site@example.com', checkoutKey: key }, 'https://elsewhere.example')
    expect(res.statusCode).toBe(403)
    expect(await ordersOf('cross-site@example.com')).toEqual([])
  })
})

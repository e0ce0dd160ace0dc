import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopperAs, type SignedInShopper } from '../../tests/helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { orders, products } from '../db/schema/index.ts'
import { seedProducts } from '../db/seed-data.ts'

// docs/product.md#phone-orders: GET /pay/<token> takes the customer from the emailed link to the
// order's payment page (a 303 to the provider), to its confirmation once paid, or to a page that
// says the link is closed or does not work; never cached, the token kept out of the Referer.

let t: TestApp
let admin: SignedInShopper
let productId: string

beforeAll(async () => {
  t = await createTestApp()
  admin = await shopperAs(t, 'admin')
  const [product] = await t.database.db.select({ id: products.id }).from(products).where(eq(products.slug, seedProducts[0]!.slug))
  productId = product!.id
})
afterAll(async () => {
  await t?.app.close()
})

const visit = (url: string) => t.app.inject({ method: 'GET', url })

async function phoneOrder() {
  const created = await admin.shopper.mutation<{ id: string; orderNumber: string; paymentUrl: string }>('admin.orders.create', {
    requestKey: randomUUID(),
    language: 'es',
    delivery: 'pickup',
    shipping: { full_name: 'Pedro Sanz', email: `pedro-${randomUUID()}@example.com`, phone: '612 345 678' },
    lines: [{ productId, quantity: 4, agreedPriceCents: null }],
  })
  expect(created.status).toBe(200)
  return created.data!
}

describe('a payment link', () => {
  it('opens the payment page, then the confirmation once paid', async () => {
    const order = await phoneOrder()
    const path = new URL(order.paymentUrl).pathname
    const res = await visit(path)
    expect(res.statusCode).toBe(303)
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.headers['referrer-policy']).toBe('no-referrer')
    expect(res.headers.location).toMatch(/\/test-payment\/[^/]+$/)
    const sessionId = decodeURIComponent(String(res.headers.location).split('/test-payment/')[1]!)
    // Clicked again: the same page while it is open.
    expect((await visit(path)).headers.location).toBe(res.headers.location)

    const paid = await admin.shopper.mutation('testPayments.pay', { sessionId })
    expect(paid.status).toBe(200)
    const after = await visit(path)
    expect(after.statusCode).toBe(303)
    expect(after.headers.location).toMatch(new RegExp(`/payment-success\\?order_id=${order.id}&session_id=`))
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id))
    expect(row).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' })
  })

  it('says when it does not work or the order can no longer be paid, in the link’s language', async () => {
    const order = await phoneOrder()
    const path = new URL(order.paymentUrl).pathname
    const forged = path.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'))
    expect((await visit(forged)).headers.location).toMatch(/\/payment-link\?state=invalid$/)
    expect((await visit(`/en${forged}`)).headers.location).toMatch(/\/en\/payment-link\?state=invalid$/)
    await admin.shopper.mutation('admin.orders.cancel', { id: order.id })
    const closed = await visit(path)
    expect(closed.statusCode).toBe(303)
    expect(closed.headers.location).toMatch(/\/payment-link\?state=closed$/)
  })
})

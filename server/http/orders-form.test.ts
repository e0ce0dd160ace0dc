import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { testPublicUrl } from '../../tests/helpers/app.ts'
import { sharedTestApp } from '../../tests/helpers/shared-app.ts'
import { shopperAs } from '../../tests/helpers/accounts.ts'
import { productIds, testShipping, type HttpShopper } from '../../tests/helpers/http-shopper.ts'

// docs/product.md#orders: "Pagar ahora" on /orders works before and without JavaScript. Its post
// (marked `form=pay`) goes through orders.pay's limit and service for the caller's own order and is
// answered 303 to the payment page; an order no longer waiting for payment, or someone else's, goes
// back to /orders, which says where it stands. Pages come from the client build (`npm test` builds first).

const t = sharedTestApp({ pages: true, env: { ALLOW_TEST_PAYMENTS: 'true' } })

const cookieOf = (shopper: HttpShopper) => [...shopper.jar].map(([k, v]) => `${k}=${v}`).join('; ')
const post = (shopper: HttpShopper, fields: Record<string, string>, { path = '/orders', origin = testPublicUrl } = {}) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin, cookie: cookieOf(shopper) },
    payload: new URLSearchParams(fields).toString(),
  })

async function pendingOrder(shopper: HttpShopper) {
  const productId = [...(await productIds(t.app)).values()][0]!
  expect((await shopper.mutation('cart.add', { productId, quantity: 2 })).status).toBe(200)
  const created = await shopper.mutation<{ orderId: string; paymentUrl: string }>('checkout.create', {
    shipping: { ...testShipping, email: `orders-form-${randomUUID()}@example.com` },
    checkoutKey: randomUUID(),
  })
  expect(created.status).toBe(200)
  return created.data!
}

describe('"Pagar ahora" on /orders posted without JavaScript', () => {
  it('opens the order’s payment page; the page’s button is a form that says which order', async () => {
    const { shopper } = await shopperAs(t, 'customer', { language: 'en' })
    const order = await pendingOrder(shopper)
    const page = await t.app.inject({ method: 'GET', url: '/en/orders', headers: { cookie: cookieOf(shopper) } })
    expect(page.body).toContain(`<input type="hidden" name="id" value="${order.orderId}"/>`)
    const res = await post(shopper, { form: 'pay', id: order.orderId }, { path: '/en/orders' })
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toMatch(/\/test-payment\//)
  })

  it('sends back to /orders for someone else’s order or a malformed one, a visitor to sign in, and refuses another site', async () => {
    const { shopper: owner } = await shopperAs(t, 'customer')
    const order = await pendingOrder(owner)
    const { shopper: stranger } = await shopperAs(t, 'customer')
    const theirs = await post(stranger, { form: 'pay', id: order.orderId })
    expect(theirs.statusCode).toBe(303)
    expect(theirs.headers.location).toBe('/orders')
    expect((await post(stranger, { form: 'pay', id: 'not-an-id' })).headers.location).toBe('/orders')
    const { shopper: visitor } = await shopperAs(t, 'anonymous')
    const signedOut = await post(visitor, { form: 'pay', id: order.orderId })
    expect(signedOut.headers.location).toBe('/auth?redirect=%2Forders')
    expect((await post(owner, { form: 'pay', id: order.orderId }, { origin: 'https://evil.example' })).statusCode).toBe(403)
    // Cancelling keeps its dialog: without the script, the page says to try again once it has loaded.
    expect((await post(owner, { form: 'cancel', id: order.orderId })).statusCode).toBe(405)
  })
})

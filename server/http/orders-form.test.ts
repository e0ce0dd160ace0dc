import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { testPublicUrl } from '../../tests/helpers/app.ts'
import { sharedTestApp } from '../../tests/helpers/shared-app.ts'
import { shopperAs } from '../../tests/helpers/accounts.ts'
import { productIds, testShipping, type HttpShopper } from '../../tests/helpers/http-shopper.ts'
import { insertOrderLine, insertOrderRow } from '../../tests/helpers/orders.ts'
import { eq } from 'drizzle-orm'
import { orders, withdrawals } from '../db/schema/index.ts'

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
    // A form the page does not have: without the script, the page says to try again once it has loaded.
    expect((await post(owner, { form: 'refund', id: order.orderId })).statusCode).toBe(405)
  })
})

const statusOf = async (orderId: string) => {
  const [row] = await t.database.db.select({ status: orders.status, paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, orderId))
  return row
}

describe('"Cancelar pedido" on /orders without JavaScript', () => {
  it('links to the question in the page, whose form cancels the order and says so at the top of /orders', async () => {
    const { shopper } = await shopperAs(t, 'customer', { language: 'en' })
    const order = await pendingOrder(shopper)
    const [row] = await t.database.db.select({ number: orders.orderNumber }).from(orders).where(eq(orders.id, order.orderId))
    const number = row!.number
    const list = await t.app.inject({ method: 'GET', url: '/en/orders', headers: { cookie: cookieOf(shopper) } })
    expect(list.body).toContain(`href="/en/orders?cancel=${number}#order-${order.orderId}"`)
    const asked = await t.app.inject({ method: 'GET', url: `/en/orders?cancel=${number}`, headers: { cookie: cookieOf(shopper) } })
    expect(asked.body).toContain(`Cancel order ${number}?`)
    expect(asked.body).toContain('<input type="hidden" name="form" value="cancel"/>')
    expect(asked.body).toContain('Yes, cancel it')

    const res = await post(shopper, { form: 'cancel', id: order.orderId }, { path: `/en/orders?cancel=${number}` })
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe(`/en/orders?cancelled=${number}`)
    expect(await statusOf(order.orderId)).toMatchObject({ status: 'cancelled' })
    const done = await t.app.inject({ method: 'GET', url: String(res.headers.location), headers: { cookie: cookieOf(shopper) } })
    expect(done.body).toContain(`Order ${number} cancelled`)
    // Sent again (a reload): the order stays cancelled, the page says where it stands.
    expect((await post(shopper, { form: 'cancel', id: order.orderId })).headers.location).toBe(`/orders?cancelled=${number}`)
  })

  it('leaves someone else’s order alone and never names it', async () => {
    const { shopper: owner } = await shopperAs(t, 'customer')
    const order = await pendingOrder(owner)
    const { shopper: stranger } = await shopperAs(t, 'customer')
    const res = await post(stranger, { form: 'cancel', id: order.orderId })
    expect(res.headers.location).toBe('/orders')
    expect(await statusOf(order.orderId)).toMatchObject({ status: 'pending' })
    const [row] = await t.database.db.select({ number: orders.orderNumber }).from(orders).where(eq(orders.id, order.orderId))
    // A number from the address bar that is not the caller's is not said to be cancelled.
    const page = await t.app.inject({ method: 'GET', url: `/orders?cancelled=${row!.number}`, headers: { cookie: cookieOf(stranger) } })
    expect(page.body).not.toContain(`Pedido ${row!.number} cancelado`)
    expect((await post(owner, { form: 'cancel', id: order.orderId }, { origin: 'https://evil.example' })).statusCode).toBe(403)
    expect(await statusOf(order.orderId)).toMatchObject({ status: 'pending' })
  })
})

/** A paid order of the shopper's, delivered yesterday: one may withdraw from it for 14 days. */
async function deliveredOrderOf(userId: string) {
  const id = await insertOrderRow(t.database.db, {
    status: 'delivered',
    paymentStatus: 'paid',
    deliveredAt: new Date(Date.now() - 86_400_000),
    customerEmail: `withdraw-${randomUUID()}@example.com`,
    customerName: 'Marta Soler',
    userId,
  })
  await insertOrderLine(t.database.db, id)
  const [row] = await t.database.db.select({ number: orders.orderNumber }).from(orders).where(eq(orders.id, id))
  return { id, number: row!.number }
}

describe('"Desistir del contrato" on /orders without JavaScript', () => {
  const rowsOf = (orderId: string) => t.database.db.select().from(withdrawals).where(eq(withdrawals.orderId, orderId))

  it('links to the statement in the page; refused, the page again with what was typed and why; sent, recorded and said', async () => {
    const { shopper, user } = await shopperAs(t, 'customer', { language: 'en' })
    const order = await deliveredOrderOf(user!.id)
    const list = await t.app.inject({ method: 'GET', url: '/en/orders', headers: { cookie: cookieOf(shopper) } })
    expect(list.body).toContain(`href="/en/orders?withdraw=${order.number}#order-${order.id}"`)
    const path = `/en/orders?withdraw=${order.number}`
    const asked = await t.app.inject({ method: 'GET', url: path, headers: { cookie: cookieOf(shopper) } })
    expect(asked.body).toContain(`Withdraw from order ${order.number}?`)
    expect(asked.body).toContain('value="Marta Soler"')

    const refused = await post(shopper, { form: 'withdraw', id: order.id, name: '', email: 'not-an-email', comment: 'Sin JavaScript' }, { path })
    expect(refused.statusCode).toBe(400)
    expect(refused.body).toContain('Invalid email')
    expect(refused.body).toContain('value="not-an-email"')
    expect(refused.body).toContain('Sin JavaScript')
    expect(await rowsOf(order.id)).toHaveLength(0)

    const sent = await post(shopper, { form: 'withdraw', id: order.id, name: 'Marta Soler', email: 'marta@example.com', comment: '' }, { path })
    expect(sent.statusCode).toBe(303)
    expect(sent.headers.location).toBe(`/en/orders?withdrawn=${order.number}`)
    expect(await rowsOf(order.id)).toMatchObject([{ channel: 'account', userId: user!.id, name: 'Marta Soler', email: 'marta@example.com' }])
    const done = await t.app.inject({ method: 'GET', url: String(sent.headers.location), headers: { cookie: cookieOf(shopper) } })
    expect(done.body).toContain(`Withdrawal from order ${order.number} received`)
  })

  it('records nothing for someone else’s order', async () => {
    const { user: owner } = await shopperAs(t, 'customer')
    const order = await deliveredOrderOf(owner!.id)
    const { shopper: stranger } = await shopperAs(t, 'customer')
    const res = await post(stranger, { form: 'withdraw', id: order.id, name: 'Ana', email: 'ana@example.com', comment: '' })
    expect(res.headers.location).toBe('/orders')
    expect(await rowsOf(order.id)).toHaveLength(0)
  })
})

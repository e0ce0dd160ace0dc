import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { invoices, orderEvents, orders, refunds } from '../../server/db/schema/index.ts'
import { seedProducts } from '../../server/db/seed-data.ts'
import { translate } from '../../server/i18n.ts'
import { createStripeProvider } from '../../server/services/payments/stripe.ts'
import { shopperAs, type SignedInShopper } from '../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { fakeStripeClientOptions, startFakeStripe, type FakeStripe } from '../helpers/fake-stripe.ts'
import { productIds, testShipping } from '../helpers/http-shopper.ts'
import { recordingMailer } from '../helpers/recording-mailer.ts'
import { messages } from '../../core/messages.ts'
import { refundRest } from '../helpers/orders.ts'

// docs/product.md#fulfilment over HTTP with Stripe configured: the real SDK talks to a local fake
// of Stripe's API. An admin finds a paid order, ships it (the buyer sees carrier and tracking on
// /orders) and refunds another through Stripe's refund API; a refund Stripe refuses changes
// nothing.

let fake: FakeStripe
let t: TestApp
let mail: ReturnType<typeof recordingMailer>
let admin: SignedInShopper
let productId: string
const product = seedProducts[1]!

beforeAll(async () => {
  fake = await startFakeStripe()
  mail = recordingMailer()
  t = await createTestApp({
    stripe: createStripeProvider({ secretKey: 'sk_test_shop', webhookSecret: 'whsec_test', stripeClientOptions: fakeStripeClientOptions(fake.port) }),
    mailer: mail,
  })
  admin = await shopperAs(t, 'admin', { language: 'es' })
  productId = (await productIds(t.app)).get(product.slug)!
})
afterAll(async () => {
  await t.app.close()
  await fake.close()
})

interface OrderView {
  id: string
  orderNumber: string
  status: string
  paymentStatus: string
  shipments: Array<{ carrier: string | null; tracking: string | null; shippedAt: string }>
  invoices: Array<{ number: string; kind: string }>
}

/** An English-speaking customer pays an order at (fake) Stripe and comes back to the shop. */
async function paidOrder() {
  const buyer = await shopperAs(t, 'customer', { language: 'en' })
  expect((await buyer.shopper.mutation('cart.add', { productId, quantity: 3 })).status).toBe(200)
  const email = `buyer-${randomUUID()}@example.com`
  const created = await buyer.shopper.mutation<{ orderId: string; orderNumber: string }>('checkout.create', {
    shipping: { ...testShipping, email },
    checkoutKey: randomUUID(),
  })
  const { orderId, orderNumber } = created.data!
  const session = [...fake.sessions.values()].find((s) => s.metadata.order_id === orderId)!
  fake.markPaid(session.id)
  const confirmed = await buyer.shopper.mutation<{ status: string }>('checkout.confirm', { orderId, sessionId: session.id })
  expect(confirmed.data).toMatchObject({ status: 'confirmed' })
  return { buyer, email, orderId, orderNumber, session }
}

const updatesTo = (email: string) => mail.sent.filter((m) => m.to === email && m.kind !== 'order-confirmation')

async function rowsOf(orderId: string) {
  const { db } = t.database
  return {
    order: (await db.select().from(orders).where(eq(orders.id, orderId)))[0],
    events: await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.createdAt),
    invoices: await db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(invoices.number),
    refunds: await db.select().from(refunds).where(eq(refunds.orderId, orderId)),
  }
}

describe('an admin fulfils orders paid with Stripe', () => {
  it('finds a paid order, ships it, and the buyer sees the carrier and tracking on /orders', async () => {
    const { buyer, email, orderId, orderNumber, session } = await paidOrder()
    const list = await admin.shopper.query<{ orders: Array<{ id: string; status: string }> }>('admin.orders.list', {
      page: 1,
      search: orderNumber.toLowerCase(),
      status: 'confirmed',
      paymentStatus: 'paid',
    })
    expect(list.status).toBe(200)
    expect(list.data!.orders.map((o) => [o.id, o.status])).toEqual([[orderId, 'confirmed']])
    // PostgreSQL refuses a NUL in text: the search is refused with a message, never a 500.
    const nul = await admin.shopper.query('admin.orders.list', { page: 1, search: `${orderNumber}\u0000` })
    expect(nul.status).toBe(400)
    expect(nul.error?.message).toBe('El texto contiene caracteres no permitidos')

    const detail = await admin.shopper.query<{ paymentReference: string; allowed: Record<string, boolean>; timeline: Array<{ type: string }> }>(
      'admin.orders.get',
      { id: orderId },
    )
    expect(detail.data).toMatchObject({ paymentReference: session.id, allowed: { ship: true, deliver: false, cancel: false, refund: true } })
    expect(detail.data!.timeline.map((e) => e.type)).toEqual(['created', 'paid', 'invoice_issued'])

    const shipped = await admin.shopper.mutation('admin.orders.ship', { id: orderId, carrier: 'Correos Express', tracking: '3230 0001 99' })
    expect(shipped).toMatchObject({ status: 200, data: { ok: true, changed: true } })

    const mine = await buyer.shopper.query<OrderView[]>('orders.list')
    expect(mine.data!.find((o) => o.id === orderId)).toMatchObject({
      status: 'shipped',
      shipments: [{ carrier: 'Correos Express', tracking: '3230 0001 99' }],
    })
    const [email_] = updatesTo(email)
    expect(email_).toMatchObject({ kind: 'order-shipped', subject: `Your order ${orderNumber} is on its way` })
    expect(email_!.text).toContain('Carrier: Correos Express')
    expect(email_!.text).toContain('Tracking number: 3230 0001 99')
    // Correos Express is on the shop's list: the email leads to its tracking page for the number.
    expect(email_!.text).toContain('Track the shipment: https://s.correosexpress.com/SeguimientoSinCP/search?shippingNumber=3230000199')

    // Marking it delivered before it was shipped would be refused; now it is shipped, deliver applies.
    expect((await admin.shopper.mutation('admin.orders.deliver', { id: orderId })).data).toEqual({ ok: true, changed: true })
  })

  it('refunds a paid order through Stripe’s refund API: the payment shows refunded with its corrective invoice', async () => {
    const { buyer, email, orderId, orderNumber, session } = await paidOrder()
    const refunded = await admin.shopper.mutation('admin.orders.refund', refundRest(orderId))
    expect(refunded).toMatchObject({ status: 200, data: { ok: true, changed: true } })

    const atStripe = fake.refunds.filter((r) => r.payment_intent === session.payment_intent)
    expect(atStripe).toHaveLength(1)
    const { order, invoices: issued, refunds: given } = await rowsOf(orderId)
    expect(order).toMatchObject({ status: 'confirmed', paymentStatus: 'refunded' })
    expect(given).toMatchObject([{ kind: 'order_payment', amountCents: 3 * product.priceRetailCents, providerRefundId: atStripe[0]!.id }])
    // The refund's key at Stripe is its row's: a retry of this refund never gives back twice.
    const key = `refund:${given[0]!.id}`
    expect(atStripe[0]).toMatchObject({ amount: 3 * product.priceRetailCents, metadata: { checkout_session: session.id, refund_key: key } })
    const request = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds').at(-1)!
    expect(request.body.payment_intent).toBe(session.payment_intent)
    expect(request.headers['idempotency-key']).toBe(key)
    expect(issued.map((i) => [i.kind, i.totalCents])).toEqual([
      ['invoice', 3 * product.priceRetailCents],
      ['corrective', -3 * product.priceRetailCents],
    ])
    const corrective = issued.find((i) => i.kind === 'corrective')!

    const mine = await buyer.shopper.query<OrderView>('orders.get', { id: orderId })
    expect(mine.data).toMatchObject({ status: 'confirmed', paymentStatus: 'refunded' })
    expect(mine.data!.invoices.map((i) => i.number)).toContain(corrective.number)
    const detail = await admin.shopper.query<{ orderRefunds: Array<{ reference: string | null; amountCents: number }> }>('admin.orders.get', {
      id: orderId,
    })
    expect(detail.data!.orderRefunds).toMatchObject([{ reference: atStripe[0]!.id, amountCents: 3 * product.priceRetailCents }])

    const [email_] = updatesTo(email)
    expect(email_).toMatchObject({ kind: 'order-refunded', subject: `Refund of your order ${orderNumber}` })
    expect(email_!.text).toContain(`The corrective invoice ${corrective.number} is attached.`)
    expect(email_!.attachments?.[0]?.filename).toBe(`invoice-${corrective.number}.pdf`)

    // Asked again: nothing more at Stripe, no second email.
    expect((await admin.shopper.mutation('admin.orders.refund', refundRest(orderId))).data).toEqual({ ok: true, changed: false })
    expect(fake.refunds.filter((r) => r.payment_intent === session.payment_intent)).toHaveLength(1)
    expect(updatesTo(email)).toHaveLength(1)
  })

  it('changes nothing when Stripe refuses the refund (503, in the admin’s language)', async () => {
    const { email, orderId, session } = await paidOrder()
    // Stripe answers the refund's lookup with 404 resource_missing: the refund is refused.
    fake.sessions.delete(session.id)
    const before = await rowsOf(orderId)
    const answer = await admin.shopper.mutation('admin.orders.refund', refundRest(orderId))
    expect(answer.status).toBe(503)
    expect(answer.error?.message).toBe(translate('es', messages.refundFailed))
    expect(await rowsOf(orderId)).toEqual(before)
    expect(before.order).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' })
    expect(before.refunds).toEqual([])
    expect(updatesTo(email)).toHaveLength(0)
  })

  it('takes a refund already made from Stripe’s dashboard as the order’s refund', async () => {
    const { orderId, session } = await paidOrder()
    // Stripe answers 400 charge_already_refunded; the payment's refund is the one made there.
    fake.refunds.push({
      id: 're_dashboard',
      object: 'refund',
      amount: session.amount_total,
      currency: 'eur',
      payment_intent: session.payment_intent!,
      status: 'succeeded',
      reason: null,
      metadata: {},
    })
    const answer = await admin.shopper.mutation('admin.orders.refund', refundRest(orderId))
    expect(answer.status, answer.res.body).toBe(200)
    const after = await rowsOf(orderId)
    expect(after.order).toMatchObject({ status: 'confirmed', paymentStatus: 'refunded' })
    expect(after.refunds).toMatchObject([{ providerRefundId: 're_dashboard' }])
  })

  it('refuses a transition that does not apply with 409 and a clear message, changing nothing', async () => {
    const { email, orderId } = await paidOrder()
    const before = await rowsOf(orderId)
    const answer = await admin.shopper.mutation('admin.orders.deliver', { id: orderId })
    expect(answer.status).toBe(409)
    expect(answer.error?.message).toBe('Solo se puede marcar como entregado un pedido enviado')
    const cancel = await admin.shopper.mutation('admin.orders.cancel', { id: orderId })
    expect(cancel.status).toBe(409)
    expect(cancel.error?.message).toBe(translate('es', messages.cannotCancel))
    expect(await rowsOf(orderId)).toEqual(before)
    expect(updatesTo(email)).toHaveLength(0)
  })

  it('lets no customer ship or refund, not even their own order', async () => {
    const { buyer, orderId } = await paidOrder()
    const before = await rowsOf(orderId)
    expect((await buyer.shopper.mutation('admin.orders.ship', { id: orderId })).status).toBe(403)
    expect((await buyer.shopper.mutation('admin.orders.refund', refundRest(orderId))).status).toBe(403)
    expect(await rowsOf(orderId)).toEqual(before)
  })
})

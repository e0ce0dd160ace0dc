import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { emailOutbox, orderEvents, orders } from '../../db/schema/index.ts'
import { seedProducts } from '../../db/seed-data.ts'
import type { PaymentProvider } from '../payments/provider.ts'
import { paymentCheckLimits } from './payments.ts'
import { sharedCatalogShop } from '../../../tests/helpers/catalog-shop.ts'
import { testShipping } from '../../../tests/helpers/http-shopper.ts'
import { insertOrderRow } from '../../../tests/helpers/orders.ts'
import { testServices } from '../../../tests/helpers/services.ts'
import { callerAs } from '../../../tests/helpers/users.ts'

// docs/product.md#orders: a shopper who paid and closed the tab before the return page confirmed
// the payment finds the order paid on /orders (never "Pay now"): the orders' pages ask the
// provider first, through the return page's and the webhook's own code, within bounds; a provider
// that fails or is slow leaves the page answering, the order "confirming the payment".

const shop = sharedCatalogShop()
const [panel] = seedProducts
const sessionIdOf = (paymentUrl: string | null) => decodeURIComponent(paymentUrl!.split('/test-payment/')[1]!)

/** A customer's checkout left at the payment page: paid there (the tab closed on the way back) unless `pay` is false. */
async function checkoutLeftAtProvider(pay = true) {
  const s = await shop.shopper('customer')
  await s.caller.cart.add({ productId: shop.ids.get(panel!.slug)!, quantity: 2 })
  const created = await s.caller.checkout.create({ shipping: testShipping, checkoutKey: randomUUID() })
  const sessionId = sessionIdOf(created.paymentUrl)
  if (pay) expect(await s.services.testPayments!.pay(sessionId)).not.toBeNull()
  return { ...s, orderId: created.orderId, sessionId }
}

/** The same customer's procedures over another payment provider (the same sessions, answered differently). */
async function callerWith(s: Awaited<ReturnType<typeof checkoutLeftAtProvider>>, payments: PaymentProvider) {
  const { services } = testServices(shop.db, { payments })
  return callerAs(shop.db, 'customer', { services, user: s.user! })
}

const eventsOf = (orderId: string, type: 'paid' | 'invoice_issued') =>
  shop.db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, type)))

describe('an order paid at the provider but never confirmed', () => {
  it('is shown paid by orders.list and orders.get, with its invoice and one confirmation email, however often it is shown', async () => {
    const s = await checkoutLeftAtProvider()
    const [stored] = await shop.db.select({ paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, s.orderId))
    expect(stored?.paymentStatus).toBe('pending')

    const listed = (await s.caller.orders.list()).find((order) => order.id === s.orderId)
    expect(listed).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', confirmingPayment: false, payableUntil: null })
    expect(listed?.invoices).toHaveLength(1)
    expect(await s.caller.orders.get({ id: s.orderId })).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', confirmingPayment: false })
    await s.caller.orders.list()

    // Confirmed once: one payment on the timeline, one confirmation queued; "Pay now" refuses.
    expect(await eventsOf(s.orderId, 'paid')).toHaveLength(1)
    expect(
      await shop.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.dedupeKey, `order-confirmation:${s.orderId}`)),
    ).toHaveLength(1)
    await expect(s.caller.orders.pay({ id: s.orderId })).rejects.toMatchObject({ code: 'CONFLICT' })
  })

  it('is confirmed by orders.get alone, the first page the buyer opens', async () => {
    const s = await checkoutLeftAtProvider()
    expect(await s.caller.orders.get({ id: s.orderId })).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', confirmingPayment: false })
    expect(await eventsOf(s.orderId, 'invoice_issued')).toHaveLength(1)
  })

  it('leaves an order not paid at the provider waiting, with its payment page to pay', async () => {
    const s = await checkoutLeftAtProvider(false)
    const listed = (await s.caller.orders.list()).find((order) => order.id === s.orderId)
    expect(listed).toMatchObject({ status: 'pending', paymentStatus: 'pending', confirmingPayment: false })
    expect((await s.caller.orders.pay({ id: s.orderId })).paymentUrl).toContain(s.sessionId)
  })
})

describe('a provider that cannot answer', () => {
  it('fails nothing: the orders are listed, the unconfirmed one "confirming the payment"; asked again later, it is paid', async () => {
    const s = await checkoutLeftAtProvider()
    const failing: PaymentProvider = {
      ...s.services.payments,
      retrieveSession: () => Promise.reject(new Error('the provider is down')),
    }
    const down = await callerWith(s, failing)
    const listed = (await down.orders.list()).find((order) => order.id === s.orderId)
    expect(listed).toMatchObject({ status: 'pending', paymentStatus: 'pending', confirmingPayment: true })
    expect(await down.orders.get({ id: s.orderId })).toMatchObject({ paymentStatus: 'pending', confirmingPayment: true })

    const back = (await s.caller.orders.list()).find((order) => order.id === s.orderId)
    expect(back).toMatchObject({ paymentStatus: 'paid', confirmingPayment: false })
  })

  it('is waited for a bounded time: a provider that never answers leaves the list answering within the bound', async () => {
    const s = await checkoutLeftAtProvider()
    const silent: PaymentProvider = { ...s.services.payments, retrieveSession: () => new Promise(() => {}) }
    const slow = await callerWith(s, silent)
    const started = Date.now()
    const listed = (await slow.orders.list()).find((order) => order.id === s.orderId)
    const took = Date.now() - started
    expect(listed).toMatchObject({ paymentStatus: 'pending', confirmingPayment: true })
    expect(took).toBeGreaterThanOrEqual(paymentCheckLimits.waitMs - 50)
    expect(took).toBeLessThan(paymentCheckLimits.waitMs + 1_500)
  })

  it('is asked about a few pending orders with an open session per request, never about the others', async () => {
    const s = await checkoutLeftAtProvider(false)
    const future = new Date(Date.now() + 3_600_000)
    // Four more pending orders with an open session, one whose session time is over, one paid already.
    for (let i = 0; i < 4; i++) {
      await insertOrderRow(shop.db, { userId: s.user!.id, paymentSessionId: `test_cs_open_${randomUUID()}`, paymentExpiresAt: future })
    }
    await insertOrderRow(shop.db, {
      userId: s.user!.id,
      paymentSessionId: `test_cs_lapsed_${randomUUID()}`,
      paymentExpiresAt: new Date(Date.now() - 1000),
    })
    await insertOrderRow(shop.db, {
      userId: s.user!.id,
      status: 'confirmed',
      paymentStatus: 'paid',
      paymentSessionId: `test_cs_paid_${randomUUID()}`,
      paymentExpiresAt: future,
    })
    const asked: string[] = []
    const counting: PaymentProvider = {
      ...s.services.payments,
      retrieveSession: (id) => {
        asked.push(id)
        return Promise.resolve(null)
      },
    }
    const listed = await (await callerWith(s, counting)).orders.list()
    expect(listed).toHaveLength(7)
    expect(asked).toHaveLength(paymentCheckLimits.orders)
    expect(asked.every((id) => id.startsWith('test_cs_open_') || id === s.sessionId)).toBe(true)
    expect(listed.every((order) => !order.confirmingPayment)).toBe(true)
  })
})

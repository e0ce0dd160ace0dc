import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { emailOutbox, orderEvents, orderItems, orders, refunds, testPaymentRefunds, testPaymentSessions } from '../../db/schema/index.ts'
import { seedProducts } from '../../db/seed-data.ts'
import { systemActor } from './events.ts'
import { ordersContext } from './index.ts'
import { openPayment } from './payments.ts'
import { loadCreatedOrder } from './checkout.ts'
import { hasPgCode } from '../../errors.ts'
import { messages } from '../../../core/messages.ts'
import { maxOrderTotalCents } from '../../../core/totals.ts'
import { sharedCatalogShop } from '../../../tests/helpers/catalog-shop.ts'
import { testShipping } from '../../../tests/helpers/http-shopper.ts'
import { silentLog } from '../../../tests/helpers/silent-log.ts'
import { codeOf } from '../../../tests/helpers/trpc-errors.ts'
import { callerAs, insertUser } from '../../../tests/helpers/users.ts'

// docs/product.md#orders: a pending order is resumed, not repeated; it can be paid later or
// cancelled; it is cancelled when its payment lapses; its payment session is closed at the
// provider before it changes; a payment that cannot become the order's is refunded.

const shop = sharedCatalogShop()
const ids = shop.ids

const [a, b] = seedProducts
const hours = (n: number) => n * 3_600_000

const shopper = shop.shopper

const sessionIdOf = (paymentUrl: string | null) => decodeURIComponent(paymentUrl!.split('/test-payment/')[1]!)

async function sessionRow(id: string) {
  const [row] = await shop.db.select().from(testPaymentSessions).where(eq(testPaymentSessions.id, id))
  return row!
}

async function orderRow(id: string) {
  const [row] = await shop.db.select().from(orders).where(eq(orders.id, id))
  return row!
}

describe('the same checkout, back from the payment page', () => {
  it('gives the same order and the same open payment page while nothing changed', async () => {
    const { caller } = await shopper()
    await caller.cart.add({ productId: ids.get(a!.slug)!, quantity: 2 })
    const checkoutKey = randomUUID()
    const first = await caller.checkout.create({ shipping: testShipping, checkoutKey })
    const again = await caller.checkout.create({ shipping: testShipping, checkoutKey })
    expect(again).toEqual(first)
    expect(await shop.db.select({ id: orders.id }).from(orders).where(eq(orders.checkoutKey, checkoutKey))).toHaveLength(1)
    expect((await sessionRow(sessionIdOf(first.paymentUrl))).status).toBe('open')
  })

  it('updates the same order when the cart or the details changed, after closing the old payment page', async () => {
    const { caller } = await shopper()
    await caller.cart.add({ productId: ids.get(a!.slug)!, quantity: 2 })
    const checkoutKey = randomUUID()
    const first = await caller.checkout.create({ shipping: testShipping, checkoutKey })
    await caller.cart.add({ productId: ids.get(b!.slug)!, quantity: 1 })
    await caller.cart.get()
    const changed = await caller.checkout.create({ shipping: { ...testShipping, address_line2: '2º B' }, checkoutKey })
    expect(changed.orderId).toBe(first.orderId)
    expect(changed.orderNumber).toBe(first.orderNumber)
    expect(changed.paymentUrl).not.toBe(first.paymentUrl)
    // The old page can no longer be paid; the new one asks for the new total.
    expect((await sessionRow(sessionIdOf(first.paymentUrl))).status).toBe('expired')
    const fresh = await sessionRow(sessionIdOf(changed.paymentUrl))
    const total = 2 * a!.priceRetailCents + b!.priceRetailCents
    expect(fresh).toMatchObject({ status: 'open', amountCents: total })
    expect(await orderRow(first.orderId)).toMatchObject({ totalCents: total, paymentAttempts: 2, paymentSessionId: fresh.id })
    expect((await orderRow(first.orderId)).shippingAddress?.line2).toBe('2º B')
    const items = await shop.db.select().from(orderItems).where(eq(orderItems.orderId, first.orderId))
    expect(items.map((item) => item.quantity).sort()).toEqual([1, 2])
  })

  it('keeps the order as it was when its old payment went through before the change', async () => {
    const { caller, services } = await shopper()
    await caller.cart.add({ productId: ids.get(a!.slug)!, quantity: 1 })
    const checkoutKey = randomUUID()
    const first = await caller.checkout.create({ shipping: testShipping, checkoutKey })
    await services.testPayments!.pay(sessionIdOf(first.paymentUrl))
    await caller.cart.add({ productId: ids.get(b!.slug)!, quantity: 3 })
    await caller.cart.get()
    const after = await caller.checkout.create({ shipping: testShipping, checkoutKey })
    expect(after).toMatchObject({ orderId: first.orderId, paymentUrl: null, status: 'confirmed', paymentStatus: 'paid' })
    expect(await orderRow(first.orderId)).toMatchObject({ totalCents: a!.priceRetailCents })
    // What was paid left the cart; what was added after stays.
    const cart = await caller.cart.get()
    expect(cart.items.map((item) => [item.productId, item.quantity])).toEqual([[ids.get(b!.slug), 3]])
  })

  it('lets a guest who signed in meanwhile resume their pending order in their account', async () => {
    const guest = await shopper()
    await guest.caller.cart.add({ productId: ids.get(a!.slug)!, quantity: 1 })
    const checkoutKey = randomUUID()
    const first = await guest.caller.checkout.create({ shipping: testShipping, checkoutKey })
    const user = await insertUser(shop.db, 'customer')
    const signedIn = await callerAs(shop.db, 'customer', { user, services: guest.services, cartSession: guest.cartSession })
    await signedIn.cart.add({ productId: ids.get(a!.slug)!, quantity: 1 })
    await signedIn.cart.get()
    const resumed = await signedIn.checkout.create({ shipping: testShipping, checkoutKey })
    expect(resumed.orderId).toBe(first.orderId)
    expect((await orderRow(first.orderId)).userId).toBe(user.id)
    // Someone else's browser cannot take it.
    const stranger = await shopper('customer')
    await stranger.caller.cart.add({ productId: ids.get(a!.slug)!, quantity: 1 })
    expect(await codeOf(stranger.caller.checkout.create({ shipping: testShipping, checkoutKey }))).toBe('PRECONDITION_FAILED')
  })
})

describe('orders.pay and orders.cancel', () => {
  async function pendingOrderOfCustomer() {
    const s = await shopper('customer')
    await s.caller.cart.add({ productId: ids.get(a!.slug)!, quantity: 2 })
    const created = await s.caller.checkout.create({ shipping: testShipping, checkoutKey: randomUUID() })
    return { ...s, created }
  }

  it('offers the open payment page again, and a new one once the old lapsed', async () => {
    const { caller, created } = await pendingOrderOfCustomer()
    const pay = await caller.orders.pay({ id: created.orderId })
    expect(pay.paymentUrl).toBe(created.paymentUrl)
    await shop.db
      .update(testPaymentSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(testPaymentSessions.id, sessionIdOf(created.paymentUrl)))
    const later = await caller.orders.pay({ id: created.orderId })
    expect(later.paymentUrl).not.toBe(created.paymentUrl)
    const session = await sessionRow(sessionIdOf(later.paymentUrl))
    expect(session).toMatchObject({ status: 'open', amountCents: 2 * a!.priceRetailCents })
    expect(session.cancelUrl).toMatch(/\/orders$/)
    // The lapsed page refuses to be paid.
    expect(await (await shopper()).services.testPayments!.pay(sessionIdOf(created.paymentUrl))).toBeNull()
  })

  it('cancels a pending order, closing its payment page, and then neither pays nor cancels it again', async () => {
    const { caller, created, services } = await pendingOrderOfCustomer()
    expect(await caller.orders.cancel({ id: created.orderId })).toEqual({ status: 'cancelled', paymentStatus: 'pending' })
    expect(await orderRow(created.orderId)).toMatchObject({ status: 'cancelled', cancelReason: 'buyer' })
    expect((await sessionRow(sessionIdOf(created.paymentUrl))).status).toBe('expired')
    expect(await services.testPayments!.pay(sessionIdOf(created.paymentUrl))).toBeNull()
    expect(await codeOf(caller.orders.pay({ id: created.orderId }))).toBe('CONFLICT')
    expect(await caller.orders.cancel({ id: created.orderId })).toEqual({ status: 'cancelled', paymentStatus: 'pending' })
  })

  it('keeps the order when its payment went through just before the cancel', async () => {
    const { caller, created, services } = await pendingOrderOfCustomer()
    await services.testPayments!.pay(sessionIdOf(created.paymentUrl))
    expect(await codeOf(caller.orders.cancel({ id: created.orderId }))).toBe('CONFLICT')
    expect(await orderRow(created.orderId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', cancelReason: null })
    expect(await codeOf(caller.orders.pay({ id: created.orderId }))).toBe('CONFLICT')
  })

  it('answers NOT_FOUND for someone else’s order and UNAUTHORIZED for a visitor, changing nothing', async () => {
    const { created } = await pendingOrderOfCustomer()
    const other = await shopper('customer')
    expect(await codeOf(other.caller.orders.pay({ id: created.orderId }))).toBe('NOT_FOUND')
    expect(await codeOf(other.caller.orders.cancel({ id: created.orderId }))).toBe('NOT_FOUND')
    const visitor = await shopper()
    expect(await codeOf(visitor.caller.orders.cancel({ id: created.orderId }))).toBe('UNAUTHORIZED')
    expect(await orderRow(created.orderId)).toMatchObject({ status: 'pending' })
  })
})

describe('the expiry job', () => {
  it('cancels a pending order once its payment time is over (injected clock), closing its session', async () => {
    const { caller, services } = await shopper()
    await caller.cart.add({ productId: ids.get(a!.slug)!, quantity: 1 })
    const created = await caller.checkout.create({ shipping: testShipping, checkoutKey: randomUUID() })
    const start = Date.now()
    expect(await services.orders.expireLapsed({ now: new Date(start + hours(23)) }, { log: silentLog })).toBe(0)
    expect((await orderRow(created.orderId)).status).toBe('pending')
    expect(await services.orders.expireLapsed({ now: new Date(start + hours(25)) }, { log: silentLog })).toBeGreaterThanOrEqual(1)
    expect(await orderRow(created.orderId)).toMatchObject({ status: 'cancelled', cancelReason: 'expired' })
    expect((await sessionRow(sessionIdOf(created.paymentUrl))).status).toBe('expired')
    // The shopper's cart is untouched: they can order again.
    expect((await caller.cart.get()).count).toBe(1)
  })

  it('confirms instead of cancelling an order whose payment completed before the job closed it', async () => {
    const { caller, services } = await shopper()
    await caller.cart.add({ productId: ids.get(a!.slug)!, quantity: 1 })
    const created = await caller.checkout.create({ shipping: testShipping, checkoutKey: randomUUID() })
    await services.testPayments!.pay(sessionIdOf(created.paymentUrl))
    await services.orders.expireLapsed({ now: new Date(Date.now() + hours(25)) }, { log: silentLog })
    expect(await orderRow(created.orderId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' })
  })
})

describe('a payment that cannot become its order’s', () => {
  it('is refunded once and logged when the order was cancelled meanwhile', async () => {
    const { caller, services } = await shopper()
    await caller.cart.add({ productId: ids.get(a!.slug)!, quantity: 1 })
    const created = await caller.checkout.create({ shipping: testShipping, checkoutKey: randomUUID() })
    const sessionId = sessionIdOf(created.paymentUrl)
    // The cancel landed while the shopper was still on the payment page (before its session closed).
    await services.orders.transition({ orderId: created.orderId, event: 'expire', actor: systemActor, facts: { now: new Date() } })
    await services.testPayments!.pay(sessionId)
    const confirm = () => caller.checkout.confirm({ orderId: created.orderId, sessionId })
    expect(await confirm()).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' })
    expect(await confirm()).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' })
    // The provider gave the whole payment back, once, under the session's own key.
    const atProvider = await shop.db.select().from(testPaymentRefunds).where(eq(testPaymentRefunds.sessionId, sessionId))
    expect(atProvider).toMatchObject([{ amountCents: (await sessionRow(sessionId)).amountCents, idempotencyKey: `refund:${sessionId}` }])
    const [given] = await shop.db.select().from(refunds).where(eq(refunds.paymentSessionId, sessionId))
    expect(given).toMatchObject({
      orderId: created.orderId,
      kind: 'unused_payment',
      reason: 'order cancelled',
      providerRefundId: atProvider[0]!.id,
    })
    expect(given!.refundedAt).toBeInstanceOf(Date)
    expect(await shop.db.select().from(refunds).where(eq(refunds.orderId, created.orderId))).toHaveLength(1)
    // The buyer is told, once, in the order's language: their money moved although the order did not.
    const told = await shop.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `order-payment-returned:${sessionId}`))
    expect(told).toMatchObject([{ kind: 'order-payment_returned', recipient: testShipping.email }])
    expect(told[0]!.subject).toBe(`Hemos devuelto su pago del pedido ${(await orderRow(created.orderId)).orderNumber}`)
    expect(told[0]!.text).toContain('nos llegó después de que el pedido se hubiera cancelado')
    // The cart was not emptied by a payment that did not count.
    expect((await caller.cart.get()).count).toBe(1)
    // The order's timeline tells the shop gave the money back, once.
    const events = await shop.db.select().from(orderEvents).where(eq(orderEvents.orderId, created.orderId)).orderBy(orderEvents.createdAt)
    expect(events.map((e) => [e.type, e.actorKind])).toEqual([
      ['created', 'customer'],
      ['cancelled', 'system'],
      ['refunded', 'system'],
    ])
    expect(events.at(-1)!.details).toMatchObject({ reason: 'paid_after_cancel' })
  })
})

describe('order lines in both languages', () => {
  it('shows an order placed in Spanish with English names to an English reader', async () => {
    const { caller, user } = await shopper('customer')
    await caller.cart.add({ productId: ids.get(a!.slug)!, quantity: 1 })
    await caller.checkout.create({ shipping: testShipping, checkoutKey: randomUUID() })
    const english = await callerAs(shop.db, 'customer', { user: user!, language: 'en' })
    const [order] = await english.orders.list()
    expect(order!.items[0]).toMatchObject({ productName: a!.nameEs, nameEs: a!.nameEs, nameEn: a!.nameEn })
  })
})

describe('an order above what one payment takes (security finding row 9)', () => {
  it('cannot be stored, and is never offered for payment (CONFLICT): no session opens or reopens', async () => {
    const { caller, services } = await shopper()
    await caller.cart.add({ productId: ids.get(a!.slug)!, quantity: 1 })
    const created = await caller.checkout.create({ shipping: testShipping, checkoutKey: randomUUID() })
    const over = maxOrderTotalCents + 1
    await expect(shop.db.update(orders).set({ subtotalCents: over, totalCents: over }).where(eq(orders.id, created.orderId))).rejects.toSatisfy(
      (error) => hasPgCode(error, '23514'),
    )
    const order = (await loadCreatedOrder(shop.db, created.orderId))!
    const sessions = () => shop.db.select().from(testPaymentSessions).where(eq(testPaymentSessions.orderId, order.id))
    const before = await sessions()
    // orders.pay gives openPayment the order as loaded: one above the bound, were it stored, opens nothing.
    for (const tooLarge of [
      { ...order, totalCents: over },
      { ...order, totalCents: over, paymentSessionId: null },
    ]) {
      await expect(
        openPayment(ordersContext(shop.db, services, { log: silentLog }), tooLarge, { returnTo: '/orders', log: silentLog }),
      ).rejects.toMatchObject({
        code: 'CONFLICT',
        userMessage: messages.orderTooLarge,
      })
    }
    expect(await sessions()).toEqual(before)
  })
})

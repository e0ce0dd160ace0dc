import { sampleCompany } from '../../core/company.ts'
import { randomUUID } from 'node:crypto'
import { TRPCError } from '@trpc/server'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ZodError } from 'zod'
import { categories, orderItems, orders, products, testPaymentSessions } from '../db/schema/index.ts'
import { seedProducts } from '../db/seed-data.ts'
import { newOrderNumber } from '../services/orders/store.ts'
import { sharedCatalogShop } from '../../tests/helpers/catalog-shop.ts'
import { ownProduct as ownProductOf } from '../../tests/helpers/catalog-admin.ts'
import { codeOf } from '../../tests/helpers/trpc-errors.ts'
import { testServices } from '../../tests/helpers/services.ts'
import { callerAs } from '../../tests/helpers/users.ts'
import { testShipping } from '../../tests/helpers/http-shopper.ts'
import { memoryCartSession } from '../trpc.ts'
import { messages } from '../../core/messages.ts'

const shop = sharedCatalogShop()
const ids = shop.ids

const shipping = testShipping
const [a, b] = seedProducts

const shopper = shop.shopper

describe('checkout.create', () => {
  it('writes a pending order whose amounts come from the cart, and returns the payment URL', async () => {
    const { caller } = await shopper()
    await caller.cart.add({ productId: ids.get(a!.slug)!, quantity: 2 })
    await caller.cart.add({ productId: ids.get(b!.slug)!, quantity: 1 })
    const result = await caller.checkout.create({ shipping, checkoutKey: randomUUID() })
    expect(result.orderNumber).toMatch(/^ORD-\d{13}[A-Z]{9}$/)
    expect(result.paymentUrl).toMatch(/^http:\/\/localhost:3000\/test-payment\/test_cs_/)
    const [order] = await shop.db.select().from(orders).where(eq(orders.id, result.orderId))
    const expected = 2 * a!.priceRetailCents + b!.priceRetailCents
    expect(order).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
      subtotalCents: expected,
      taxCents: 0,
      shippingCostCents: 0,
      totalCents: expected,
      userId: null,
      customerEmail: 'lucia@example.com',
    })
    // The cart stays until the payment is confirmed.
    expect((await caller.cart.get()).count).toBe(3)
  })

  it('adds up cents exactly: 3 × 80,55 € = 241,65 €', async () => {
    const [category] = await shop.db.select({ id: categories.id }).from(categories).limit(1)
    const [cheap] = await shop.db
      .insert(products)
      .values({
        status: 'published',
        categoryId: category!.id,
        slug: `test-8055-${Date.now()}`,
        nameEs: 'Panel de prueba',
        nameEn: 'Test panel',
        descriptionEs: 'Prueba',
        descriptionEn: 'Test',
        priceRetailCents: 8055,
        priceWholesaleCents: 4000,
        dimensionsWidthCm: 122,
        dimensionsHeightCm: 300,
      })
      .returning({ id: products.id })
    const { caller } = await shopper()
    await caller.cart.add({ productId: cheap!.id, quantity: 3 })
    const { orderId } = await caller.checkout.create({ shipping, checkoutKey: randomUUID() })
    const [order] = await shop.db.select({ total: orders.totalCents }).from(orders).where(eq(orders.id, orderId))
    expect(order?.total).toBe(24165)
  })

  it('ignores a price or total sent by the client', async () => {
    const { caller } = await shopper()
    await caller.cart.add({ productId: ids.get(a!.slug)!, quantity: 1 })
    const tampered = { shipping: { ...shipping, totalCents: 1, unitPriceCents: 1 }, checkoutKey: randomUUID(), totalCents: 1, subtotalCents: 1 }
    const { orderId } = await caller.checkout.create(tampered)
    const [order] = await shop.db.select({ total: orders.totalCents }).from(orders).where(eq(orders.id, orderId))
    expect(order?.total).toBe(a!.priceRetailCents)
  })

  it('refuses an empty cart, and bad shipping input, creating nothing', async () => {
    const { caller } = await shopper()
    const before = (await shop.db.select({ id: orders.id }).from(orders)).length
    expect(await codeOf(caller.checkout.create({ shipping, checkoutKey: randomUUID() }))).toBe('BAD_REQUEST')
    await caller.cart.add({ productId: ids.get(a!.slug)!, quantity: 1 })
    expect(await codeOf(caller.checkout.create({ shipping: { ...shipping, phone: '123' }, checkoutKey: randomUUID() }))).toBe('BAD_REQUEST')
    expect(await codeOf(caller.checkout.create({ shipping, checkoutKey: 'not-a-uuid' }))).toBe('BAD_REQUEST')
    expect((await shop.db.select({ id: orders.id }).from(orders)).length).toBe(before)
  })

  it('refuses an order to the Canary Islands, Ceuta or Melilla with the reason, creating nothing (docs/product.md#delivery)', async () => {
    const { caller } = await shopper()
    await caller.cart.add({ productId: ids.get(a!.slug)!, quantity: 1 })
    const before = (await shop.db.select({ id: orders.id }).from(orders)).length
    for (const postal_code of ['35001', '38001', '51001', '52001']) {
      const refused = await caller.checkout
        .create({ shipping: { ...shipping, postal_code }, checkoutKey: randomUUID() })
        .catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(TRPCError)
      expect(refused).toMatchObject({ code: 'BAD_REQUEST' })
      // The formatter translates each issue's message id for the shopper (server/trpc.ts).
      const issues = refused instanceof TRPCError && refused.cause instanceof ZodError ? refused.cause.issues : []
      expect(issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['shipping.postal_code', messages.postalCodeNotServed.id]])
    }
    expect((await shop.db.select({ id: orders.id }).from(orders)).length).toBe(before)
  })

  it('stores the phone in E.164, the country as ES and the province read from the postal code', async () => {
    const { caller } = await shopper()
    await caller.cart.add({ productId: ids.get(a!.slug)!, quantity: 1 })
    const sent = { ...shipping, phone: '0034 965-70-12-34', postal_code: '07001', city: 'Palma', state: 'Madrid', country: 'España' }
    const { orderId } = await caller.checkout.create({ shipping: sent, checkoutKey: randomUUID() })
    const [order] = await shop.db.select().from(orders).where(eq(orders.id, orderId))
    expect(order?.customerPhone).toBe('+34965701234')
    expect(order?.shippingAddress).toMatchObject({ postal_code: '07001', city: 'Palma', state: 'Illes Balears', country: 'ES' })
  })

  it('creates one order for a double submit of the same checkout', async () => {
    const { caller } = await shopper()
    await caller.cart.add({ productId: ids.get(a!.slug)!, quantity: 1 })
    const checkoutKey = randomUUID()
    const [first, second] = await Promise.all([caller.checkout.create({ shipping, checkoutKey }), caller.checkout.create({ shipping, checkoutKey })])
    expect(second.orderId).toBe(first.orderId)
    expect(second.paymentUrl).toBe(first.paymentUrl)
    expect(await shop.db.select({ id: orders.id }).from(orders).where(eq(orders.checkoutKey, checkoutKey))).toHaveLength(1)
  })
})

describe('paying and checkout.confirm', () => {
  it('marks nothing before the payment, then confirms once after it, empties the cart and sends one email', async () => {
    const { caller, outbox } = await shopper()
    await caller.cart.add({ productId: ids.get(a!.slug)!, quantity: 2 })
    const { orderId, orderNumber, paymentUrl } = await caller.checkout.create({ shipping, checkoutKey: randomUUID() })
    const sessionId = paymentUrl!.split('/').at(-1)!

    expect(await caller.checkout.confirm({ orderId, sessionId })).toMatchObject({ status: 'pending', paymentStatus: 'pending' })
    expect(outbox()).toHaveLength(0)

    const { redirectUrl } = await caller.testPayments.pay({ sessionId })
    expect(redirectUrl).toBe(`http://localhost:3000/payment-success?order_id=${orderId}&session_id=${sessionId}`)
    const results = await Promise.all([caller.checkout.confirm({ orderId, sessionId }), caller.checkout.confirm({ orderId, sessionId })])
    for (const r of results) expect(r).toMatchObject({ orderNumber, status: 'confirmed', paymentStatus: 'paid', totalCents: 2 * a!.priceRetailCents })
    expect((await caller.cart.get()).count).toBe(0)
    // The buyer's confirmation, and the shop's alert to the company's address.
    const mails = outbox()
    expect(mails).toHaveLength(2)
    const [confirmation] = mails.filter((mail) => mail.includes('To: lucia@example.com'))
    expect(confirmation).toContain(orderNumber)
    expect(mails.filter((mail) => mail.includes(`To: ${sampleCompany.email}`) && mail.includes(orderNumber))).toHaveLength(1)
    // Paying twice is not possible.
    expect(await codeOf(caller.testPayments.pay({ sessionId }))).toBe('NOT_FOUND')
  })

  it('answers NOT_FOUND for a made-up order and changes nothing', async () => {
    const { caller } = await shopper()
    expect(await codeOf(caller.checkout.confirm({ orderId: randomUUID(), sessionId: 'cs_made_up' }))).toBe('NOT_FOUND')
    expect(await codeOf(caller.checkout.confirm({ orderId: 'nope' }))).toBe('BAD_REQUEST')
  })

  it('does not let another order’s paid session confirm this one', async () => {
    const first = await shopper()
    await first.caller.cart.add({ productId: ids.get(a!.slug)!, quantity: 1 })
    const paid = await first.caller.checkout.create({ shipping, checkoutKey: randomUUID() })
    const paidSession = paid.paymentUrl!.split('/').at(-1)!
    await first.caller.testPayments.pay({ sessionId: paidSession })

    const second = await shopper()
    await second.caller.cart.add({ productId: ids.get(a!.slug)!, quantity: 1 })
    const unpaid = await second.caller.checkout.create({ shipping, checkoutKey: randomUUID() })
    expect(await second.caller.checkout.confirm({ orderId: unpaid.orderId, sessionId: paidSession })).toMatchObject({ paymentStatus: 'pending' })
  })

  it('writes the confirmation email in the language of the order', async () => {
    const t = testServices(shop.db)
    const caller = await callerAs(shop.db, 'anonymous', { services: t.services, language: 'en', cartSession: memoryCartSession() })
    await caller.cart.add({ productId: ids.get(b!.slug)!, quantity: 1 })
    const { orderId, paymentUrl } = await caller.checkout.create({ shipping, checkoutKey: randomUUID() })
    const sessionId = paymentUrl!.split('/').at(-1)!
    await caller.testPayments.pay({ sessionId })
    await caller.checkout.confirm({ orderId, sessionId })
    const [mail] = t.outbox()
    expect(mail).toMatch(/Subject: Order confirmation ORD-/)
    expect(mail).toContain(b!.nameEn)
  })

  it('sends an English order to the English payment page and back to the English pages', async () => {
    const { caller } = await shopper('anonymous', { language: 'en' })
    await caller.cart.add({ productId: ids.get(b!.slug)!, quantity: 1 })
    const { orderId, paymentUrl } = await caller.checkout.create({ shipping, checkoutKey: randomUUID() })
    const sessionId = paymentUrl!.split('/').at(-1)!
    expect(paymentUrl).toBe(`http://localhost:3000/en/test-payment/${sessionId}`)
    const [session] = await shop.db.select().from(testPaymentSessions).where(eq(testPaymentSessions.id, sessionId))
    expect(session?.cancelUrl).toBe('http://localhost:3000/en/checkout?cancelled=1')
    const { redirectUrl } = await caller.testPayments.pay({ sessionId })
    expect(redirectUrl).toBe(`http://localhost:3000/en/payment-success?order_id=${orderId}&session_id=${sessionId}`)
  })
})

describe('checkout.prefill', () => {
  it('is empty for a visitor and comes from the profile and email when signed in', async () => {
    expect((await (await shopper()).caller.checkout.prefill()).full_name).toBe('')
    const { caller, user } = await shopper('customer')
    expect(await caller.checkout.prefill()).toMatchObject({ full_name: 'Test customer', email: user!.email })
  })

  it('fills the address of the last order, until the profile has a default address (docs/product.md#delivery)', async () => {
    const { caller, user } = await shopper('customer')
    expect(await caller.checkout.prefill()).toMatchObject({ phone: '', address_line1: '', postal_code: '', country: 'ES' })
    await caller.cart.add({ productId: ids.get(a!.slug)!, quantity: 1 })
    await caller.checkout.create({ shipping: { ...shipping, address_line1: 'Calle Vieja 1', postal_code: '03181' }, checkoutKey: randomUUID() })
    await caller.checkout.create({
      shipping: { ...shipping, phone: '612 345 678', address_line1: 'Carrer Nou 2', postal_code: '07001', city: 'Palma' },
      checkoutKey: randomUUID(),
    })
    expect(await caller.checkout.prefill()).toEqual({
      full_name: 'Test customer',
      email: user!.email,
      phone: '+34612345678',
      address_line1: 'Carrer Nou 2',
      address_line2: '',
      postal_code: '07001',
      city: 'Palma',
      state: 'Illes Balears',
      country: 'ES',
    })
    const address = { address_line1: 'Avenida del Puerto 3', address_line2: '', city: 'Valencia', state: '', postal_code: '46001', country: 'ES' }
    await caller.account.update({ name: 'Test customer', phone: '', company: '', address })
    expect(await caller.checkout.prefill()).toMatchObject({
      address_line1: 'Avenida del Puerto 3',
      postal_code: '46001',
      state: 'Valencia',
      phone: '+34612345678',
    })
  })
})

describe('orders', () => {
  it('lists a customer’s own orders newest first, and hides others’ (NOT_FOUND)', async () => {
    const owner = await shopper('customer')
    await owner.caller.cart.add({ productId: ids.get(a!.slug)!, quantity: 1 })
    const first = await owner.caller.checkout.create({ shipping, checkoutKey: randomUUID() })
    await owner.caller.cart.add({ productId: ids.get(b!.slug)!, quantity: 2 })
    const second = await owner.caller.checkout.create({ shipping, checkoutKey: randomUUID() })
    const list = await owner.caller.orders.list()
    expect(list.map((o) => o.id)).toEqual([second.orderId, first.orderId])
    expect(list[0]).toMatchObject({ orderNumber: second.orderNumber, status: 'pending', paymentStatus: 'pending' })
    expect(list[0]?.items.length).toBeGreaterThan(0)
    expect(await owner.caller.orders.get({ id: first.orderId })).toMatchObject({ orderNumber: first.orderNumber })

    const other = await shopper('customer')
    expect(await other.caller.orders.list()).toEqual([])
    expect(await codeOf(other.caller.orders.get({ id: first.orderId }))).toBe('NOT_FOUND')
    const b2b = await callerAs(shop.db, 'b2b')
    expect(await codeOf(b2b.orders.get({ id: first.orderId }))).toBe('NOT_FOUND')
    const admin = await callerAs(shop.db, 'admin')
    expect(await admin.orders.get({ id: first.orderId })).toMatchObject({ orderNumber: first.orderNumber })
  })

  it('refuses visitors with UNAUTHORIZED', async () => {
    const visitor = await callerAs(shop.db, 'anonymous')
    expect(await codeOf(visitor.orders.list())).toBe('UNAUTHORIZED')
    expect(await codeOf(visitor.orders.get({ id: randomUUID() }))).toBe('UNAUTHORIZED')
  })
})

describe('order numbers', () => {
  it('are ORD-, a timestamp and 9 uppercase letters, and do not repeat', () => {
    const numbers = new Set(Array.from({ length: 500 }, () => newOrderNumber(1795320000000)))
    for (const n of numbers) expect(n).toMatch(/^ORD-1795320000000[A-Z]{9}$/)
    expect(numbers.size).toBe(500)
  })
})

describe('a product the owner archives', () => {
  const admin = () => callerAs(shop.db, 'admin')

  const ownProduct = async () => ownProductOf(shop.db, await admin(), { priceRetail: '41,25', priceWholesale: '30' })

  it('is left out of the order made from a cart that holds it, and stays in the cart as unavailable', async () => {
    const product = await ownProduct()
    const { caller } = await shopper()
    await caller.cart.add({ productId: ids.get(a!.slug)!, quantity: 2 })
    await caller.cart.add({ productId: product.id, quantity: 1 })
    await product.archive()
    const { orderId } = await caller.checkout.create({ shipping, checkoutKey: randomUUID() })
    const [order] = await shop.db.select().from(orders).where(eq(orders.id, orderId))
    expect(order).toMatchObject({ subtotalCents: 2 * a!.priceRetailCents, totalCents: 2 * a!.priceRetailCents })
    const items = await shop.db.select().from(orderItems).where(eq(orderItems.orderId, orderId))
    expect(items.map((item) => [item.productId, item.quantity])).toEqual([[ids.get(a!.slug)!, 2]])
    expect((await caller.cart.get()).items.map((item) => [item.productId, item.available])).toEqual([
      [ids.get(a!.slug)!, true],
      [product.id, false],
    ])
  })

  it('refuses a checkout whose cart holds nothing else (BAD_REQUEST), creating nothing', async () => {
    const product = await ownProduct()
    const { caller } = await shopper()
    await caller.cart.add({ productId: product.id, quantity: 4 })
    await product.archive()
    const before = (await shop.db.select({ id: orders.id }).from(orders)).length
    expect(await codeOf(caller.checkout.create({ shipping, checkoutKey: randomUUID() }))).toBe('BAD_REQUEST')
    expect((await shop.db.select({ id: orders.id }).from(orders)).length).toBe(before)
  })

  it('leaves past orders intact: their line keeps its name, price and quantity, for the buyer and the admin', async () => {
    const product = await ownProduct()
    const { caller } = await shopper('customer')
    await caller.cart.add({ productId: product.id, quantity: 3 })
    const { orderId, paymentUrl } = await caller.checkout.create({ shipping, checkoutKey: randomUUID() })
    const sessionId = paymentUrl!.split('/').at(-1)!
    await caller.testPayments.pay({ sessionId })
    await caller.checkout.confirm({ orderId, sessionId })
    const seen = await caller.orders.get({ id: orderId })
    expect(seen).toMatchObject({ status: 'confirmed', totalCents: 3 * 4125 })
    expect(seen.items).toMatchObject([
      { productId: product.id, nameEs: product.nameEs, nameEn: product.nameEn, quantity: 3, unitPriceCents: 4125, subtotalCents: 12375 },
    ])

    await product.archive()
    expect(await caller.orders.get({ id: orderId })).toEqual(seen)
    // The admin's page sees the same order, plus its references, timeline and next steps.
    // (less whether the buyer's page is confirming a payment, which the admin's page does not ask the provider)
    const { confirmingPayment, ...asOrdered } = seen
    expect(confirmingPayment).toBe(false)
    expect(await (await admin()).admin.orders.get({ id: orderId })).toMatchObject(asOrdered)
    expect((await caller.orders.list()).find((order) => order.id === orderId)).toEqual(seen)
    // Not on sale, still on record.
    expect(await codeOf(caller.catalog.product({ slug: product.slug }))).toBe('NOT_FOUND')
    expect((await caller.catalog.products()).some((p) => p.id === product.id)).toBe(false)

    await product.restore()
    expect(await caller.catalog.product({ slug: product.slug })).toMatchObject({ id: product.id, priceRetailCents: 4125 })
    expect((await caller.catalog.products()).some((p) => p.id === product.id)).toBe(true)
    expect(await caller.orders.get({ id: orderId })).toEqual(seen)
  })
})

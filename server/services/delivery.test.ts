import { randomUUID } from 'node:crypto'
import { TRPCError } from '@trpc/server'
import { ZodError } from 'zod'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../db/client.ts'
import { deliverySettings, invoices, orders, products, profiles, testPaymentSessions } from '../db/schema/index.ts'
import { seedProducts } from '../db/seed-data.ts'
import { createTestDatabase } from '../../tests/helpers/db.ts'
import { testShipping } from '../../tests/helpers/http-shopper.ts'
import { shopperCheckout } from '../../tests/helpers/paid-checkout.ts'
import { codeOf } from '../../tests/helpers/trpc-errors.ts'
import { callerAs, insertUser, shopperCaller } from '../../tests/helpers/users.ts'
import { defaultDeliverySettings, type DeliverySettings } from '../../core/delivery.ts'
import { deliverySettingsSchema } from '../../core/delivery-settings.ts'
import { seedDeliveryRates } from '../db/seed.ts'
import { exampleDeliverySettings } from '../db/seed-data.ts'
import { currentDeliverySettings } from './delivery.ts'
import { messages } from '../../core/messages.ts'
import { AppError } from '../errors.ts'

// docs/product.md#delivery: the owner's rates price delivery at checkout, on the server; the order
// keeps the method, its price and window; the payment page and the invoice carry it as a line.

let database: DatabaseHandle
let productId: string
const price = seedProducts[0]!.priceRetailCents
const wholesalePrice = seedProducts[0]!.priceWholesaleCents

// The seed's example rates (npm run db:seed -- --delivery-rates): 25 € up to 10 panels, 89 € above, free from
// 1.500 € in the Peninsula; 45 € / 149 € to the Balearic Islands; wholesale 65 € flat (119 € to the islands).
const priced: DeliverySettings = exampleDeliverySettings

beforeAll(async () => {
  database = await createTestDatabase()
  const [product] = await database.db.select({ id: products.id }).from(products).where(eq(products.slug, seedProducts[0]!.slug))
  productId = product!.id
})
afterAll(() => database?.close())

const admin = () => callerAs(database.db, 'admin')
async function save(settings: DeliverySettings) {
  const caller = await admin()
  const { updatedAt } = await caller.admin.delivery.get()
  return caller.admin.delivery.update({ expectedUpdatedAt: updatedAt, settings })
}
async function cartOf(quantity: number, kind: 'anonymous' | 'customer' = 'anonymous') {
  const shopper = await shopperCaller(database.db, kind)
  await shopper.caller.cart.add({ productId, quantity })
  return shopper.caller
}
const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!

describe('a fresh shop', () => {
  it('offers home delivery free and showroom pickup, and an order delivered home costs its panels only', async () => {
    expect(await (await admin()).admin.delivery.get()).toEqual({ settings: defaultDeliverySettings, updatedAt: null })
    const caller = await cartOf(3)
    expect(await caller.checkout.delivery({ postalCode: '46001' })).toEqual([
      { method: 'home', zone: 'peninsula', priceCents: 0, minDays: 3, maxDays: 5, surchargeCents: 0, totalCents: 3 * price },
      { method: 'pickup', priceCents: 0, minDays: 1, maxDays: 1, surchargeCents: 0, totalCents: 3 * price },
    ])
    const { orderId } = await caller.checkout.create({ shipping: testShipping, checkoutKey: randomUUID() })
    expect(await orderRow(orderId)).toMatchObject({
      deliveryMethod: 'home',
      deliveryZone: 'peninsula',
      deliveryMinDays: 3,
      deliveryMaxDays: 5,
      shippingCostCents: 0,
      totalCents: 3 * price,
    })
  })
})

describe('the owner’s rates at checkout', () => {
  beforeAll(async () => {
    await save(priced)
  })

  it('price home delivery by zone and by the order’s panels; the order keeps it and its window; the payment page charges the total', async () => {
    const caller = await cartOf(4)
    expect((await caller.checkout.delivery({ postalCode: '07001' }))[0]).toEqual({
      method: 'home',
      zone: 'balearics',
      priceCents: 4_500,
      minDays: 4,
      maxDays: 7,
      surchargeCents: 0,
      totalCents: 4 * price + 4_500,
    })
    // An incomplete postal code: pickup only.
    expect((await caller.checkout.delivery({ postalCode: '070' })).map((option) => option.method)).toEqual(['pickup'])
    const created = await caller.checkout.create({
      shipping: { ...testShipping, postal_code: '46001', city: 'Valencia' },
      delivery: 'home',
      checkoutKey: randomUUID(),
    })
    const order = await orderRow(created.orderId)
    expect(order).toMatchObject({
      deliveryMethod: 'home',
      deliveryZone: 'peninsula',
      deliveryMinDays: 3,
      deliveryMaxDays: 5,
      subtotalCents: 4 * price,
      shippingCostCents: 2_500,
      totalCents: 4 * price + 2_500,
    })
    // The test provider checks that the lines (the delivery's among them) add up to what it charges.
    const [session] = await database.db.select().from(testPaymentSessions).where(eq(testPaymentSessions.orderId, created.orderId))
    expect(session!.amountCents).toBe(4 * price + 2_500)

    const bigger = await cartOf(11)
    const { orderId } = await bigger.checkout.create({ shipping: testShipping, checkoutKey: randomUUID() })
    expect(await orderRow(orderId)).toMatchObject({ shippingCostCents: 8_900, totalCents: 11 * price + 8_900 })
  })

  it('deliver free from the threshold, and let the buyer collect at the showroom for nothing, ready in its days', async () => {
    const many = await cartOf(Math.ceil(150_000 / price))
    const { orderId } = await many.checkout.create({ shipping: testShipping, checkoutKey: randomUUID() })
    expect(await orderRow(orderId)).toMatchObject({ shippingCostCents: 0, deliveryZone: 'peninsula' })

    // A pickup asks only who collects it: no address is kept.
    const caller = await cartOf(2)
    const contact = { full_name: 'Lucía Pérez', email: 'lucia@example.com', phone: '600 111 222' }
    const pickup = await caller.checkout.create({ shipping: contact, delivery: 'pickup', checkoutKey: randomUUID() })
    expect(await orderRow(pickup.orderId)).toMatchObject({
      shippingAddress: null,
      customerPhone: '+34600111222',
      deliveryMethod: 'pickup',
      deliveryZone: null,
      deliveryMinDays: 1,
      deliveryMaxDays: 1,
      shippingCostCents: 0,
      totalCents: 2 * price,
    })
  })

  it('charge an approved wholesale customer the wholesale rates', async () => {
    const buyer = await insertUser(database.db, 'b2b')
    const caller = await callerAs(database.db, 'b2b', { user: buyer })
    await caller.cart.add({ productId, quantity: 2 })
    const { orderId } = await caller.checkout.create({ shipping: testShipping, checkoutKey: randomUUID() })
    expect(await orderRow(orderId)).toMatchObject({ shippingCostCents: 6_500, totalCents: 2 * wholesalePrice + 6_500 })
  })

  it('add the recargo de equivalencia on the delivery too', async () => {
    const buyer = await insertUser(database.db, 'b2b')
    await database.db.update(profiles).set({ taxId: '12345678Z', equivalenceSurcharge: true }).where(eq(profiles.userId, buyer.id))
    const caller = await callerAs(database.db, 'b2b', { user: buyer })
    await caller.cart.add({ productId, quantity: 2 })
    const { orderId } = await caller.checkout.create({ shipping: testShipping, checkoutKey: randomUUID() })
    const order = await orderRow(orderId)
    // Checkout showed the same total before the order was made.
    expect((await caller.checkout.delivery({ postalCode: testShipping.postal_code }))[0]).toMatchObject({
      surchargeCents: order.taxCents,
      totalCents: order.totalCents,
    })
    // The base of panels and delivery together (IVA 21 % included), then 5,2 % of it, rounded once.
    const base = Math.round(((2 * wholesalePrice + 6_500) * 10_000) / 12_100)
    expect(order).toMatchObject({ shippingCostCents: 6_500, taxCents: Math.round((base * 520) / 10_000) })
    expect(order.totalCents).toBe(2 * wholesalePrice + 6_500 + order.taxCents)
  })

  it('estimate the cart’s delivery for the postal code it remembers, which checkout then starts from', async () => {
    const caller = await cartOf(4)
    expect((await caller.cart.get()).delivery).toEqual({ fromCents: 2_500, free: false, postalCode: null, estimate: null })
    let cart = await caller.cart.setPostalCode({ postalCode: '07001' })
    expect(cart.delivery).toEqual({
      fromCents: 2_500,
      free: false,
      postalCode: '07001',
      estimate: { zone: 'balearics', priceCents: 4_500, minDays: 4, maxDays: 7, surchargeCents: 0, totalCents: 4 * price + 4_500 },
    })
    // The estimate follows the panels: a pallet to the islands above 10.
    const [line] = cart.items
    cart = await caller.cart.setQuantity({ itemId: line!.id, quantity: 11 })
    expect(cart.delivery.estimate).toMatchObject({ priceCents: 14_900, totalCents: 11 * price + 14_900 })
    expect(cart.totalCents).toBe(11 * price)
    expect((await caller.checkout.prefill()).postal_code).toBe('07001')

    // Home delivery does not reach the Canary Islands: the code is kept, with no estimate.
    cart = await caller.cart.setPostalCode({ postalCode: '35001' })
    expect(cart.delivery).toMatchObject({ postalCode: '35001', estimate: null })
    cart = await caller.cart.setPostalCode({ postalCode: null })
    expect(cart.delivery).toMatchObject({ postalCode: null, estimate: null })
    expect((await caller.checkout.prefill()).postal_code).toBe('')

    // A wholesale customer's estimate is at the wholesale rates; a customer’s own address wins at checkout.
    const buyer = await insertUser(database.db, 'b2b')
    const wholesale = await callerAs(database.db, 'b2b', { user: buyer })
    await wholesale.cart.add({ productId, quantity: 2 })
    expect((await wholesale.cart.setPostalCode({ postalCode: '46001' })).delivery.estimate).toMatchObject({
      zone: 'peninsula',
      priceCents: 6_500,
      totalCents: 2 * wholesalePrice + 6_500,
    })
  })

  it('ignore any delivery price the client sends', async () => {
    const caller = await cartOf(1)
    const tampered = { shipping: testShipping, delivery: 'home' as const, checkoutKey: randomUUID(), shippingCostCents: 0, deliveryPriceCents: 0 }
    const { orderId } = await caller.checkout.create(tampered)
    expect(await orderRow(orderId)).toMatchObject({ shippingCostCents: 2_500, totalCents: price + 2_500 })
  })

  it('change a pending order’s delivery when the buyer comes back and picks another method', async () => {
    const caller = await cartOf(1)
    const checkoutKey = randomUUID()
    const home = await caller.checkout.create({ shipping: testShipping, delivery: 'home', checkoutKey })
    const pickup = await caller.checkout.create({ shipping: testShipping, delivery: 'pickup', checkoutKey })
    expect(pickup.orderId).toBe(home.orderId)
    expect(await orderRow(home.orderId)).toMatchObject({ deliveryMethod: 'pickup', shippingCostCents: 0, totalCents: price })
  })

  it('put the delivery on the invoice as a line of its own, so the invoice’s total is what was paid', async () => {
    const order = await shopperCheckout(database.db, { productId, quantity: 3 })
    const [invoice] = await database.db.select().from(invoices).where(eq(invoices.orderId, order.id))
    expect(invoice!.lines).toEqual([
      expect.objectContaining({ quantity: 3, unitPriceCents: price }),
      { name: 'Envío a domicilio (Península)', quantity: 1, unitPriceCents: 2_500, amountCents: 2_500 },
    ])
    expect(invoice!.totalCents).toBe(3 * price + 2_500)
    expect(invoice!.taxableBaseCents + invoice!.taxCents).toBe(3 * price + 2_500)
  })
})

describe('a pickup’s address', () => {
  const contact = { full_name: 'Marta Ruiz', email: 'marta@example.com', phone: '600 222 333' }
  const issuesOf = (error: unknown) =>
    error instanceof TRPCError && error.cause instanceof ZodError ? error.cause.issues.map((issue) => [issue.path.join('.'), issue.message]) : []

  it('is asked for with a full invoice, in any Spanish province (the Canary Islands too), and kept as the buyer’s', async () => {
    const caller = await cartOf(1)
    const billing = { name: 'Reformas Ruiz S.L.', idKind: 'tax_id' as const, taxId: 'B03999992' }
    const refused = await caller.checkout
      .create({ shipping: contact, delivery: 'pickup', billing, checkoutKey: randomUUID() })
      .catch((error: unknown) => error)
    expect(refused).toMatchObject({ code: 'BAD_REQUEST' })
    expect(issuesOf(refused)).toContainEqual(['shipping.address_line1', messages.addressRequired.id])
    const canary = { ...contact, address_line1: 'Calle Triana 10', city: 'Las Palmas', postal_code: '35002', country: 'ES' }
    const { orderId } = await caller.checkout.create({ shipping: canary, delivery: 'pickup', billing, checkoutKey: randomUUID() })
    expect(await orderRow(orderId)).toMatchObject({ deliveryMethod: 'pickup', shippingAddress: { postal_code: '35002', state: 'Las Palmas' } })
  })

  it('is asked of a wholesale customer, whose invoice is always a full one', async () => {
    const buyer = await insertUser(database.db, 'b2b')
    await database.db.update(profiles).set({ taxId: 'B03999992', companyName: 'Reformas Ruiz S.L.' }).where(eq(profiles.userId, buyer.id))
    const caller = await callerAs(database.db, 'b2b', { user: buyer })
    await caller.cart.add({ productId, quantity: 1 })
    const refused = await caller.checkout
      .create({ shipping: contact, delivery: 'pickup', checkoutKey: randomUUID() })
      .catch((error: unknown) => error)
    expect(refused).toMatchObject({ code: 'BAD_REQUEST' })
    expect(refused instanceof TRPCError && refused.cause instanceof AppError ? refused.cause.userMessage.id : null).toBe(
      messages.billingAddressRequired.id,
    )
    const { orderId } = await caller.checkout.create({ shipping: testShipping, delivery: 'pickup', checkoutKey: randomUUID() })
    expect(await orderRow(orderId)).toMatchObject({ deliveryMethod: 'pickup', shippingAddress: { postal_code: '03181' } })
  })

  it('is missing from a pickup’s simplified invoice, which then cannot be replaced by a full one', async () => {
    const order = await shopperCheckout(database.db, { productId, quantity: 1, pickup: true })
    const [invoice] = await database.db.select().from(invoices).where(eq(invoices.orderId, order.id))
    expect(invoice).toMatchObject({ aeatType: 'F2', buyer: { address: null } })
    const caller = await admin()
    const refused = await caller.admin.orders
      .replaceInvoice({ id: order.id, billing: { name: 'Reformas Ruiz S.L.', idKind: 'tax_id', taxId: 'B03999992' } })
      .catch((error: unknown) => error)
    expect(refused).toMatchObject({ code: 'CONFLICT' })
    expect(refused instanceof TRPCError && refused.cause instanceof AppError ? refused.cause.userMessage.id : null).toBe(
      messages.invoiceNeedsAddress.id,
    )
    expect(await database.db.select().from(invoices).where(eq(invoices.orderId, order.id))).toEqual([invoice])
  })

  it('is always asked for home delivery, and a home order never lacks one (the database refuses it too)', async () => {
    const caller = await cartOf(1)
    const refused = await caller.checkout.create({ shipping: contact, delivery: 'home', checkoutKey: randomUUID() }).catch((error: unknown) => error)
    expect(issuesOf(refused)).toContainEqual(['shipping.postal_code', messages.postalCodeRequired.id])
    const { orderId } = await caller.checkout.create({ shipping: testShipping, checkoutKey: randomUUID() })
    await expect(database.db.update(orders).set({ shippingAddress: null }).where(eq(orders.id, orderId))).rejects.toThrow()
  })
})

describe('refusals', () => {
  it('refuse pickup once the owner stops offering it, in the shopper’s words, creating nothing', async () => {
    await save({ ...priced, pickup: { enabled: false, readyInDays: 1 } })
    const caller = await cartOf(1)
    const before = (await database.db.select({ id: orders.id }).from(orders)).length
    const refused = await caller.checkout
      .create({ shipping: testShipping, delivery: 'pickup', checkoutKey: randomUUID() })
      .catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(TRPCError)
    expect(refused).toMatchObject({ code: 'BAD_REQUEST' })
    expect(refused instanceof TRPCError && refused.cause instanceof AppError ? refused.cause.userMessage.id : null).toBe(
      messages.deliveryMethodUnavailable.id,
    )
    expect((await database.db.select({ id: orders.id }).from(orders)).length).toBe(before)
    await save(priced)
  })

  it('refuse settings that do not fit, and a save over someone else’s, changing nothing', async () => {
    const caller = await admin()
    const { updatedAt } = await caller.admin.delivery.get()
    const [before] = await database.db.select().from(deliverySettings)
    const badBands = {
      ...priced,
      home: { ...priced.home, balearics: { ...priced.home.balearics, retail: { bands: [{ upToPanels: 5, priceCents: 100 }], freeFromCents: null } } },
    }
    expect(await codeOf(caller.admin.delivery.update({ expectedUpdatedAt: updatedAt, settings: badBands }))).toBe('BAD_REQUEST')
    expect(await codeOf(caller.admin.delivery.update({ expectedUpdatedAt: null, settings: priced }))).toBe('CONFLICT')
    expect(await codeOf(caller.admin.delivery.update({ expectedUpdatedAt: '2020-01-01T00:00:00.000Z', settings: priced }))).toBe('CONFLICT')
    expect(await database.db.select().from(deliverySettings)).toEqual([before])
  })
})

describe('the example rates of the seed (npm run db:seed -- --delivery-rates)', () => {
  it('fit the schema, are saved into a shop without rates, and never over the owner’s', async () => {
    expect(deliverySettingsSchema.safeParse(exampleDeliverySettings).success).toBe(true)
    const fresh = await createTestDatabase()
    try {
      expect(await seedDeliveryRates(fresh.db)).toBe(true)
      expect((await currentDeliverySettings(fresh.db)).settings).toEqual(exampleDeliverySettings)
      const caller = await callerAs(fresh.db, 'admin')
      const { updatedAt } = await caller.admin.delivery.get()
      const owners = { ...exampleDeliverySettings, pickup: { enabled: false, readyInDays: 1 } }
      await caller.admin.delivery.update({ expectedUpdatedAt: updatedAt, settings: owners })
      expect(await seedDeliveryRates(fresh.db)).toBe(false)
      expect((await currentDeliverySettings(fresh.db)).settings).toEqual(owners)
    } finally {
      await fresh.close()
    }
  })
})

describe('a made-to-order panel (docs/product.md#availability)', () => {
  it('starts the delivery window after its working days: offered, shown in the cart and kept on the order', async () => {
    const made = seedProducts[1]!
    const [row] = await database.db.select({ id: products.id }).from(products).where(eq(products.slug, made.slug))
    await database.db.update(products).set({ leadTimeDays: 10 }).where(eq(products.id, row!.id))
    try {
      const caller = await cartOf(2)
      const inStock = await caller.checkout.delivery({ postalCode: '46001' })
      await caller.cart.add({ productId: row!.id, quantity: 1 })
      const withMade = await caller.checkout.delivery({ postalCode: '46001' })
      expect(withMade.map(({ method, minDays, maxDays }) => ({ method, minDays, maxDays }))).toEqual(
        inStock.map(({ method, minDays, maxDays }) => ({ method, minDays: minDays + 10, maxDays: maxDays + 10 })),
      )
      await caller.cart.setPostalCode({ postalCode: '46001' })
      const home = withMade.find((option) => option.method === 'home')!
      expect((await caller.cart.get()).delivery.estimate).toMatchObject({ minDays: home.minDays, maxDays: home.maxDays })
      const created = await caller.checkout.create({
        shipping: { ...testShipping, postal_code: '46001', city: 'Valencia' },
        delivery: 'home',
        checkoutKey: randomUUID(),
      })
      expect(await orderRow(created.orderId)).toMatchObject({ deliveryMinDays: home.minDays, deliveryMaxDays: home.maxDays })
    } finally {
      await database.db.update(products).set({ leadTimeDays: null }).where(eq(products.id, row!.id))
    }
  })
})

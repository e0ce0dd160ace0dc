import { randomUUID } from 'node:crypto'
import { TRPCError } from '@trpc/server'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client.ts'
import { orderEvents, orderItems, orders } from '../../db/schema/index.ts'
import { seedProducts } from '../../db/seed-data.ts'
import { seedDeliveryRates } from '../../db/seed.ts'
import { createServices, type Services } from '../index.ts'
import { paymentLinkToken, readPaymentLinkToken } from './payment-links.ts'
import { createTestDatabase } from '../../../tests/helpers/db.ts'
import { recordingMailer } from '../../../tests/helpers/recording-mailer.ts'
import { testEnv } from '../../../tests/helpers/env.ts'
import { silentLog } from '../../../tests/helpers/silent-log.ts'
import { callerAs, insertUser } from '../../../tests/helpers/users.ts'
import { messages } from '../../../core/messages.ts'
import { documentAmounts } from '../../../core/totals.ts'

// Phone and WhatsApp orders (docs/product.md#phone-orders): the owner builds an order for an existing customer
// or a new email, at the customer's prices or agreed ones, delivered or collected; the customer is
// emailed a signed payment link valid 7 days that opens a payment page on each click; once paid it
// is an ordinary order. Only admins build them.

let database: DatabaseHandle
let mail: ReturnType<typeof recordingMailer>
let services: Services
let admin: Awaited<ReturnType<typeof callerAs>>
const panel = seedProducts[0]!
const other = seedProducts[1]!
const ids = new Map<string, string>()
const day = 24 * 3_600_000

beforeAll(async () => {
  database = await createTestDatabase()
  await seedDeliveryRates(database.db)
  mail = recordingMailer()
  services = createServices(testEnv(), database.db, silentLog, { mailer: mail })
  admin = await callerAs(database.db, 'admin', { services })
  const visitor = await callerAs(database.db, 'anonymous', { services })
  for (const product of await visitor.catalog.products()) ids.set(product.slug, product.id)
})
afterAll(async () => {
  await database.close()
})

const db = () => database.db
const valencia = {
  full_name: 'Lucía Ferrer',
  phone: '612 345 678',
  address_line1: 'Calle Colón 10',
  address_line2: '',
  postal_code: '46004',
  city: 'Valencia',
  state: '',
  country: 'ES',
}

function phoneOrder(email: string, overrides: { delivery?: 'home' | 'pickup'; agreed?: number | null; language?: 'es' | 'en' } = {}) {
  return {
    requestKey: randomUUID(),
    language: overrides.language ?? 'es',
    delivery: overrides.delivery ?? 'home',
    shipping: { ...valencia, email },
    lines: [
      { productId: ids.get(panel.slug)!, quantity: 10, agreedPriceCents: overrides.agreed ?? null },
      { productId: ids.get(other.slug)!, quantity: 2, agreedPriceCents: null },
    ],
  }
}

const tokenOf = (url: string) => url.split('/pay/')[1]!
const linkMails = (email: string) => mail.sent.filter((message) => message.to === email && message.kind === 'order-payment-link')

describe('a phone order', () => {
  it('for a new email: retail prices, delivery priced for the address, 7 days to pay, the link emailed', async () => {
    const email = `phone-${randomUUID()}@example.com`
    const input = phoneOrder(email)
    const priced = await admin.admin.orders.price({ language: 'es', delivery: 'home', email, postalCode: '46004', lines: input.lines })
    expect(priced.customer).toEqual({ found: false, name: null, wholesale: false })
    expect(priced.lines.map((line) => line.unitPriceCents)).toEqual([panel.priceRetailCents, other.priceRetailCents])
    expect(priced.delivery).toMatchObject({ method: 'home', zone: 'peninsula' })
    const before = Date.now()
    const created = await admin.admin.orders.create(input)
    const [order] = await db().select().from(orders).where(eq(orders.id, created.id))
    expect(order).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
      userId: null,
      customerEmail: email,
      deliveryMethod: 'home',
      shippingCostCents: priced.delivery!.priceCents,
      totalCents: priced.totalCents,
    })
    expect(order!.totalCents).toBe(10 * panel.priceRetailCents + 2 * other.priceRetailCents + priced.delivery!.priceCents)
    // Seven days to pay, which the expiry job reads.
    expect(order!.payableUntil!.getTime()).toBeGreaterThanOrEqual(before + 7 * day - 1000)
    expect(order!.payableUntil!.getTime()).toBeLessThanOrEqual(Date.now() + 7 * day)
    expect(order!.paymentExpiresAt).toEqual(order!.payableUntil)
    expect(created.payableUntil).toBe(order!.payableUntil!.toISOString())
    // The timeline says an admin took it.
    const [event] = await db().select().from(orderEvents).where(eq(orderEvents.orderId, created.id))
    expect(event).toMatchObject({ type: 'created', actorKind: 'admin' })
    // The customer's email: the panels, the total and the link.
    const [sent] = linkMails(email)
    expect(sent).toBeDefined()
    expect(sent!.subject).toBe(`Su pedido ${created.orderNumber}: páguelo con tarjeta`)
    expect(sent!.text).toContain(created.paymentUrl)
    expect(sent!.text).toContain(`10 × ${panel.nameEs}`)
    expect(created.paymentUrl).toMatch(/^http:\/\/[^/]+\/pay\/[0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]{43}$/)
    expect(readPaymentLinkToken(services.paymentLinkKey, tokenOf(created.paymentUrl))).toEqual({ orderId: created.id, expiresAt: expect.any(Date) })

    // The same request again (a double click) is the same order, emailed once.
    expect(await admin.admin.orders.create(input)).toEqual(created)
    expect(linkMails(email)).toHaveLength(1)
  })

  it('for a wholesale customer: their account, wholesale prices, an agreed price where given, pickup free', async () => {
    const buyer = await insertUser(db(), 'b2b')
    const input = phoneOrder(buyer.email.toUpperCase(), { delivery: 'pickup', agreed: 1500 })
    const priced = await admin.admin.orders.price({ language: 'es', delivery: 'pickup', email: buyer.email, postalCode: null, lines: input.lines })
    expect(priced.customer).toMatchObject({ found: true, wholesale: true })
    expect(priced.lines.map((line) => [line.unitPriceCents, line.listPriceCents])).toEqual([
      [1500, panel.priceWholesaleCents],
      [other.priceWholesaleCents, other.priceWholesaleCents],
    ])
    const created = await admin.admin.orders.create(input)
    const [order] = await db().select().from(orders).where(eq(orders.id, created.id))
    expect(order).toMatchObject({ userId: buyer.id, deliveryMethod: 'pickup', shippingCostCents: 0, totalCents: priced.totalCents })
    expect(order!.totalCents).toBe(
      10 * 1500 +
        2 * other.priceWholesaleCents! +
        documentAmounts(10 * 1500 + 2 * other.priceWholesaleCents!, {
          taxRateBasisPoints: 2100,
          surchargeRateBasisPoints: order!.surchargeRateBasisPoints,
        }).surchargeCents,
    )
    const lines = await db().select().from(orderItems).where(eq(orderItems.orderId, created.id))
    expect(lines.map((line) => line.unitPriceCents).sort()).toEqual([1500, other.priceWholesaleCents].sort())
    // The buyer sees it among their orders, waiting for payment.
    const customer = await callerAs(db(), 'b2b', { user: buyer, services })
    expect((await customer.orders.list()).map((listed) => listed.id)).toContain(created.id)
  })

  it('is refused with the field to fix, and nothing is made', async () => {
    const email = `phone-${randomUUID()}@example.com`
    const count = async () => (await db().select({ id: orders.id }).from(orders)).length
    const before = await count()
    await expect(admin.admin.orders.create({ ...phoneOrder(email), lines: [] })).rejects.toThrow(TRPCError)
    await expect(admin.admin.orders.create({ ...phoneOrder(email), shipping: { ...valencia, email, postal_code: '1' } })).rejects.toThrow(TRPCError)
    await expect(
      admin.admin.orders.create({ ...phoneOrder(email), lines: [{ productId: randomUUID(), quantity: 1, agreedPriceCents: null }] }),
    ).rejects.toMatchObject({ message: messages.productUnavailable.message })
    // The Canaries are not delivered to: home delivery there is refused.
    await expect(
      admin.admin.orders.create({ ...phoneOrder(email), shipping: { ...valencia, email, postal_code: '35001', city: 'Las Palmas' } }),
    ).rejects.toThrow(TRPCError)
    expect(await count()).toBe(before)
    expect(linkMails(email)).toHaveLength(0)
  })

  it('refuses a postal code Spain’s list lacks, or a town not of its code, unless the admin confirms them', async () => {
    const email = `phone-${randomUUID()}@example.com`
    const count = async () => (await db().select({ id: orders.id }).from(orders)).length
    const before = await count()
    const unknown = { ...valencia, email, postal_code: '03999', city: 'Las Palmas de Gran Canaria' }
    await expect(admin.admin.orders.create({ ...phoneOrder(email), shipping: unknown })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.postalCodeNotListed.message,
    })
    await expect(
      admin.admin.orders.create({ ...phoneOrder(email), shipping: { ...valencia, email, postal_code: '03181', city: 'Valencia' } }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: messages.townNotOfPostalCode.message })
    expect(await count()).toBe(before)
    // A real address the list lacks: the admin confirms it, and the order is made.
    const confirmed = await admin.admin.orders.create({
      ...phoneOrder(email),
      shipping: { ...valencia, email, postal_code: '03181', city: 'Urbanización La Siesta' },
      addressConfirmed: true,
    })
    expect(confirmed.orderNumber).toBeTruthy()
    expect(await count()).toBe(before + 1)
  })

  it('is for admins only: customers, wholesale customers and visitors are refused', async () => {
    const email = `phone-${randomUUID()}@example.com`
    for (const kind of ['anonymous', 'customer', 'b2b'] as const) {
      const caller = await callerAs(db(), kind, { services })
      await expect(caller.admin.orders.create(phoneOrder(email))).rejects.toMatchObject({ code: kind === 'anonymous' ? 'UNAUTHORIZED' : 'FORBIDDEN' })
      await expect(
        caller.admin.orders.price({ language: 'es', delivery: 'pickup', email, postalCode: null, lines: phoneOrder(email).lines }),
      ).rejects.toMatchObject({
        code: kind === 'anonymous' ? 'UNAUTHORIZED' : 'FORBIDDEN',
      })
      await expect(caller.admin.orders.paymentLink({ id: randomUUID() })).rejects.toMatchObject({
        code: kind === 'anonymous' ? 'UNAUTHORIZED' : 'FORBIDDEN',
      })
      await expect(caller.admin.orders.sendPaymentLink({ id: randomUUID() })).rejects.toMatchObject({
        code: kind === 'anonymous' ? 'UNAUTHORIZED' : 'FORBIDDEN',
      })
    }
    expect(await db().select({ id: orders.id }).from(orders).where(eq(orders.customerEmail, email))).toEqual([])
  })
})

describe('its payment link', () => {
  it('opens a payment page on each click, and once paid it is an ordinary order', async () => {
    const email = `link-${randomUUID()}@example.com`
    const created = await admin.admin.orders.create(phoneOrder(email, { language: 'en' }))
    expect(created.paymentUrl).toContain('/en/pay/')
    const token = tokenOf(created.paymentUrl)
    const visit = () => services.orders.visitPaymentLink({ token, linkUrl: created.paymentUrl }, { log: silentLog })
    const first = await visit()
    expect(first).toMatchObject({ to: 'provider' })
    const again = await visit()
    // The open page is offered again while it lasts.
    expect(again).toEqual(first)
    // Opening a payment page does not shorten the link's 7 days.
    const [opened] = await db().select().from(orders).where(eq(orders.id, created.id))
    expect(opened!.paymentExpiresAt).toEqual(opened!.payableUntil)
    expect(opened!.paymentSessionId).not.toBeNull()

    await services.testPayments!.pay(opened!.paymentSessionId!)
    expect(await visit()).toEqual({ to: 'paid', orderId: created.id, sessionId: opened!.paymentSessionId, language: 'en' })
    const [paid] = await db().select().from(orders).where(eq(orders.id, created.id))
    expect(paid).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' })
    // An ordinary paid order: its confirmation with the invoice, and the shop's alert.
    expect(mail.sent.filter((message) => message.to === email).map((message) => message.kind)).toEqual(['order-payment-link', 'order-confirmation'])
    expect(mail.sent.some((message) => message.kind === 'order-shop-alert' && message.subject.includes(created.orderNumber))).toBe(true)
    // No more link once paid: the admin's page shows none, and sending it again is refused.
    expect(await admin.admin.orders.paymentLink({ id: created.id })).toBeNull()
    await expect(admin.admin.orders.sendPaymentLink({ id: created.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.paymentLinkClosed.message,
    })
  })

  it('refuses a forged or altered link, and says so for an order that can no longer be paid', async () => {
    const email = `link-${randomUUID()}@example.com`
    const created = await admin.admin.orders.create(phoneOrder(email))
    const token = tokenOf(created.paymentUrl)
    const visit = (value: string) => services.orders.visitPaymentLink({ token: value, linkUrl: created.paymentUrl }, { log: silentLog })
    const [orderId, expires] = token.split('.')
    // A later expiry with the old signature, another order's id, a made-up token: none verifies.
    expect(await visit(`${orderId}.${Number(expires) + 86_400}.${token.split('.')[2]}`)).toEqual({ to: 'invalid' })
    expect(await visit(`${randomUUID()}.${expires}.${token.split('.')[2]}`)).toEqual({ to: 'invalid' })
    expect(await visit('nonsense')).toEqual({ to: 'invalid' })
    // Signed with another key: invalid too.
    expect(await visit(paymentLinkToken(Buffer.alloc(32, 7), orderId!, new Date(Number(expires) * 1000)))).toEqual({ to: 'invalid' })
    // Nothing was opened by them.
    const [untouched] = await db().select().from(orders).where(eq(orders.id, created.id))
    expect(untouched!.paymentSessionId).toBeNull()

    // The admin emails it again: a second email with the same link.
    await admin.admin.orders.sendPaymentLink({ id: created.id })
    expect(linkMails(email)).toHaveLength(2)
    expect(linkMails(email)[1]!.text).toContain(created.paymentUrl)

    // Past its 7 days the expiry job cancels it, and the link says it is closed.
    await services.orders.expireLapsed({ now: new Date(Date.now() + 6 * day) }, { log: silentLog })
    expect((await db().select().from(orders).where(eq(orders.id, created.id)))[0]).toMatchObject({ status: 'pending' })
    await services.orders.expireLapsed({ now: new Date(Date.now() + 7 * day + 60_000) }, { log: silentLog })
    expect((await db().select().from(orders).where(eq(orders.id, created.id)))[0]).toMatchObject({ status: 'cancelled' })
    expect(await visit(token)).toEqual({ to: 'closed', language: 'es' })
    expect(await admin.admin.orders.paymentLink({ id: created.id })).toBeNull()
  })
})

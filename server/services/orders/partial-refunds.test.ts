import { randomUUID } from 'node:crypto'
import { TRPCError } from '@trpc/server'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client.ts'
import { invoices, orderEvents, orderItems, orders, profiles, refunds, shipments, testPaymentRefunds } from '../../db/schema/index.ts'
import { seedProducts } from '../../db/seed-data.ts'
import { seedDeliveryRates } from '../../db/seed.ts'
import { AppError } from '../../errors.ts'
import { memoryCartSession } from '../../trpc.ts'
import { createServices, type Services } from '../index.ts'
import { createTestDatabase } from '../../../tests/helpers/db.ts'
import { recordingMailer } from '../../../tests/helpers/recording-mailer.ts'
import { testEnv } from '../../../tests/helpers/env.ts'
import { testShipping } from '../../../tests/helpers/http-shopper.ts'
import { silentLog } from '../../../tests/helpers/silent-log.ts'
import { codeOf } from '../../../tests/helpers/trpc-errors.ts'
import { callerAs, insertUser } from '../../../tests/helpers/users.ts'
import { shopperCheckout } from '../../../tests/helpers/paid-checkout.ts'
import type { SessionUser } from '../../trpc.ts'
import { messages, type AppMessage } from '../../../core/messages.ts'
import { formatEuros, messageEuros } from '../../../core/money.ts'
import { documentAmounts } from '../../../core/totals.ts'
import { refundRest } from '../../../tests/helpers/orders.ts'

// Partial refunds (docs/product.md#fulfilment): the admin gives back panels by line and quantity, the delivery, an
// amount, or what is left, with a reason. Each refund is its own row, its own provider refund, its own
// corrective invoice for exactly its amount, and its own email; the payment shows `partially_refunded`
// until nothing is left; never more than was paid, also with two admins at once or the same request twice.

let database: DatabaseHandle
let mail: ReturnType<typeof recordingMailer>
let services: Services
let adminUser: SessionUser
let admin: Awaited<ReturnType<typeof callerAs>>
const panel = seedProducts[0]!
const other = seedProducts[1]!
const productIds = new Map<string, string>()

beforeAll(async () => {
  database = await createTestDatabase()
  // Home delivery at a price (the example rates): the delivery is something a refund can give back.
  await seedDeliveryRates(database.db)
  mail = recordingMailer()
  services = createServices(testEnv(), database.db, silentLog, { mailer: mail })
  adminUser = await insertUser(database.db, 'admin')
  admin = await callerAs(database.db, 'admin', { user: adminUser, services })
  const visitor = await callerAs(database.db, 'anonymous', { services })
  for (const product of await visitor.catalog.products()) productIds.set(product.slug, product.id)
})
afterAll(async () => {
  await database.close()
})

const db = () => database.db
const sessionIdOf = (paymentUrl: string | null) => decodeURIComponent(paymentUrl!.split('/test-payment/')[1]!)

/**
 * A customer's order of 10 panels of one product and 1 of another, delivered home, paid at the test
 * provider and confirmed (with its simplified invoice). Its lines are read back for their ids.
 */
async function paidOrder(language: 'es' | 'en' = 'es') {
  const buyer = await insertUser(db(), 'customer')
  const own = createServices(testEnv(), database.db, silentLog, { mailer: mail })
  const caller = await callerAs(db(), 'customer', { user: buyer, services: own, cartSession: memoryCartSession(), language })
  await caller.cart.add({ productId: productIds.get(panel.slug)!, quantity: 10 })
  await caller.cart.add({ productId: productIds.get(other.slug)!, quantity: 1 })
  const email = `buyer-${randomUUID()}@example.com`
  const created = await caller.checkout.create({ shipping: { ...testShipping, email }, checkoutKey: randomUUID() })
  const sessionId = sessionIdOf(created.paymentUrl)
  await services.testPayments!.pay(sessionId)
  expect(await caller.checkout.confirm({ orderId: created.orderId, sessionId })).toMatchObject({ status: 'confirmed' })
  const items = await db().select().from(orderItems).where(eq(orderItems.orderId, created.orderId)).orderBy(asc(orderItems.position))
  const panels = items.find((item) => item.quantity === 10)!
  const [row] = await db().select().from(orders).where(eq(orders.id, created.orderId))
  expect(row).toMatchObject({ paymentStatus: 'paid', surchargeRateBasisPoints: 0 })
  expect(row!.shippingCostCents).toBeGreaterThan(0)
  expect(panels.unitPriceCents).toBe(panel.priceRetailCents)
  return { caller, buyer, email, id: created.orderId, number: created.orderNumber, sessionId, panels, items, totalCents: row!.totalCents }
}
type PaidOrder = Awaited<ReturnType<typeof paidOrder>>

/** The admin's refund request, as the order page's dialog sends it (a new key unless given). */
const refundOf = (id: string, what: unknown, reason = 'Dos paneles llegaron rotos', requestKey: string = randomUUID()) =>
  ({ id, requestKey, reason, what }) as Parameters<typeof admin.admin.orders.refund>[0]
const panelsOf = (order: PaidOrder, quantity: number, delivery = false) =>
  refundOf(order.id, { kind: 'lines', lines: [{ itemId: order.panels.id, quantity }], delivery })
const amountOf = (order: PaidOrder, amountCents: number) => refundOf(order.id, { kind: 'amount', amountCents }, 'Descuento acordado')

/** What the buyer was told about their order after paying (the confirmation is not one of these). */
const updatesTo = (email: string) => mail.sent.filter((m) => m.to === email && m.kind !== 'order-confirmation')

/** Everything a refund may write for an order: a refused one must leave it as it was. */
async function stateOf(orderId: string) {
  return {
    order: (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!,
    events: await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.createdAt),
    invoices: await db().select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(invoices.number),
    shipments: await db().select().from(shipments).where(eq(shipments.orderId, orderId)),
    refunds: await db().select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt)),
  }
}

/** The test provider's refunds of a payment session, oldest first. */
const providerRefundsOf = (sessionId: string) =>
  db().select().from(testPaymentRefunds).where(eq(testPaymentRefunds.sessionId, sessionId)).orderBy(testPaymentRefunds.createdAt)

/** The code, the message (core/messages.ts) and its values a call is refused with. */
async function refusalOf(call: Promise<unknown>): Promise<{ code: string; message: AppMessage | null; values?: Record<string, unknown> }> {
  try {
    await call
  } catch (error) {
    if (error instanceof TRPCError) {
      if (!(error.cause instanceof AppError)) return { code: error.code, message: null }
      return { code: error.code, message: error.cause.userMessage, ...(error.cause.values ? { values: error.cause.values } : {}) }
    }
    throw error
  }
  throw new Error('expected the call to be refused')
}

/** A refused call changes nothing, asks the provider nothing and emails nobody. */
async function expectRefused(
  order: { id: string; email: string; sessionId: string },
  call: () => Promise<unknown>,
  expected: { code: string; message?: AppMessage; values?: Record<string, unknown> },
) {
  const before = await stateOf(order.id)
  const atProvider = await providerRefundsOf(order.sessionId)
  const mails = updatesTo(order.email).length
  const refusal = await refusalOf(call())
  expect(refusal.code).toBe(expected.code)
  if (expected.message) expect(refusal.message).toBe(expected.message)
  if (expected.values) expect(refusal.values).toEqual(expected.values)
  expect(await stateOf(order.id)).toEqual(before)
  expect(await providerRefundsOf(order.sessionId)).toEqual(atProvider)
  expect(updatesTo(order.email)).toHaveLength(mails)
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)

/** Each corrective invoice's lines add up to its base and IVA (the recargo, if any, on top). */
function expectLinesAddUp(invoice: typeof invoices.$inferSelect) {
  expect(sum(invoice.lines.map((line) => line.amountCents)), invoice.number).toBe(invoice.taxableBaseCents + invoice.taxCents)
}

describe('refunding part of an order', () => {
  it('gives back 2 of 10 panels by line: the payment is partially refunded, one corrective invoice, one email, and the rest still ships', async () => {
    const order = await paidOrder('es')
    const amount = 2 * panel.priceRetailCents
    expect(await admin.admin.orders.refund(panelsOf(order, 2))).toEqual({ ok: true, changed: true })

    const { order: row, refunds: given, invoices: issued, events } = await stateOf(order.id)
    expect(row).toMatchObject({ status: 'confirmed', paymentStatus: 'partially_refunded' })
    const corrective = issued.find((invoice) => invoice.kind === 'corrective')!
    expect(given).toMatchObject([
      {
        kind: 'order_payment',
        paymentSessionId: order.sessionId,
        amountCents: amount,
        reason: 'Dos paneles llegaron rotos',
        lines: [{ itemId: order.panels.id, name: order.panels.productName, quantity: 2, unitPriceCents: panel.priceRetailCents }],
        deliveryCents: 0,
        correctiveInvoiceId: corrective.id,
      },
    ])
    expect(given[0]!.refundedAt).toBeInstanceOf(Date)

    // The provider gave back exactly that, once, under the key of the refund's row.
    const atProvider = await providerRefundsOf(order.sessionId)
    expect(atProvider).toMatchObject([{ amountCents: amount, idempotencyKey: `refund:${given[0]!.id}` }])
    expect(given[0]!.providerRefundId).toBe(atProvider[0]!.id)

    // One corrective invoice (R5 against the simplified F2) for exactly the amount: the 2 panels, negated.
    const invoice = issued.find((i) => i.kind === 'invoice')!
    expect(issued.filter((i) => i.kind === 'corrective')).toHaveLength(1)
    expect(corrective.aeatType).toMatch(/^R[15]$/)
    expect(corrective.aeatType).toBe(invoice.aeatType === 'F2' ? 'R5' : 'R1')
    expect(corrective.correctsId).toBe(invoice.id)
    expect(corrective.totalCents).toBe(-amount)
    expect(corrective.lines).toEqual([{ name: order.panels.productName, quantity: 2, unitPriceCents: -panel.priceRetailCents, amountCents: -amount }])
    expectLinesAddUp(corrective)
    expect(events.slice(-2)).toMatchObject([
      {
        type: 'refunded',
        actorKind: 'admin',
        actorEmail: adminUser.email,
        details: {
          refundId: atProvider[0]!.id,
          correctiveInvoice: corrective.number,
          amountCents: String(amount),
          reason: 'Dos paneles llegaron rotos',
        },
      },
      { type: 'invoice_issued', details: { number: corrective.number, kind: 'corrective' } },
    ])

    // The buyer is told once, with the amount and the corrective invoice attached.
    const emails = updatesTo(order.email)
    expect(emails).toHaveLength(1)
    expect(emails[0]!.subject).toBe(`Reembolso de su pedido ${order.number}`)
    expect(emails[0]!.text).toContain(`Le hemos reembolsado ${formatEuros(amount, 'es')} de su pedido ${order.number}`)
    expect(emails[0]!.attachments).toMatchObject([{ filename: `factura-${corrective.number}.pdf` }])
    const [mine] = await order.caller.orders.list()
    expect(mine).toMatchObject({ paymentStatus: 'partially_refunded', refunds: [{ kind: 'order_payment', amountCents: amount }] })

    // The admin's page: the refund with its reason and panels, and 8 panels (and the rest of the money) still refundable.
    const detail = await admin.admin.orders.get({ id: order.id })
    expect(detail).toMatchObject({
      paymentStatus: 'partially_refunded',
      orderRefunds: [
        {
          amountCents: amount,
          reason: 'Dos paneles llegaron rotos',
          lines: [{ itemId: order.panels.id, quantity: 2 }],
          deliveryCents: 0,
          reference: atProvider[0]!.id,
          correctiveInvoice: corrective.number,
        },
      ],
      refundable: { amountCents: order.totalCents - amount, deliveryCents: row.shippingCostCents },
      allowed: { ship: true, deliver: false, cancel: false, refund: true },
    })
    expect(detail.refundable!.lines).toEqual(
      order.items.map((item) => ({ itemId: item.id, quantity: item.id === order.panels.id ? 8 : item.quantity })),
    )

    // What the partial refund left is still shipped.
    expect(await admin.admin.orders.ship({ id: order.id, carrier: 'SEUR' })).toEqual({ ok: true, changed: true })
    expect((await stateOf(order.id)).order).toMatchObject({ status: 'shipped', paymentStatus: 'partially_refunded' })
    expect(updatesTo(order.email)).toHaveLength(2)
  })

  it('then an amount, then the remainder: the payment is refunded, the refunds add up to the total and the corrective invoices close the invoice', async () => {
    const order = await paidOrder('en')
    const byLines = 2 * panel.priceRetailCents
    expect(await admin.admin.orders.refund(panelsOf(order, 2))).toEqual({ ok: true, changed: true })
    expect(await admin.admin.orders.refund(amountOf(order, 1234))).toEqual({ ok: true, changed: true })
    expect((await stateOf(order.id)).order).toMatchObject({ paymentStatus: 'partially_refunded' })
    expect((await admin.admin.orders.get({ id: order.id })).refundable).toMatchObject({ amountCents: order.totalCents - byLines - 1234 })
    expect(await admin.admin.orders.refund(refundRest(order.id, 'Pedido devuelto'))).toEqual({ ok: true, changed: true })

    const { order: row, refunds: given, invoices: issued } = await stateOf(order.id)
    expect(row).toMatchObject({ status: 'confirmed', paymentStatus: 'refunded' })
    const rest = order.totalCents - byLines - 1234
    expect(given.map((refund) => refund.amountCents)).toEqual([byLines, 1234, rest])
    expect(given.map((refund) => refund.reason)).toEqual(['Dos paneles llegaron rotos', 'Descuento acordado', 'Pedido devuelto'])
    expect(sum(given.map((refund) => refund.amountCents!))).toBe(order.totalCents)
    // The remainder names what was left: 8 panels, the other line and the delivery.
    expect(given[2]).toMatchObject({
      lines: [
        { itemId: order.panels.id, quantity: 8 },
        ...order.items.filter((item) => item.id !== order.panels.id).map((item) => ({ itemId: item.id, quantity: item.quantity })),
      ],
      deliveryCents: row.shippingCostCents,
    })
    const atProvider = await providerRefundsOf(order.sessionId)
    expect(atProvider.map((refund) => refund.amountCents)).toEqual([byLines, 1234, rest])

    const invoice = issued.find((i) => i.kind === 'invoice')!
    const correctives = issued.filter((i) => i.kind === 'corrective')
    expect(correctives).toHaveLength(3)
    expect(correctives.map((c) => c.totalCents)).toEqual([-byLines, -1234, -rest])
    for (const field of ['totalCents', 'taxableBaseCents', 'taxCents', 'surchargeCents'] as const) {
      expect(sum(correctives.map((c) => c[field])) + invoice[field], field).toBe(0)
    }
    for (const corrective of correctives) {
      expect(corrective.correctsId).toBe(invoice.id)
      expectLinesAddUp(corrective)
    }
    expect(given.map((refund) => refund.correctiveInvoiceId)).toEqual(correctives.map((c) => c.id))

    // Three emails, one per refund, each naming its own amount and its own corrective invoice.
    const emails = updatesTo(order.email)
    expect(emails).toHaveLength(3)
    expect(new Set(emails.map((m) => m.text)).size).toBe(3)
    given.forEach((refund, index) => {
      expect(emails[index]!.subject).toBe(`Refund of your order ${order.number}`)
      expect(emails[index]!.text).toContain(`We have refunded ${formatEuros(refund.amountCents!, 'en')} for your order ${order.number}`)
      expect(emails[index]!.attachments).toMatchObject([{ filename: `invoice-${correctives[index]!.number}.pdf` }])
    })

    const detail = await admin.admin.orders.get({ id: order.id })
    expect(detail).toMatchObject({
      paymentStatus: 'refunded',
      refundable: { amountCents: 0, deliveryCents: 0 },
      allowed: { ship: false, refund: false },
    })
    expect(detail.orderRefunds).toHaveLength(3)
    expect(detail.refundable!.lines.every((line) => line.quantity === 0)).toBe(true)
    // Nothing is left: the rest again changes nothing; anything else is refused.
    expect(await admin.admin.orders.refund(refundRest(order.id))).toEqual({ ok: true, changed: false })
    await expectRefused(order, () => admin.admin.orders.refund(amountOf(order, 1)), { code: 'CONFLICT', message: messages.refundNothingLeft })
  })
})

describe('a buyer under the recargo de equivalencia', () => {
  it('gets back the panels with the recargo on their base, and the rest closes the F1 to the cent, recargo included', async () => {
    const buyer = await insertUser(db(), 'b2b')
    await db().update(profiles).set({ companyName: 'Pinturas Segura', taxId: '12345678Z' }).where(eq(profiles.userId, buyer.id))
    await admin.admin.setSurcharge({ userId: buyer.id, applies: true })
    const bought = await shopperCheckout(db(), { productId: productIds.get(panel.slug)!, quantity: 10, buyer, overrides: { mailer: mail } })
    const [row] = await db().select().from(orders).where(eq(orders.id, bought.id))
    expect(row).toMatchObject({ paymentStatus: 'paid', surchargeRateBasisPoints: 520 })
    const [line] = await db().select().from(orderItems).where(eq(orderItems.orderId, bought.id))
    const order = { id: bought.id, email: bought.email, sessionId: row!.paymentSessionId! }

    const request = refundOf(order.id, { kind: 'lines', lines: [{ itemId: line!.id, quantity: 2 }], delivery: false })
    expect(await admin.admin.orders.refund(request)).toEqual({ ok: true, changed: true })
    const rates = { taxRateBasisPoints: 2100, surchargeRateBasisPoints: 520 }
    const document = documentAmounts(2 * line!.unitPriceCents, rates)
    expect(document.surchargeCents).toBeGreaterThan(0)
    const [invoice, first] = (await stateOf(order.id)).invoices
    expect(invoice).toMatchObject({ kind: 'invoice', aeatType: 'F1', taxRateBasisPoints: 2100 })
    expect(first).toMatchObject({
      kind: 'corrective',
      aeatType: 'R1',
      taxableBaseCents: -document.taxableBaseCents,
      taxCents: -document.taxCents,
      surchargeCents: -document.surchargeCents,
      totalCents: -document.totalCents,
    })
    expect(await providerRefundsOf(order.sessionId)).toMatchObject([{ amountCents: document.totalCents }])

    expect(await admin.admin.orders.refund(refundRest(order.id))).toEqual({ ok: true, changed: true })
    const after = await stateOf(order.id)
    expect(after.order).toMatchObject({ paymentStatus: 'refunded' })
    expect(sum(after.refunds.map((refund) => refund.amountCents!))).toBe(row!.totalCents)
    const correctives = after.invoices.filter((i) => i.kind === 'corrective')
    expect(correctives).toHaveLength(2)
    for (const field of ['totalCents', 'taxableBaseCents', 'taxCents', 'surchargeCents'] as const) {
      expect(sum(correctives.map((c) => c[field])) + invoice![field], field).toBe(0)
    }
    correctives.forEach(expectLinesAddUp)
  })
})

describe('the same refund sent twice', () => {
  it('gives back once: the second answer is changed: false, one row, one provider refund, one email', async () => {
    const order = await paidOrder()
    const request = panelsOf(order, 3)
    expect(await admin.admin.orders.refund(request)).toEqual({ ok: true, changed: true })
    const after = await stateOf(order.id)
    expect(await admin.admin.orders.refund(request)).toEqual({ ok: true, changed: false })
    expect(await stateOf(order.id)).toEqual(after)
    expect(after.refunds).toHaveLength(1)
    expect(after.order).toMatchObject({ paymentStatus: 'partially_refunded' })
    expect(await providerRefundsOf(order.sessionId)).toMatchObject([{ amountCents: 3 * panel.priceRetailCents }])
    expect(updatesTo(order.email)).toHaveLength(1)
  })

  it('gives back once when both arrive at the same moment (a double click)', async () => {
    const order = await paidOrder()
    const request = amountOf(order, 2500)
    const results = await Promise.all([admin.admin.orders.refund(request), admin.admin.orders.refund(request)])
    expect(results.map((r) => r.changed).sort()).toEqual([false, true])
    const { refunds: given, invoices: issued } = await stateOf(order.id)
    expect(given).toMatchObject([{ amountCents: 2500 }])
    expect(await providerRefundsOf(order.sessionId)).toMatchObject([{ amountCents: 2500 }])
    expect(issued.filter((i) => i.kind === 'corrective')).toHaveLength(1)
    expect(updatesTo(order.email)).toHaveLength(1)
  })
})

describe('a refund the provider never confirmed', () => {
  it('holds its amount, and asking the provider again completes it once: the refund that went through is found by its key', async () => {
    const order = await paidOrder()
    const amountCents = 2 * panel.priceRetailCents
    // The shop crashed after the provider refunded and before it recorded the answer.
    const [row] = await db()
      .insert(refunds)
      .values({
        orderId: order.id,
        kind: 'order_payment',
        paymentSessionId: order.sessionId,
        amountCents,
        reason: 'Caja rota',
        lines: [{ itemId: order.panels.id, name: order.panels.productName, quantity: 2, unitPriceCents: order.panels.unitPriceCents }],
        requestKey: randomUUID(),
      })
      .returning({ id: refunds.id })
    await services.payments.refund({ sessionId: order.sessionId, amountCents, key: `refund:${row!.id}` })
    const before = await admin.admin.orders.get({ id: order.id })
    expect(before.orderRefunds).toMatchObject([{ id: row!.id, amountCents, refundedAt: null }])
    expect(before.refundable).toMatchObject({ amountCents: order.totalCents - amountCents })

    expect(await admin.admin.orders.retryRefund({ id: order.id, refundId: row!.id })).toEqual({ ok: true, changed: true })
    const after = await stateOf(order.id)
    expect(after.order).toMatchObject({ paymentStatus: 'partially_refunded' })
    expect(after.refunds).toMatchObject([{ id: row!.id, amountCents, refundedAt: expect.any(Date), correctiveInvoiceId: expect.any(String) }])
    expect(await providerRefundsOf(order.sessionId)).toHaveLength(1)
    expect(updatesTo(order.email)).toHaveLength(1)
    // Again: nothing more.
    expect(await admin.admin.orders.retryRefund({ id: order.id, refundId: row!.id })).toEqual({ ok: true, changed: false })
    expect(await stateOf(order.id)).toEqual(after)
    // A refund of another order, or none: NOT_FOUND; a customer may not ask.
    await expect(admin.admin.orders.retryRefund({ id: order.id, refundId: randomUUID() })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(order.caller.admin.orders.retryRefund({ id: order.id, refundId: row!.id })).rejects.toMatchObject({ code: 'FORBIDDEN' })
  })
})

describe('two admins at once', () => {
  it('each asking for 60 % of the total: exactly one refund goes through, the other is told what is left', async () => {
    const order = await paidOrder()
    const otherAdmin = await callerAs(db(), 'admin', { services })
    const amount = Math.round(order.totalCents * 0.6)
    const results = await Promise.allSettled([
      admin.admin.orders.refund(amountOf(order, amount)),
      otherAdmin.admin.orders.refund(amountOf(order, amount)),
    ])
    const done = results.filter((r) => r.status === 'fulfilled')
    const refused = results.filter((r) => r.status === 'rejected')
    expect(done).toHaveLength(1)
    expect(done[0]!.value).toEqual({ ok: true, changed: true })
    expect(refused).toHaveLength(1)
    expect(await refusalOf(Promise.reject(refused[0]!.reason))).toEqual({
      code: 'CONFLICT',
      message: messages.refundExceeds,
      values: { max: messageEuros(order.totalCents - amount) },
    })
    const { order: row, refunds: given, invoices: issued } = await stateOf(order.id)
    expect(row).toMatchObject({ paymentStatus: 'partially_refunded' })
    expect(given).toMatchObject([{ amountCents: amount }])
    expect(await providerRefundsOf(order.sessionId)).toMatchObject([{ amountCents: amount }])
    expect(issued.filter((i) => i.kind === 'corrective')).toHaveLength(1)
    expect(updatesTo(order.email)).toHaveLength(1)
  })
})

describe('a refund that cannot be', () => {
  it('changes nothing: more than is left, too many panels, a line of another order, the delivery twice, nothing chosen', async () => {
    const order = await paidOrder()
    const first = 2 * panel.priceRetailCents
    await admin.admin.orders.refund(panelsOf(order, 2, true))
    const { order: row } = await stateOf(order.id)
    expect(row).toMatchObject({ paymentStatus: 'partially_refunded' })
    const left = order.totalCents - first - row.shippingCostCents
    expect((await admin.admin.orders.get({ id: order.id })).refundable).toMatchObject({ amountCents: left, deliveryCents: 0 })

    await expectRefused(order, () => admin.admin.orders.refund(amountOf(order, left + 1)), {
      code: 'CONFLICT',
      message: messages.refundExceeds,
      values: { max: messageEuros(left) },
    })
    await expectRefused(order, () => admin.admin.orders.refund(panelsOf(order, 9)), { code: 'CONFLICT', message: messages.refundTooManyPanels })
    await expectRefused(
      order,
      () => admin.admin.orders.refund(refundOf(order.id, { kind: 'lines', lines: [{ itemId: randomUUID(), quantity: 1 }], delivery: false })),
      { code: 'CONFLICT', message: messages.refundUnknownLine },
    )
    await expectRefused(order, () => admin.admin.orders.refund(refundOf(order.id, { kind: 'lines', lines: [], delivery: true })), {
      code: 'CONFLICT',
      message: messages.refundDeliveryGiven,
    })
    await expectRefused(order, () => admin.admin.orders.refund(refundOf(order.id, { kind: 'lines', lines: [], delivery: false })), {
      code: 'CONFLICT',
      message: messages.refundNothingChosen,
    })
    // What the schema refuses never reaches the order: no reason, an amount of 0, a key that is not a uuid.
    await expectRefused(order, () => admin.admin.orders.refund(refundOf(order.id, { kind: 'remainder' }, '  ')), { code: 'BAD_REQUEST' })
    await expectRefused(order, () => admin.admin.orders.refund(amountOf(order, 0)), { code: 'BAD_REQUEST' })
    await expectRefused(order, () => admin.admin.orders.refund(refundOf(order.id, { kind: 'remainder' }, 'Roto', 'not-a-uuid')), {
      code: 'BAD_REQUEST',
    })
    expect((await stateOf(order.id)).order).toMatchObject({ paymentStatus: 'partially_refunded' })
    expect(await providerRefundsOf(order.sessionId)).toHaveLength(1)

    // Exactly what is left still goes back, and is the remainder.
    expect(await admin.admin.orders.refund(amountOf(order, left))).toEqual({ ok: true, changed: true })
    expect((await stateOf(order.id)).order).toMatchObject({ paymentStatus: 'refunded' })
  })

  it('refuses an order not paid yet (CONFLICT cannotRefund), asking the provider nothing', async () => {
    const buyer = await callerAs(db(), 'customer', { services, cartSession: memoryCartSession() })
    await buyer.cart.add({ productId: productIds.get(panel.slug)!, quantity: 10 })
    const email = `buyer-${randomUUID()}@example.com`
    const created = await buyer.checkout.create({ shipping: { ...testShipping, email }, checkoutKey: randomUUID() })
    const pending = { id: created.orderId, email, sessionId: sessionIdOf(created.paymentUrl) }
    await expectRefused(pending, () => admin.admin.orders.refund(refundOf(pending.id, { kind: 'amount', amountCents: 100 })), {
      code: 'CONFLICT',
      message: messages.cannotRefund,
    })
  })
})

describe('who may refund', () => {
  it('only an admin: the buyer, another customer and a visitor are refused, and nothing changes', async () => {
    const order = await paidOrder()
    const customer = await callerAs(db(), 'customer', { services })
    const visitor = await callerAs(db(), 'anonymous', { services })
    await expectRefused(order, () => order.caller.admin.orders.refund(panelsOf(order, 2)), { code: 'FORBIDDEN', message: messages.notAllowed })
    await expectRefused(order, () => customer.admin.orders.refund(refundRest(order.id)), { code: 'FORBIDDEN', message: messages.notAllowed })
    await expectRefused(order, () => visitor.admin.orders.refund(amountOf(order, 100)), { code: 'UNAUTHORIZED', message: messages.signInRequired })
    expect(await codeOf(visitor.admin.orders.refund(refundRest(order.id)))).toMatch(/UNAUTHORIZED|FORBIDDEN/)
    expect((await stateOf(order.id)).order).toMatchObject({ paymentStatus: 'paid' })
    expect(await providerRefundsOf(order.sessionId)).toEqual([])
  })
})

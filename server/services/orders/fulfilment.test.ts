import { randomUUID } from 'node:crypto'
import { TRPCError } from '@trpc/server'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client.ts'
import { invoices, orderEvents, orders, refunds, shipments, testPaymentRefunds, testPaymentSessions } from '../../db/schema/index.ts'
import { seedProducts } from '../../db/seed-data.ts'
import { AppError } from '../../errors.ts'
import { memoryCartSession } from '../../trpc.ts'
import { createServices, type Services } from '../index.ts'
import { createEmailOutbox } from '../email-outbox.ts'
import { providerActor } from './events.ts'
import { createTestDatabase } from '../../../tests/helpers/db.ts'
import { recordingMailer } from '../../../tests/helpers/recording-mailer.ts'
import { testEnv } from '../../../tests/helpers/env.ts'
import { testPublicUrl } from '../../../tests/helpers/constants.ts'
import { testShipping } from '../../../tests/helpers/http-shopper.ts'
import { silentLog } from '../../../tests/helpers/silent-log.ts'
import { callerAs, insertUser } from '../../../tests/helpers/users.ts'
import type { SessionUser } from '../../trpc.ts'
import { messages, type AppMessage } from '../../../core/messages.ts'
import { formatEuros } from '../../../core/money.ts'
import { refundRest } from '../../../tests/helpers/orders.ts'

// Orders and fulfilment: an admin ships, delivers, cancels and refunds orders; each
// transition is one transaction, idempotent, refused with a clear CONFLICT when it does not apply,
// written on the order's timeline with who did it, and emailed to the buyer in the order's language.

let database: DatabaseHandle
let mail: ReturnType<typeof recordingMailer>
let services: Services
let adminUser: SessionUser
let admin: Awaited<ReturnType<typeof callerAs>>
let productId: string
let secondProductId: string
const product = seedProducts[0]!

beforeAll(async () => {
  database = await createTestDatabase()
  mail = recordingMailer()
  services = createServices(testEnv(), database.db, silentLog, { mailer: mail })
  adminUser = await insertUser(database.db, 'admin')
  admin = await callerAs(database.db, 'admin', { user: adminUser, services })
  const visitor = await callerAs(database.db, 'anonymous', { services })
  const listed = await visitor.catalog.products()
  productId = listed.find((p) => p.slug === product.slug)!.id
  secondProductId = listed.find((p) => p.slug === seedProducts[1]!.slug)!.id
})
afterAll(async () => {
  await database.close()
})

const db = () => database.db
const sessionIdOf = (paymentUrl: string | null) => decodeURIComponent(paymentUrl!.split('/test-payment/')[1]!)

/** A shopper's own services (their own rate limits, as each browser has), sending through the same mailer. */
const shopperServices = () => createServices(testEnv(), database.db, silentLog, { mailer: mail })

/** A customer's order waiting for payment, in their language, placed with an email of its own. */
async function placeOrder(language: 'es' | 'en' = 'es', shipping: Partial<typeof testShipping> = {}, secondLine = 0) {
  const buyer = await insertUser(db(), 'customer')
  const caller = await callerAs(db(), 'customer', { user: buyer, services: shopperServices(), cartSession: memoryCartSession(), language })
  await caller.cart.add({ productId, quantity: 2 })
  if (secondLine > 0) await caller.cart.add({ productId: secondProductId, quantity: secondLine })
  const email = shipping.email ?? `buyer-${randomUUID()}@example.com`
  const created = await caller.checkout.create({ shipping: { ...testShipping, ...shipping, email }, checkoutKey: randomUUID() })
  return { caller, buyer, email, id: created.orderId, number: created.orderNumber, sessionId: sessionIdOf(created.paymentUrl) }
}

/** The same, paid at the test provider and confirmed (with its invoice). */
async function paidOrder(language: 'es' | 'en' = 'es', shipping: Partial<typeof testShipping> = {}, secondLine = 0) {
  const order = await placeOrder(language, shipping, secondLine)
  await services.testPayments!.pay(order.sessionId)
  expect(await order.caller.checkout.confirm({ orderId: order.id, sessionId: order.sessionId })).toMatchObject({ status: 'confirmed' })
  return order
}

/** What the buyer was told about their order after paying (the confirmation is not one of these). */
const updatesTo = (email: string) => mail.sent.filter((m) => m.to === email && m.kind !== 'order-confirmation')

/** Everything a transition may write for an order: a refused one must leave it as it was. */
async function stateOf(orderId: string) {
  return {
    order: (await db().select().from(orders).where(eq(orders.id, orderId)))[0],
    events: await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.createdAt),
    invoices: await db().select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(invoices.number),
    shipments: await db().select().from(shipments).where(eq(shipments.orderId, orderId)),
    refunds: await db().select().from(refunds).where(eq(refunds.orderId, orderId)),
  }
}

/** The test provider's refunds of a payment session, oldest first. */
const providerRefundsOf = (sessionId: string) =>
  db().select().from(testPaymentRefunds).where(eq(testPaymentRefunds.sessionId, sessionId)).orderBy(testPaymentRefunds.createdAt)

/** The code and the message (core/messages.ts) a call is refused with. */
async function refusalOf(call: Promise<unknown>): Promise<{ code: string; message: AppMessage | null }> {
  try {
    await call
  } catch (error) {
    if (error instanceof TRPCError) return { code: error.code, message: error.cause instanceof AppError ? error.cause.userMessage : null }
    throw error
  }
  throw new Error('expected the call to be refused')
}

/** A refused call changes nothing and emails nobody. */
async function expectRefused(order: { id: string; email: string }, call: () => Promise<unknown>, expected: { code: string; message?: AppMessage }) {
  const before = await stateOf(order.id)
  const mails = updatesTo(order.email).length
  const refusal = await refusalOf(call())
  expect(refusal.code).toBe(expected.code)
  if (expected.message) expect(refusal.message).toBe(expected.message)
  expect(await stateOf(order.id)).toEqual(before)
  expect(updatesTo(order.email)).toHaveLength(mails)
}

describe('shipping', () => {
  it('ships a paid order with its carrier and tracking number, emails the buyer in Spanish and shows it on their orders', async () => {
    const order = await paidOrder('es')
    expect(await admin.admin.orders.ship({ id: order.id, carrier: '  SEUR  ', tracking: 'ES-123 456' })).toEqual({ ok: true, changed: true })
    const { order: row, shipments: sent } = await stateOf(order.id)
    expect(row).toMatchObject({ status: 'shipped', paymentStatus: 'paid' })
    expect(sent).toMatchObject([{ carrier: 'SEUR', tracking: 'ES-123 456' }])
    expect(sent[0]!.shippedAt).toBeInstanceOf(Date)

    const [mine] = await order.caller.orders.list()
    expect(mine).toMatchObject({
      id: order.id,
      status: 'shipped',
      shipments: [{ carrier: 'SEUR', carrierCode: 'seur', tracking: 'ES-123 456', shippedAt: sent[0]!.shippedAt.toISOString() }],
    })
    // The whole order in one shipment: its two panels.
    expect(mine!.shipments[0]!.lines).toEqual([{ itemId: mine!.items[0]!.id, quantity: 2 }])

    const [email] = updatesTo(order.email)
    expect(updatesTo(order.email)).toHaveLength(1)
    expect(email!.subject).toBe(`Su pedido ${order.number} está en camino`)
    expect(email!.text).toContain('Transportista: SEUR')
    expect(email!.text).toContain('Número de seguimiento: ES-123 456')
    // A carrier on the list: the email leads to its tracking page for the number (spaces dropped).
    expect(email!.text).toContain('Seguir el envío: https://www.seur.com/livetracking/?segOnlineIdentificador=ES-123456&segOnlineIdioma=es')
    expect(email!.html).toContain('href="https://www.seur.com/livetracking/?segOnlineIdentificador=ES-123456&#38;segOnlineIdioma=es"')
    expect(email!.text).not.toContain('Este envío lleva')
    expect(email!.html).toContain('lang="es"')
  })

  it('ships without carrier or tracking; the English buyer is told in English, with the English orders page', async () => {
    const order = await paidOrder('en')
    expect(await admin.admin.orders.ship({ id: order.id, carrier: '', tracking: '   ' })).toEqual({ ok: true, changed: true })
    const after = await stateOf(order.id)
    expect(after.order).toMatchObject({ status: 'shipped' })
    expect(after.shipments).toMatchObject([{ carrier: null, tracking: null }])
    const [email] = updatesTo(order.email)
    expect(email!.subject).toBe(`Your order ${order.number} is on its way`)
    expect(email!.text).toContain(`We have shipped your order ${order.number}.`)
    expect(email!.text).not.toContain('Carrier')
    expect(email!.text).not.toContain('Tracking')
    expect(email!.text).toContain(`${testPublicUrl}/en/orders`)
  })

  it('changes nothing when asked again: no second email, no second event, the first tracking number kept', async () => {
    const order = await paidOrder()
    await admin.admin.orders.ship({ id: order.id, tracking: 'FIRST' })
    const after = await stateOf(order.id)
    expect(await admin.admin.orders.ship({ id: order.id, tracking: 'SECOND' })).toEqual({ ok: true, changed: false })
    expect(await stateOf(order.id)).toEqual(after)
    expect(updatesTo(order.email)).toHaveLength(1)
  })

  it('ships once when two admins ship at the same moment: one email, one event', async () => {
    const order = await paidOrder()
    const other = await callerAs(db(), 'admin', { services })
    const results = await Promise.all([
      admin.admin.orders.ship({ id: order.id, carrier: 'MRW' }),
      other.admin.orders.ship({ id: order.id, carrier: 'GLS' }),
    ])
    expect(results.map((r) => r.changed).sort()).toEqual([false, true])
    const { shipments: sent, events } = await stateOf(order.id)
    expect(sent).toHaveLength(1)
    expect(events.filter((e) => e.type === 'shipped')).toHaveLength(1)
    expect(events.find((e) => e.type === 'shipped')!.details).toEqual({ carrier: sent[0]!.carrier, panels: '2' })
    expect(updatesTo(order.email)).toHaveLength(1)
  })

  it('refuses an unpaid order and a cancelled one (CONFLICT), changing nothing and emailing nobody', async () => {
    const pending = await placeOrder()
    await expectRefused(pending, () => admin.admin.orders.ship({ id: pending.id, carrier: 'SEUR' }), {
      code: 'CONFLICT',
      message: messages.cannotShip,
    })
    await admin.admin.orders.cancel({ id: pending.id })
    await expectRefused(pending, () => admin.admin.orders.ship({ id: pending.id }), { code: 'CONFLICT', message: messages.cannotShip })
  })

  it('refuses a carrier or tracking number over 80 characters (BAD_REQUEST), changing nothing', async () => {
    const order = await paidOrder()
    await expectRefused(order, () => admin.admin.orders.ship({ id: order.id, tracking: 'X'.repeat(81) }), { code: 'BAD_REQUEST' })
    await expectRefused(order, () => admin.admin.orders.ship({ id: order.id, carrier: 'Y'.repeat(81) }), { code: 'BAD_REQUEST' })
    expect(await admin.admin.orders.ship({ id: order.id, tracking: 'X'.repeat(80) })).toEqual({ ok: true, changed: true })
  })

  it('answers NOT_FOUND for an order that does not exist', async () => {
    expect((await refusalOf(admin.admin.orders.ship({ id: randomUUID() }))).code).toBe('NOT_FOUND')
  })

  it('keeps the order shipped when the email cannot be sent, and sends the email once the mail server is back', async () => {
    const order = await paidOrder()
    mail.failing = true
    try {
      expect(await admin.admin.orders.ship({ id: order.id, carrier: 'SEUR' })).toEqual({ ok: true, changed: true })
    } finally {
      mail.failing = false
    }
    const shippedState = await stateOf(order.id)
    expect(shippedState.order).toMatchObject({ status: 'shipped' })
    expect(shippedState.shipments).toMatchObject([{ carrier: 'SEUR' }])
    expect(updatesTo(order.email)).toHaveLength(0)
    // Kept in the email outbox (ADR 019): the worker's pass once the retry is due sends it.
    const retry = createEmailOutbox(database.db, mail, { log: silentLog, clock: () => new Date(Date.now() + 31_000) })
    await retry.deliverDue()
    expect(updatesTo(order.email).map((m) => m.subject)).toEqual([`Su pedido ${order.number} está en camino`])
  })
})

describe('delivering', () => {
  it('marks a shipped order delivered, once, and tells the buyer', async () => {
    const order = await paidOrder('es')
    await admin.admin.orders.ship({ id: order.id })
    expect(await admin.admin.orders.deliver({ id: order.id })).toEqual({ ok: true, changed: true })
    expect(await admin.admin.orders.deliver({ id: order.id })).toEqual({ ok: true, changed: false })
    const { order: row, events } = await stateOf(order.id)
    expect(row).toMatchObject({ status: 'delivered', paymentStatus: 'paid' })
    expect(row!.deliveredAt).toBeInstanceOf(Date)
    expect(events.filter((e) => e.type === 'delivered')).toHaveLength(1)
    const emails = updatesTo(order.email)
    expect(emails.map((m) => m.subject)).toEqual([`Su pedido ${order.number} está en camino`, `Su pedido ${order.number} ha sido entregado`])
    expect((await order.caller.orders.get({ id: order.id })).deliveredAt).toBe(row!.deliveredAt!.toISOString())
  })

  it('refuses an order that was not shipped (CONFLICT), changing nothing', async () => {
    const order = await paidOrder()
    await expectRefused(order, () => admin.admin.orders.deliver({ id: order.id }), { code: 'CONFLICT', message: messages.cannotDeliver })
    const pending = await placeOrder()
    await expectRefused(pending, () => admin.admin.orders.deliver({ id: pending.id }), { code: 'CONFLICT', message: messages.cannotDeliver })
  })
})

describe('cancelling', () => {
  it('cancels an unpaid order after closing its payment page, names the admin and tells the buyer', async () => {
    const order = await placeOrder('en')
    expect(await admin.admin.orders.cancel({ id: order.id })).toEqual({ ok: true, changed: true })
    const { order: row, events } = await stateOf(order.id)
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'admin', paymentStatus: 'pending' })
    const [session] = await db().select().from(testPaymentSessions).where(eq(testPaymentSessions.id, order.sessionId))
    expect(session!.status).toBe('expired')
    expect(await services.testPayments!.pay(order.sessionId)).toBeNull()
    expect(events.at(-1)).toMatchObject({
      type: 'cancelled',
      actorKind: 'admin',
      actorId: adminUser.id,
      actorEmail: adminUser.email,
      details: { reason: 'admin' },
    })
    const [email] = updatesTo(order.email)
    expect(email!.subject).toBe(`Your order ${order.number} has been cancelled`)
    expect(email!.text).toContain('Nothing has been charged.')

    expect(await admin.admin.orders.cancel({ id: order.id })).toEqual({ ok: true, changed: false })
    expect(updatesTo(order.email)).toHaveLength(1)
  })

  it('keeps an order whose payment went through before the cancel: CONFLICT, paid, no cancel email', async () => {
    const order = await placeOrder()
    // The buyer paid a moment ago; the shop has not heard of it yet.
    await services.testPayments!.pay(order.sessionId)
    const refusal = await refusalOf(admin.admin.orders.cancel({ id: order.id }))
    expect(refusal).toEqual({ code: 'CONFLICT', message: messages.orderPaidBeforeCancel })
    expect((await stateOf(order.id)).order).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', cancelReason: null })
    expect(updatesTo(order.email)).toHaveLength(0)
  })

  it('refuses a paid order (CONFLICT: it is refunded instead), changing nothing', async () => {
    const order = await paidOrder()
    await expectRefused(order, () => admin.admin.orders.cancel({ id: order.id }), { code: 'CONFLICT', message: messages.cannotCancel })
  })
})

describe('refunding', () => {
  it('refunds a paid order through the test provider, issues its corrective invoice and sends it to the buyer', async () => {
    const order = await paidOrder('es')
    expect(await admin.admin.orders.refund(refundRest(order.id))).toEqual({ ok: true, changed: true })
    const { order: row, events, invoices: issued, refunds: given } = await stateOf(order.id)
    // The money went back; the goods stay where they were (never sent).
    expect(row).toMatchObject({ status: 'confirmed', paymentStatus: 'refunded' })
    const corrective = issued.find((invoice) => invoice.kind === 'corrective')!
    expect(given).toMatchObject([
      {
        kind: 'order_payment',
        paymentSessionId: order.sessionId,
        amountCents: row!.totalCents,
        correctiveInvoiceId: corrective.id,
        reason: 'Devolución de prueba',
      },
    ])
    // The provider gave back the whole payment, once, under the key of the refund's row.
    const atProvider = await providerRefundsOf(order.sessionId)
    expect(atProvider).toMatchObject([{ amountCents: row!.totalCents, idempotencyKey: `refund:${given[0]!.id}` }])
    expect(given[0]!.providerRefundId).toBe(atProvider[0]!.id)
    expect(given[0]!.refundedAt).toBeInstanceOf(Date)
    const [mine] = await order.caller.orders.list()
    expect(mine).toMatchObject({
      paymentStatus: 'refunded',
      refunds: [{ kind: 'order_payment', amountCents: row!.totalCents, refundedAt: given[0]!.refundedAt!.toISOString() }],
    })
    expect(corrective.number).toMatch(/^R\d{4}-\d{6}$/)
    expect(corrective.totalCents).toBe(-row!.totalCents)
    expect(events.slice(-2)).toMatchObject([
      {
        type: 'refunded',
        actorKind: 'admin',
        actorEmail: adminUser.email,
        details: { refundId: atProvider[0]!.id, correctiveInvoice: corrective.number },
      },
      { type: 'invoice_issued', actorKind: 'system', details: { number: corrective.number, kind: 'corrective' } },
    ])
    const invoice = issued.find((i) => i.kind === 'invoice')!
    expect((await order.caller.orders.get({ id: order.id })).invoices).toMatchObject([
      { kind: 'invoice', number: invoice.number },
      { kind: 'corrective', number: corrective.number },
    ])

    const [email] = updatesTo(order.email)
    expect(email!.subject).toBe(`Reembolso de su pedido ${order.number}`)
    expect(email!.text).toContain(`Le hemos reembolsado ${formatEuros(row!.totalCents, 'es')} de su pedido ${order.number}`)
    expect(email!.text).toContain(`Adjuntamos la factura rectificativa ${corrective.number}.`)
    expect(email!.attachments).toHaveLength(1)
    expect(email!.attachments![0]).toMatchObject({ filename: `factura-${corrective.number}.pdf`, contentType: 'application/pdf' })
    expect(email!.attachments![0]!.content.subarray(0, 5).toString()).toBe('%PDF-')
  })

  it('refunds a delivered order too, and only once however often it is asked', async () => {
    const order = await paidOrder('en')
    await admin.admin.orders.ship({ id: order.id })
    await admin.admin.orders.deliver({ id: order.id })
    let asked = 0
    const counting = createServices(testEnv(), database.db, silentLog, {
      mailer: mail,
      payments: { ...services.payments, refund: (request) => (asked++, services.payments.refund(request)) },
    })
    const counted = await callerAs(db(), 'admin', { user: adminUser, services: counting })
    expect(await counted.admin.orders.refund(refundRest(order.id))).toEqual({ ok: true, changed: true })
    expect(await counted.admin.orders.refund(refundRest(order.id))).toEqual({ ok: true, changed: false })
    expect(asked).toBe(1)
    const { order: row, invoices: issued, events, refunds: given } = await stateOf(order.id)
    expect(row).toMatchObject({ status: 'delivered', paymentStatus: 'refunded' })
    expect(given).toHaveLength(1)
    expect(await providerRefundsOf(order.sessionId)).toMatchObject([{ amountCents: row!.totalCents }])
    expect(issued.filter((i) => i.kind === 'corrective')).toHaveLength(1)
    expect(events.filter((e) => e.type === 'refunded')).toHaveLength(1)
    const emails = updatesTo(order.email)
    expect(emails.map((m) => m.subject)).toEqual([
      `Your order ${order.number} is on its way`,
      `Your order ${order.number} has been delivered`,
      `Refund of your order ${order.number}`,
    ])
    expect(emails[2]!.text).toContain(`We have refunded ${formatEuros(row!.totalCents, 'en')} for your order ${order.number}`)
  })

  it('refunds once when two admins refund at the same moment: one refund, one corrective invoice, one email', async () => {
    const order = await paidOrder()
    const other = await callerAs(db(), 'admin', { services })
    const results = await Promise.all([admin.admin.orders.refund(refundRest(order.id)), other.admin.orders.refund(refundRest(order.id))])
    expect(results.map((r) => r.changed).sort()).toEqual([false, true])
    const { refunds: given, invoices: issued, events } = await stateOf(order.id)
    expect(given).toHaveLength(1)
    expect(given[0]!.refundedAt).toBeInstanceOf(Date)
    expect(await providerRefundsOf(order.sessionId)).toHaveLength(1)
    expect(issued.filter((i) => i.kind === 'corrective')).toHaveLength(1)
    expect(events.filter((e) => e.type === 'refunded')).toHaveLength(1)
    expect(updatesTo(order.email)).toHaveLength(1)
  })

  it('completes a refund a crash left half-way (the provider asked, the order not told) on the next click', async () => {
    const order = await paidOrder()
    const { order: row } = await stateOf(order.id)
    const request = refundRest(order.id)
    // The row taken before the provider was asked, the provider asked, then nothing more: the process died.
    const [taken] = await db()
      .insert(refunds)
      .values({
        orderId: order.id,
        kind: 'order_payment',
        paymentSessionId: order.sessionId,
        amountCents: row!.totalCents,
        reason: request.reason,
        requestKey: request.requestKey,
      })
      .returning({ id: refunds.id })
    const { refundId } = await services.payments.refund({ sessionId: order.sessionId, amountCents: row!.totalCents, key: `refund:${taken!.id}` })
    // The admin clicks again: the same request completes the refund, without giving back twice.
    expect(await admin.admin.orders.refund(request)).toEqual({ ok: true, changed: true })
    const after = await stateOf(order.id)
    expect(after.order).toMatchObject({ paymentStatus: 'refunded' })
    expect(after.refunds).toMatchObject([{ id: taken!.id, amountCents: row!.totalCents, providerRefundId: refundId }])
    expect(await providerRefundsOf(order.sessionId)).toMatchObject([{ id: refundId, amountCents: row!.totalCents }])
    expect(after.invoices.filter((i) => i.kind === 'corrective')).toHaveLength(1)
  })

  it('lets a shipped order that was refunded still be marked delivered: the goods arrive whatever happened to the money', async () => {
    const order = await paidOrder()
    await admin.admin.orders.ship({ id: order.id, tracking: 'T-1' })
    await admin.admin.orders.refund(refundRest(order.id))
    expect((await admin.admin.orders.get({ id: order.id })).allowed).toEqual({ ship: false, deliver: true, cancel: false, refund: false })
    expect(await admin.admin.orders.deliver({ id: order.id })).toEqual({ ok: true, changed: true })
    expect((await stateOf(order.id)).order).toMatchObject({ status: 'delivered', paymentStatus: 'refunded' })
  })

  it('changes nothing when the provider refuses the refund (SERVICE_UNAVAILABLE)', async () => {
    const order = await paidOrder()
    const refusing = createServices(testEnv(), database.db, silentLog, {
      mailer: mail,
      payments: {
        ...services.payments,
        refund: async () => {
          throw new Error('charge_already_refunded')
        },
      },
    })
    const caller = await callerAs(db(), 'admin', { user: adminUser, services: refusing })
    await expectRefused(order, () => caller.admin.orders.refund(refundRest(order.id)), {
      code: 'SERVICE_UNAVAILABLE',
      message: messages.refundFailed,
    })
    expect(await providerRefundsOf(order.sessionId)).toEqual([])
  })

  it('refuses an unpaid order and a cancelled one (CONFLICT), asking the provider nothing', async () => {
    let asked = 0
    const watching = createServices(testEnv(), database.db, silentLog, {
      mailer: mail,
      payments: { ...services.payments, refund: (request) => (asked++, services.payments.refund(request)) },
    })
    const caller = await callerAs(db(), 'admin', { user: adminUser, services: watching })
    const pending = await placeOrder()
    await expectRefused(pending, () => caller.admin.orders.refund(refundRest(pending.id)), { code: 'CONFLICT', message: messages.cannotRefund })
    await caller.admin.orders.cancel({ id: pending.id })
    await expectRefused(pending, () => caller.admin.orders.refund(refundRest(pending.id)), { code: 'CONFLICT', message: messages.cannotRefund })
    expect(asked).toBe(0)
  })
})

describe('shipments in parts', () => {
  /** A paid order of two lines: 2 panels of the first product, 3 of the second; its lines' ids in that order. */
  async function twoLineOrder(language: 'es' | 'en' = 'es') {
    const order = await paidOrder(language, {}, 3)
    const detail = await admin.admin.orders.get({ id: order.id })
    const [first, second] = detail.items
    expect([first!.quantity, second!.quantity]).toEqual([2, 3])
    return { ...order, first: first!, second: second! }
  }

  it('ships part of an order, then the rest: each shipment with its panels, carrier link and email; partially shipped until the last', async () => {
    const order = await twoLineOrder()
    const part = {
      id: order.id,
      carrier: 'correos express',
      tracking: 'CE 001',
      lines: [{ itemId: order.first.id, quantity: 1 }],
      requestKey: randomUUID(),
    }
    expect(await admin.admin.orders.ship(part)).toEqual({ ok: true, changed: true })
    let detail = await admin.admin.orders.get({ id: order.id })
    expect(detail).toMatchObject({ status: 'partially_shipped', paymentStatus: 'paid', allowed: { ship: true, deliver: false, refund: true } })
    expect(detail.leftToShip).toEqual([
      { itemId: order.first.id, quantity: 1 },
      { itemId: order.second.id, quantity: 3 },
    ])
    expect(detail.shipments).toMatchObject([
      { carrier: 'correos express', carrierCode: 'correos_express', tracking: 'CE 001', lines: [{ itemId: order.first.id, quantity: 1 }] },
    ])
    const [first] = updatesTo(order.email)
    expect(first!.subject).toBe(`Parte de su pedido ${order.number} está en camino`)
    expect(first!.text).toContain('Hemos enviado parte de su pedido')
    expect(first!.text).toContain(`Este envío lleva:\n1 × ${order.first.nameEs}`)
    expect(first!.text).not.toContain(order.second.nameEs)
    expect(first!.text).toContain('https://s.correosexpress.com/SeguimientoSinCP/search?shippingNumber=CE001')
    // The buyer's orders say it too.
    const [mine] = await order.caller.orders.list()
    expect(mine).toMatchObject({ status: 'partially_shipped', shipments: [{ lines: [{ itemId: order.first.id, quantity: 1 }] }] })

    // The rest: no lines named, everything left; another carrier, not on the list (no link).
    expect(await admin.admin.orders.ship({ id: order.id, carrier: 'Transportes Vega', tracking: 'TV-9' })).toEqual({ ok: true, changed: true })
    detail = await admin.admin.orders.get({ id: order.id })
    expect(detail).toMatchObject({ status: 'shipped', allowed: { ship: false, deliver: true } })
    expect(detail.leftToShip.map((line) => line.quantity)).toEqual([0, 0])
    expect(detail.shipments.map((shipment) => [shipment.carrierCode, shipment.lines])).toEqual([
      ['correos_express', [{ itemId: order.first.id, quantity: 1 }]],
      [
        null,
        [
          { itemId: order.first.id, quantity: 1 },
          { itemId: order.second.id, quantity: 3 },
        ],
      ],
    ])
    const rest = updatesTo(order.email)[1]!
    expect(rest.subject).toBe(`Su pedido ${order.number} está en camino`)
    expect(rest.text).toContain(`Hemos enviado el resto de su pedido ${order.number}.`)
    expect(rest.text).toContain(`3 × ${order.second.nameEs}`)
    expect(rest.text).toContain('Transportista: Transportes Vega')
    expect(rest.text).toContain(`${testPublicUrl}/orders`)
    expect(rest.text).not.toContain('Seguir el envío')
    const shipped = detail.timeline.filter((event) => event.type === 'shipped').map((event) => event.details.panels)
    expect(shipped).toEqual(['1', '4'])
    expect(await admin.admin.orders.deliver({ id: order.id })).toEqual({ ok: true, changed: true })
  })

  it('refuses more panels than a line has left, a line of another order, or none at all (BAD_REQUEST), changing nothing', async () => {
    const order = await twoLineOrder()
    const other = await twoLineOrder()
    const ship = (lines: Array<{ itemId: string; quantity: number }>) => () => admin.admin.orders.ship({ id: order.id, lines })
    await expectRefused(order, ship([{ itemId: order.first.id, quantity: 3 }]), { code: 'BAD_REQUEST', message: messages.shipmentTooManyPanels })
    await expectRefused(order, ship([{ itemId: other.first.id, quantity: 1 }]), { code: 'BAD_REQUEST', message: messages.shipmentUnknownLine })
    await expectRefused(order, ship([{ itemId: order.first.id, quantity: 0 }]), { code: 'BAD_REQUEST', message: messages.shipmentNothingChosen })
    await expectRefused(order, ship([{ itemId: order.first.id, quantity: -1 }]), { code: 'BAD_REQUEST' })
    // Asked for exactly what is left: it is the whole order, shipped.
    expect(
      await admin.admin.orders.ship({
        id: order.id,
        lines: [
          { itemId: order.first.id, quantity: 2 },
          { itemId: order.second.id, quantity: 3 },
        ],
      }),
    ).toEqual({ ok: true, changed: true })
    expect((await stateOf(order.id)).order).toMatchObject({ status: 'shipped' })
  })

  it('records the same shipment once when its request comes twice (a double click, a retry)', async () => {
    const order = await twoLineOrder()
    const request = { id: order.id, lines: [{ itemId: order.second.id, quantity: 2 }], requestKey: randomUUID() }
    const results = await Promise.all([admin.admin.orders.ship(request), admin.admin.orders.ship(request)])
    expect(results.map((result) => result.changed).sort()).toEqual([false, true])
    expect(await admin.admin.orders.ship(request)).toEqual({ ok: true, changed: false })
    const { shipments: sent, order: row } = await stateOf(order.id)
    expect(sent).toHaveLength(1)
    expect(row).toMatchObject({ status: 'partially_shipped' })
    expect(updatesTo(order.email)).toHaveLength(1)
  })

  it('never ships more panels than ordered when two admins ship at once', async () => {
    const order = await twoLineOrder()
    const results = await Promise.allSettled([
      admin.admin.orders.ship({ id: order.id, lines: [{ itemId: order.second.id, quantity: 3 }], requestKey: randomUUID() }),
      admin.admin.orders.ship({ id: order.id, lines: [{ itemId: order.second.id, quantity: 2 }], requestKey: randomUUID() }),
    ])
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    const refused = results.find((result) => result.status === 'rejected')
    expect(refused && (refused.reason as TRPCError).code).toBe('CONFLICT')
    const { shipments: sent } = await stateOf(order.id)
    expect(sent).toHaveLength(1)
    expect(sent[0]!.lines.every((line) => line.itemId === order.second.id && line.quantity <= 3)).toBe(true)
    expect(updatesTo(order.email)).toHaveLength(1)
  })

  it('does not ship panels refunded before shipping: the rest is the whole shipment', async () => {
    const order = await twoLineOrder('en')
    await admin.admin.orders.refund({
      id: order.id,
      requestKey: randomUUID(),
      reason: 'The customer no longer wants one panel',
      what: { kind: 'lines', lines: [{ itemId: order.second.id, quantity: 1 }], delivery: false },
    })
    const detail = await admin.admin.orders.get({ id: order.id })
    expect(detail.leftToShip.map((line) => line.quantity)).toEqual([2, 2])
    expect(await admin.admin.orders.ship({ id: order.id, carrier: 'DHL', tracking: '123 456' })).toEqual({ ok: true, changed: true })
    const { order: row, shipments: sent } = await stateOf(order.id)
    expect(row).toMatchObject({ status: 'shipped', paymentStatus: 'partially_refunded' })
    expect(sent[0]!.lines.map((line) => line.quantity)).toEqual([2, 2])
    // An English buyer follows DHL's page in English; the whole of what was left needs no list.
    const email = updatesTo(order.email).find((m) => m.kind === 'order-shipped')!
    expect(email.text).toContain('Track the shipment: https://www.dhl.com/es-en/home/tracking/tracking-parcel.html?submit=1&tracking-id=123456')
    expect(email.text).toContain(`We have shipped your order ${order.number}.`)
  })
})

describe('the timeline', () => {
  it('tells every change of an order, oldest first, with who made it', async () => {
    const order = await paidOrder()
    await admin.admin.orders.ship({ id: order.id, carrier: 'SEUR', tracking: 'T-1' })
    const detail = await admin.admin.orders.get({ id: order.id })
    const [invoice] = detail.invoices
    expect(detail).toMatchObject({
      id: order.id,
      status: 'shipped',
      paymentReference: order.sessionId,
      orderRefunds: [],
      allowed: { ship: false, deliver: true, cancel: false, refund: true },
    })
    expect(detail.timeline.map((e) => [e.type, e.actor.kind, e.actor.email, e.details])).toEqual([
      ['created', 'customer', order.buyer.email, {}],
      ['paid', 'provider', null, { sessionId: order.sessionId }],
      ['invoice_issued', 'system', null, { number: invoice!.number, kind: 'invoice' }],
      ['shipped', 'admin', adminUser.email, { carrier: 'SEUR', tracking: 'T-1', panels: '2' }],
    ])
    const times = detail.timeline.map((e) => e.at)
    expect([...times].sort()).toEqual(times)

    await admin.admin.orders.refund(refundRest(order.id))
    const refunded = await admin.admin.orders.get({ id: order.id })
    // Refunded on its way: the panels may still arrive, and the admin can say so.
    expect(refunded).toMatchObject({
      status: 'shipped',
      paymentStatus: 'refunded',
      orderRefunds: [{ amountCents: refunded.totalCents, reference: (await providerRefundsOf(order.sessionId))[0]!.id }],
      refundable: { amountCents: 0 },
      allowed: { ship: false, deliver: true, cancel: false, refund: false },
    })
    expect(refunded.timeline.slice(-2).map((e) => e.type)).toEqual(['refunded', 'invoice_issued'])
  })

  it('names the buyer when they cancel, and the shop when the payment lapses', async () => {
    const byBuyer = await placeOrder()
    await byBuyer.caller.orders.cancel({ id: byBuyer.id })
    expect((await admin.admin.orders.get({ id: byBuyer.id })).timeline.at(-1)).toMatchObject({
      type: 'cancelled',
      actor: { kind: 'customer', email: byBuyer.buyer.email },
      details: { reason: 'buyer' },
    })

    const lapsed = await placeOrder()
    await db()
      .update(orders)
      .set({ paymentExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, lapsed.id))
    await services.orders.expireLapsed({ now: new Date() }, { log: silentLog })
    expect((await admin.admin.orders.get({ id: lapsed.id })).timeline.at(-1)).toMatchObject({
      type: 'cancelled',
      actor: { kind: 'system', email: null },
      details: { reason: 'expired' },
    })
    // The shop emails only for its own cancels: neither of these.
    expect(updatesTo(byBuyer.email)).toHaveLength(0)
    expect(updatesTo(lapsed.email)).toHaveLength(0)
  })

  it('tells a failed payment, as the provider reported it', async () => {
    const order = await placeOrder()
    const providerEvent = { id: `evt_${randomUUID()}`, type: 'checkout.session.async_payment_failed' }
    expect(await services.orders.transition({ orderId: order.id, event: 'fail', actor: providerActor, facts: { providerEvent } })).toMatchObject({
      result: 'applied',
    })
    expect((await admin.admin.orders.get({ id: order.id })).timeline.at(-1)).toMatchObject({
      type: 'payment_failed',
      actor: { kind: 'provider', email: null },
      details: { event: 'checkout.session.async_payment_failed' },
    })
  })

  it('names the guest by the email the order was placed with', async () => {
    const caller = await callerAs(db(), 'anonymous', { services: shopperServices(), cartSession: memoryCartSession() })
    await caller.cart.add({ productId, quantity: 1 })
    const email = `guest-${randomUUID()}@example.com`
    const created = await caller.checkout.create({ shipping: { ...testShipping, email }, checkoutKey: randomUUID() })
    const [created_] = await db()
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, created.orderId), eq(orderEvents.type, 'created')))
    expect(created_).toMatchObject({ actorKind: 'customer', actorId: null, actorEmail: email })
  })
})

describe('the admin orders list', () => {
  const token = randomUUID().slice(0, 8)
  let shipped: Awaited<ReturnType<typeof paidOrder>>
  let refunded: Awaited<ReturnType<typeof paidOrder>>
  let pending: Awaited<ReturnType<typeof placeOrder>>
  beforeAll(async () => {
    shipped = await paidOrder('es', { full_name: `Zoe 50% Ruiz ${token}` })
    refunded = await paidOrder('es', { full_name: `Marta Gil ${token}`, email: `marta-${token}@example.com` })
    pending = await placeOrder('es', { full_name: `Pau Roig ${token}` })
    await admin.admin.orders.ship({ id: shipped.id })
    await admin.admin.orders.refund(refundRest(refunded.id))
    // Days in Madrid: 23:30 UTC on 10 March 2031 is already 11 March there (UTC+1).
    const at = (iso: string, id: string) =>
      db()
        .update(orders)
        .set({ createdAt: new Date(iso) })
        .where(eq(orders.id, id))
    await at('2031-03-10T23:30:00Z', shipped.id)
    await at('2031-03-12T10:00:00Z', refunded.id)
    await at('2031-03-12T22:59:59Z', pending.id)
  })
  type Filters = {
    status?: 'pending' | 'confirmed' | 'shipped' | 'delivered'
    paymentStatus?: 'pending' | 'paid' | 'refunded'
    from?: string
    to?: string
    search?: string
  }
  const numbers = async (filters: Filters) => (await admin.admin.orders.list({ page: 1, ...filters })).orders.map((o) => o.orderNumber).sort()

  it('filters by status and by payment status', async () => {
    expect(await numbers({ search: token, status: 'shipped' })).toEqual([shipped.number])
    // Refunded before it was sent: still confirmed on the goods' axis.
    expect(await numbers({ search: token, status: 'confirmed' })).toEqual([refunded.number])
    expect(await numbers({ search: token, paymentStatus: 'refunded' })).toEqual([refunded.number])
    expect(await numbers({ search: token, paymentStatus: 'paid' })).toEqual([shipped.number])
    expect(await numbers({ search: token, status: 'pending', paymentStatus: 'pending' })).toEqual([pending.number])
    expect(await numbers({ search: token, status: 'delivered' })).toEqual([])
  })

  it('filters by whole days in Madrid, both ends included', async () => {
    expect(await numbers({ search: token, from: '2031-03-11', to: '2031-03-11' })).toEqual([shipped.number])
    expect(await numbers({ search: token, to: '2031-03-10' })).toEqual([])
    // 22:59:59 UTC on 12 March is 23:59:59 in Madrid: still the 12th.
    expect(await numbers({ search: token, from: '2031-03-12', to: '2031-03-12' })).toEqual([pending.number, refunded.number].sort())
    expect(await numbers({ search: token, from: '2031-03-13' })).toEqual([])
    const page = await admin.admin.orders.list({ page: 1, search: token, from: '2031-03-11' })
    expect(page).toMatchObject({ page: 1, pageSize: 25, total: 3, pageCount: 1 })
    expect(page.orders[0]).toEqual({
      id: pending.id,
      orderNumber: pending.number,
      createdAt: '2031-03-12T22:59:59.000Z',
      customerName: `Pau Roig ${token}`,
      customerEmail: pending.email,
      totalCents: 2 * product.priceRetailCents,
      status: 'pending',
      paymentStatus: 'pending',
      panels: 2,
    })
  })

  it('refuses a range whose start is after its end (BAD_REQUEST)', async () => {
    expect((await refusalOf(admin.admin.orders.list({ page: 1, from: '2031-03-12', to: '2031-03-11' }))).code).toBe('BAD_REQUEST')
    expect((await refusalOf(admin.admin.orders.list({ page: 1, from: '2031-3-1' }))).code).toBe('BAD_REQUEST')
    expect((await refusalOf(admin.admin.orders.list({ page: 1, search: 'x'.repeat(101) }))).code).toBe('BAD_REQUEST')
  })

  it('searches order numbers, emails and names in any case, with % and _ taken literally', async () => {
    expect(await numbers({ search: `  zoe 50% ruiz ${token.toUpperCase()} ` })).toEqual([shipped.number])
    expect(await numbers({ search: `MARTA-${token}@EXAMPLE` })).toEqual([refunded.number])
    expect(await numbers({ search: refunded.number.slice(4).toLowerCase() })).toEqual([refunded.number])
    // As wildcards, `Z_e` and `%` would match these orders' names.
    expect(await numbers({ search: `Z_e 50% Ruiz ${token}` })).toEqual([])
    expect(await numbers({ search: `Marta%${token}` })).toEqual([])
    expect(await numbers({ search: `50% Ruiz ${token}` })).toEqual([shipped.number])
  })
})

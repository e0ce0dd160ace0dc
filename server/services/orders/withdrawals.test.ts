import { TRPCError } from '@trpc/server'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client.ts'
import { orderEvents, orders, withdrawals } from '../../db/schema/index.ts'
import { AppError } from '../../errors.ts'
import { createServices, type Services } from '../index.ts'
import { paymentLinkKey, paymentLinkToken } from './payment-links.ts'
import { readWithdrawalToken, withdrawalToken } from './withdrawals.ts'
import { listAllOrders } from './views.ts'
import { adminSummary } from '../admin-summary.ts'
import { createTestDatabase } from '../../../tests/helpers/db.ts'
import { recordingMailer } from '../../../tests/helpers/recording-mailer.ts'
import { testEnv } from '../../../tests/helpers/env.ts'
import { testPublicUrl } from '../../../tests/helpers/constants.ts'
import { insertOrderLine, insertOrderRow } from '../../../tests/helpers/orders.ts'
import { silentLog } from '../../../tests/helpers/silent-log.ts'
import { callerAs, insertUser } from '../../../tests/helpers/users.ts'
import { messages } from '../../../core/messages.ts'
import type { OrderStatus, PaymentStatus } from '../../../core/order-flow.ts'

// The buyer's withdrawal (docs/product.md#withdrawal): within 14 days of delivery, once, through the
// order's signed link or the buyer's account; acknowledged to the buyer at once and told to the shop.

const notifyEnv = { ORDER_NOTIFY_EMAILS: 'pedidos@panelestorrevieja.es, almacen@panelestorrevieja.es' }
let database: DatabaseHandle
let mail: ReturnType<typeof recordingMailer>
let services: Services
const key = paymentLinkKey(testEnv().BETTER_AUTH_SECRET)
const day = 24 * 3_600_000

beforeAll(async () => {
  database = await createTestDatabase()
  mail = recordingMailer()
  services = createServices(testEnv(notifyEnv), database.db, silentLog, { mailer: mail })
})
afterAll(async () => {
  await database.close()
})

const db = () => database.db
let counter = 0

/** A paid order of two panels, delivered `daysAgo` days ago (null: not delivered yet), in `language`. */
async function order(
  opts: { daysAgo?: number | null; status?: OrderStatus; paymentStatus?: PaymentStatus; language?: 'es' | 'en'; userId?: string | null } = {},
) {
  counter += 1
  const email = `guest-${counter}@example.com`
  const daysAgo = opts.daysAgo === undefined ? 3 : opts.daysAgo
  const id = await insertOrderRow(db(), {
    customerEmail: email,
    customerName: 'Marta Soler',
    status: opts.status ?? (daysAgo === null ? 'confirmed' : 'delivered'),
    paymentStatus: opts.paymentStatus ?? 'paid',
    deliveredAt: daysAgo === null ? null : new Date(Date.now() - daysAgo * day),
    language: opts.language ?? 'es',
    userId: opts.userId ?? null,
  })
  await insertOrderLine(db(), id, 2)
  const [row] = await db().select({ number: orders.orderNumber }).from(orders).where(eq(orders.id, id))
  return { id, email, number: row!.number, token: withdrawalToken(key, id) }
}

const statement = (email: string, comment = '') => ({ name: 'Marta Soler', email, comment })
const mailAbout = (number: string) => mail.sent.filter((message) => message.subject.includes(number))
const rowsOf = (orderId: string) => db().select().from(withdrawals).where(eq(withdrawals.orderId, orderId))
const eventsOf = (orderId: string) => db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId))

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(TRPCError)
  return error as TRPCError
}

describe('a guest withdrawing through the order’s link', () => {
  it('within the 14 days: one row, the timeline, the acknowledgment and the shop’s alert, once', async () => {
    const guest = await callerAs(db(), 'anonymous', { services })
    const placed = await order({ language: 'en' })
    const page = await guest.orders.withdrawal({ token: placed.token })
    expect(page).toMatchObject({ orderNumber: placed.number, customerEmail: placed.email, state: 'open', withdrawal: null })
    expect(new Date(page.until!).getTime()).toBeGreaterThan(Date.now() + 10 * day)

    const answer = await guest.orders.withdraw({ token: placed.token, ...statement(placed.email, 'The colour does not match') })
    expect(answer.result).toBe('withdrawn')

    const rows = await rowsOf(placed.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ channel: 'link', userId: null, name: 'Marta Soler', email: placed.email, comment: 'The colour does not match' })
    const withdrawn = (await eventsOf(placed.id)).filter((event) => event.type === 'withdrawn')
    expect(withdrawn).toHaveLength(1)
    expect(withdrawn[0]).toMatchObject({
      actorKind: 'customer',
      actorEmail: placed.email,
      details: { channel: 'link', comment: 'The colour does not match' },
    })

    const sent = mailAbout(placed.number)
    expect(sent.map((message) => message.kind).sort()).toEqual(['order-withdrawal-alert', 'order-withdrawal-received'])
    const receipt = sent.find((message) => message.kind === 'order-withdrawal-received')!
    expect(receipt.to).toBe(placed.email)
    // In the order's language: what, when, the comment, and what happens next.
    expect(receipt.subject).toBe(`We have received your withdrawal from order ${placed.number}`)
    expect(receipt.text).toContain('2 × Panel de prueba')
    expect(receipt.text).toMatch(/on \d{1,2} \w+ \d{4}(,| at) \d{2}:\d{2}/)
    expect(receipt.text).toContain('Your comment: The colour does not match')
    expect(receipt.text).toContain('within 14 days of receiving your withdrawal')
    expect(receipt.text).toContain(`${testPublicUrl}/en/returns`)
    const alert = sent.find((message) => message.kind === 'order-withdrawal-alert')!
    expect(alert.to).toBe(notifyEnv.ORDER_NOTIFY_EMAILS)
    expect(alert.replyTo).toEqual({ name: 'Marta Soler', address: placed.email })
    expect(alert.subject).toBe(`Desistimiento del pedido ${placed.number}`)
    expect(alert.text).toContain(`${testPublicUrl}/admin/orders/${placed.id}`)
    expect(alert.text).toContain('Comentario: The colour does not match')

    // The page now says when; a second withdrawal changes nothing and emails nobody.
    expect(await guest.orders.withdrawal({ token: placed.token })).toMatchObject({
      state: 'withdrawn',
      withdrawal: { at: rows[0]!.createdAt.toISOString() },
    })
    const again = await guest.orders.withdraw({ token: placed.token, ...statement(placed.email, 'again') })
    expect(again).toEqual({ result: 'already', at: rows[0]!.createdAt.toISOString() })
    expect(await rowsOf(placed.id)).toHaveLength(1)
    expect((await eventsOf(placed.id)).filter((event) => event.type === 'withdrawn')).toHaveLength(1)
    expect(mailAbout(placed.number)).toHaveLength(2)
  })

  it('before delivery too, in Spanish for a Spanish order, to both addresses when the statement gives another', async () => {
    const guest = await callerAs(db(), 'anonymous', { services })
    const placed = await order({ daysAgo: null })
    expect(await guest.orders.withdrawal({ token: placed.token })).toMatchObject({ state: 'open', until: null })
    await guest.orders.withdraw({ token: placed.token, ...statement('otra@example.com') })
    const receipt = mailAbout(placed.number).find((message) => message.kind === 'order-withdrawal-received')!
    expect(receipt.to).toBe(`otra@example.com, ${placed.email}`)
    expect(receipt.subject).toBe(`Hemos recibido su desistimiento del pedido ${placed.number}`)
    expect(receipt.text).not.toContain('Su comentario')
  })

  it('is refused after the 14 days, and for orders unpaid, cancelled or refunded, changing nothing', async () => {
    const guest = await callerAs(db(), 'anonymous', { services })
    const cases = [
      [await order({ daysAgo: 16 }), 'expired'],
      [await order({ daysAgo: null, status: 'pending', paymentStatus: 'pending' }), 'unpaid'],
      [await order({ daysAgo: null, status: 'cancelled', paymentStatus: 'pending' }), 'cancelled'],
      [await order({ paymentStatus: 'refunded' }), 'refunded'],
    ] as const
    for (const [placed, reason] of cases) {
      expect(await guest.orders.withdrawal({ token: placed.token }), reason).toMatchObject({ state: 'closed', reason })
      const error = await refusal(guest.orders.withdraw({ token: placed.token, ...statement(placed.email) }))
      expect(error.code, reason).toBe('CONFLICT')
      expect(error.cause instanceof AppError ? error.cause.userMessage : null, reason).toBe(messages.withdrawalClosed)
      expect(await rowsOf(placed.id), reason).toHaveLength(0)
      expect(
        (await eventsOf(placed.id)).filter((event) => event.type === 'withdrawn'),
        reason,
      ).toHaveLength(0)
      expect(mailAbout(placed.number), reason).toHaveLength(0)
    }
  })

  it('refuses a forged or tampered token, and a payment link’s token', async () => {
    const guest = await callerAs(db(), 'anonymous', { services })
    const placed = await order()
    const [id, signature] = placed.token.split('.') as [string, string]
    const other = await order()
    const tampered = [
      `${other.id}.${signature}`,
      `${id}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      `${id}.${'x'.repeat(43)}`,
      id,
      paymentLinkToken(key, id, new Date(Date.now() + day)),
      `${id}.${paymentLinkToken(key, id, new Date(Date.now() + day)).split('.')[2]}`,
    ]
    for (const token of tampered) {
      expect(readWithdrawalToken(key, token), token).toBeNull()
      expect((await refusal(guest.orders.withdrawal({ token }))).code, token).toBe('NOT_FOUND')
      expect((await refusal(guest.orders.withdraw({ token, ...statement(placed.email) }))).code, token).toBe('NOT_FOUND')
    }
    expect(await rowsOf(placed.id)).toHaveLength(0)
    expect(await rowsOf(other.id)).toHaveLength(0)
    // Another secret signs other links.
    expect(readWithdrawalToken(paymentLinkKey('another-secret-that-is-long-enough-0123'), placed.token)).toBeNull()
  })

  it('refuses bad input with its message, changing nothing', async () => {
    const guest = await callerAs(db(), 'anonymous', { services })
    const placed = await order()
    const error = await refusal(guest.orders.withdraw({ token: placed.token, name: '', email: 'not-an-email', comment: '' }))
    expect(error.code).toBe('BAD_REQUEST')
    expect(await rowsOf(placed.id)).toHaveLength(0)
  })
})

describe('a signed-in buyer', () => {
  it('withdraws from their own order by its id; /orders shows it', async () => {
    const buyer = await insertUser(db(), 'customer')
    const caller = await callerAs(db(), 'customer', { user: buyer, services })
    const placed = await order({ userId: buyer.id })
    const listed = (await caller.orders.list()).find((row) => row.id === placed.id)!
    expect(listed.withdrawal).toBeNull()
    expect(new Date(listed.withdrawalUntil!).getTime()).toBeGreaterThan(Date.now())
    expect((await caller.orders.withdraw({ id: placed.id, ...statement(placed.email) })).result).toBe('withdrawn')
    expect((await rowsOf(placed.id))[0]).toMatchObject({ channel: 'account', userId: buyer.id })
    const event = (await eventsOf(placed.id)).find((row) => row.type === 'withdrawn')!
    expect(event).toMatchObject({ actorKind: 'customer', actorId: buyer.id, actorEmail: buyer.email })
    expect((await caller.orders.list()).find((row) => row.id === placed.id)!.withdrawal).toMatchObject({ channel: 'account' })
  })

  it('cannot withdraw from another buyer’s order, nor can an admin or a visitor by id', async () => {
    const owner = await insertUser(db(), 'customer')
    const placed = await order({ userId: owner.id })
    const stranger = await callerAs(db(), 'customer', { services })
    const admin = await callerAs(db(), 'admin', { services })
    const visitor = await callerAs(db(), 'anonymous', { services })
    expect((await refusal(stranger.orders.withdraw({ id: placed.id, ...statement(placed.email) }))).code).toBe('NOT_FOUND')
    expect((await refusal(admin.orders.withdraw({ id: placed.id, ...statement(placed.email) }))).code).toBe('NOT_FOUND')
    expect((await refusal(visitor.orders.withdraw({ id: placed.id, ...statement(placed.email) }))).code).toBe('UNAUTHORIZED')
    expect(await rowsOf(placed.id)).toHaveLength(0)
    expect(mailAbout(placed.number)).toHaveLength(0)
  })
})

describe('the order’s emails and the admin', () => {
  it('the delivered email gives the last day and the order’s withdrawal link, in the order’s language', async () => {
    const placed = await order({ daysAgo: null, status: 'shipped', language: 'en' })
    await services.orders.deliver({ id: placed.id }, { actor: { kind: 'admin', id: null, email: 'admin@example.com' }, log: silentLog })
    const delivered = mail.sent.find((message) => message.kind === 'order-delivered' && message.subject.includes(placed.number))!
    expect(delivered.to).toBe(placed.email)
    expect(delivered.text).toContain(`${testPublicUrl}/en/withdraw/${placed.token}`)
    const lastDay = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/Madrid' }).format(new Date(Date.now() + 14 * day))
    expect(delivered.text).toContain(`You may withdraw from the contract without giving a reason until ${lastDay}`)
  })

  it('the admin home counts withdrawn orders still to refund, and the orders list filters exactly those', async () => {
    const before = await adminSummary(db())
    const guest = await callerAs(db(), 'anonymous', { services })
    const toRefund = await order()
    const refunded = await order()
    await guest.orders.withdraw({ token: toRefund.token, ...statement(toRefund.email) })
    await guest.orders.withdraw({ token: refunded.token, ...statement(refunded.email) })
    await db().update(orders).set({ paymentStatus: 'refunded' }).where(eq(orders.id, refunded.id))
    expect((await adminSummary(db())).withdrawalsPending).toBe(before.withdrawalsPending + 1)
    const pending = (await listAllOrders(db(), { page: 1, withdrawal: 'pending' })).orders.map((row) => row.id)
    expect(pending).toContain(toRefund.id)
    expect(pending).not.toContain(refunded.id)
    expect(pending).toHaveLength(before.withdrawalsPending + 1)
    expect((await listAllOrders(db(), { page: 1, withdrawal: 'all' })).orders.map((row) => row.id)).toEqual(
      expect.arrayContaining([toRefund.id, refunded.id]),
    )
    // The order page's notice reads the withdrawal from admin.orders.get.
    const admin = await callerAs(db(), 'admin', { services })
    expect((await admin.admin.orders.get({ id: toRefund.id })).withdrawal).toMatchObject({ channel: 'link', comment: null })
  })
})

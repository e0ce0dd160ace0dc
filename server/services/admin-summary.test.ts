import { randomUUID } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../db/client.ts'
import { orders, products } from '../db/schema/index.ts'
import { seedProducts } from '../db/seed-data.ts'
import { adminSummary, madridDay } from './admin-summary.ts'
import { createTestDatabase } from '../../tests/helpers/db.ts'
import { shopperCheckout } from '../../tests/helpers/paid-checkout.ts'
import { callerAs, insertUser } from '../../tests/helpers/users.ts'
import { refundRest } from '../../tests/helpers/orders.ts'

// docs/product.md#owner: the admin home's figures, each what its linked list shows.

let database: DatabaseHandle
let productId: string
beforeAll(async () => {
  database = await createTestDatabase()
  const [product] = await database.db.select({ id: products.id }).from(products).where(eq(products.slug, seedProducts[0]!.slug))
  productId = product!.id
})
afterAll(() => database?.close())

describe('the admin home’s summary', () => {
  it('counts the work waiting and today’s and this month’s sales, as the linked lists show them', async () => {
    const db = database.db
    const admin = await callerAs(db, 'admin')
    expect(await admin.admin.summary()).toMatchObject({ toShip: 0, pickupsToPrepare: 0, paymentsPending: 0, newMessages: 0, b2bRequests: 0 })

    const sold = [
      await shopperCheckout(db, { productId, quantity: 2 }),
      await shopperCheckout(db, { productId, quantity: 1 }),
      await shopperCheckout(db, { productId, quantity: 3, pickup: true }),
    ]
    await shopperCheckout(db, { productId, pay: false })
    // An order paid and then refunded is no sale.
    const refunded = await shopperCheckout(db, { productId })
    await admin.admin.orders.refund(refundRest(refunded.id))
    // One panel of the first order given back: it still ships the other, and sold what it kept.
    const [line] = (await admin.admin.orders.get({ id: sold[0]!.id })).items
    await admin.admin.orders.refund({
      id: sold[0]!.id,
      requestKey: randomUUID(),
      reason: 'Un panel llegó rayado',
      what: { kind: 'lines', lines: [{ itemId: line!.id, quantity: 1 }], delivery: false },
    })
    await (
      await callerAs(db, 'anonymous')
    ).forms.contact({ name: 'Ana Ruiz', company: '', email: 'ana@example.com', phone: '', message: 'Hola, ¿tienen muestras?' })
    const applicant = await callerAs(db, 'customer', { user: await insertUser(db, 'customer') })
    await applicant.b2b.request({
      name: 'Marta Gil',
      company: 'Reformas Gil S.L.',
      email: 'compras@reformasgil.es',
      taxId: 'b-03999992',
      phone: '+34 600 111 222',
    })

    const summary = await admin.admin.summary()
    const total = async (filters: Parameters<typeof admin.admin.orders.list>[0]) => (await admin.admin.orders.list(filters)).total
    expect(summary).toMatchObject({ toShip: 2, pickupsToPrepare: 1, paymentsPending: 1, newMessages: 1, b2bRequests: 1 })
    expect(await total({ page: 1, status: 'confirmed', paymentStatus: 'unrefunded', delivery: 'home' })).toBe(summary.toShip)
    expect(await total({ page: 1, status: 'confirmed', paymentStatus: 'unrefunded', delivery: 'pickup' })).toBe(summary.pickupsToPrepare)
    expect(await total({ page: 1, status: 'pending' })).toBe(summary.paymentsPending)
    expect((await admin.admin.pendingRequests()).length).toBe(summary.b2bRequests)
    expect((await admin.admin.messages({ page: 1, unanswered: true })).total).toBe(summary.newMessages)

    const sales = await db
      .select({ totalCents: orders.totalCents })
      .from(orders)
      .where(
        inArray(
          orders.id,
          sold.map((order) => order.id),
        ),
      )
    const cents = sales.reduce((sum, order) => sum + order.totalCents, 0) - line!.unitPriceCents
    const today = madridDay(new Date())
    expect(summary.today).toEqual({ day: today, orders: 3, totalCents: cents })
    expect(summary.month).toMatchObject({ from: `${today.slice(0, 8)}01`, to: today, orders: 3, totalCents: cents })
    expect(await total({ page: 1, paymentStatus: 'unrefunded', from: today, to: today })).toBe(summary.today.orders)

    // An answered message and a decided request leave the counts.
    const [message] = (await admin.admin.messages({ page: 1 })).messages
    await admin.admin.markAnswered({ id: message!.id })
    const [request] = await admin.admin.pendingRequests()
    await admin.admin.reject({ id: request!.id })
    expect(await admin.admin.summary()).toMatchObject({ newMessages: 0, b2bRequests: 0 })
  })

  it('takes the day in Spain, whatever the server’s time zone', () => {
    // 23:30 UTC on 31 March is already 1 April in Madrid (summer time, UTC+2).
    expect(madridDay(new Date('2026-03-31T23:30:00Z'))).toBe('2026-04-01')
    expect(madridDay(new Date('2026-12-31T22:59:00Z'))).toBe('2026-12-31')
  })

  it('is only for admins', async () => {
    expect(await adminSummary(database.db)).toHaveProperty('toShip')
    for (const kind of ['anonymous', 'customer', 'b2b'] as const) {
      await expect((await callerAs(database.db, kind)).admin.summary()).rejects.toThrow()
    }
  })
})

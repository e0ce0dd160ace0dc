import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client.ts'
import { orders } from '../../db/schema/index.ts'
import { orderTimeline, recordOrderEvent, systemActor, type OrderEventType } from './events.ts'
import { createTestDatabase } from '../../../tests/helpers/db.ts'

// The timeline keeps the order things happened in, even for events written by one transaction
// within the same instant (a refund and its corrective invoice): the embedded database's clock
// ticks in milliseconds, so time alone cannot order them.

let database: DatabaseHandle
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database.close()
})

describe('an order’s timeline', () => {
  it('lists the events of one transaction in the order they were written', async () => {
    const { db } = database
    const [order] = await db
      .insert(orders)
      .values({
        orderNumber: `ORD-TIMELINE-${randomUUID()}`,
        customerName: 'Pau Soler',
        customerEmail: 'pau@example.com',
        customerPhone: '600333444',
        shippingAddress: { line1: 'Calle Mayor 2', line2: null, city: 'Elche', state: null, postal_code: '03201', country: 'ES' },
        subtotalCents: 1000,
        totalCents: 1000,
        checkoutKey: randomUUID(),
      })
      .returning({ id: orders.id })
    const kinds: OrderEventType[] = ['created', 'paid', 'invoice_issued', 'shipped', 'delivered', 'refunded', 'invoice_issued', 'cancelled']
    // Many, so that several fall within one millisecond whatever the machine's speed.
    const written = Array.from({ length: 5 }, () => kinds).flat()
    await db.transaction(async (tx) => {
      for (const type of written) await recordOrderEvent(tx, { orderId: order!.id, type, actor: systemActor })
    })
    expect((await orderTimeline(db, order!.id)).map((event) => event.type)).toEqual(written)
  })
})

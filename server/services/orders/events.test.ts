import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client.ts'
import { orderTimeline, recordOrderEvent, systemActor, type OrderEventType } from './events.ts'
import { createTestDatabase } from '../../../tests/helpers/db.ts'
import { insertOrderRow } from '../../../tests/helpers/orders.ts'

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
    const orderId = await insertOrderRow(db, { customerName: 'Pau Soler', customerEmail: 'pau@example.com', subtotalCents: 1000, totalCents: 1000 })
    const kinds: OrderEventType[] = ['created', 'paid', 'invoice_issued', 'shipped', 'delivered', 'refunded', 'invoice_issued', 'cancelled']
    // Many, so that several fall within one millisecond whatever the machine's speed.
    const written = Array.from({ length: 5 }, () => kinds).flat()
    await db.transaction(async (tx) => {
      for (const type of written) await recordOrderEvent(tx, { orderId: orderId, type, actor: systemActor })
    })
    expect((await orderTimeline(db, orderId)).map((event) => event.type)).toEqual(written)
  })
})

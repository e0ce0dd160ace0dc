/**
 * What an order has left to ship (docs/product.md#fulfilment): its lines less what earlier shipments
 * carried and what refunds gave back (core/shipment.ts). Read in the caller's transaction: under the
 * order's lock, the `ship` and `ship_part` transitions check a shipment against it.
 */
import { and, asc, eq } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { orderItems, refunds, shipments } from '../../db/schema/index.ts'
import { leftToShip, type LineQuantity } from '../../../core/shipment.ts'

export async function leftToShipOf(db: Database, orderId: string): Promise<LineQuantity[]> {
  const [ordered, sent, given] = await Promise.all([
    db
      .select({ id: orderItems.id, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.position), asc(orderItems.id)),
    db.select({ lines: shipments.lines }).from(shipments).where(eq(shipments.orderId, orderId)),
    // Every refund of the order's payment, unconfirmed ones too: their panels are not sent.
    db
      .select({ lines: refunds.lines })
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), eq(refunds.kind, 'order_payment'))),
  ])
  return leftToShip(
    ordered,
    sent.map((shipment) => shipment.lines),
    given.map((refund) => refund.lines),
  )
}

/** Whether the admin's request already recorded its shipment (a double click, a retry). */
export async function shipmentOfRequest(db: Database, orderId: string, requestKey: string): Promise<boolean> {
  const [found] = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), eq(shipments.requestKey, requestKey)))
    .limit(1)
  return found !== undefined
}

import { randomUUID } from 'node:crypto'
import type { Database } from '../../server/db/client.ts'
import { orderItems, orders } from '../../server/db/schema/index.ts'
import { issueInvoice, type InvoiceSettings } from '../../server/services/invoices.ts'

/**
 * An order written straight into the database, not through checkout: a pending order of 20,00 €
 * for a buyer in Elche unless `values` say otherwise. Returns its id.
 */
export async function insertOrderRow(db: Database, values: Partial<typeof orders.$inferInsert> = {}): Promise<string> {
  const [row] = await db
    .insert(orders)
    .values({
      orderNumber: `ORD-TEST-${randomUUID()}`,
      customerName: 'Cliente de prueba',
      customerEmail: 'cliente@example.com',
      customerPhone: '600111222',
      shippingAddress: { line1: 'Calle Mayor 1', line2: null, city: 'Elche', state: null, postal_code: '03201', country: 'ES' },
      subtotalCents: 2000,
      totalCents: 2000,
      checkoutKey: randomUUID(),
      ...values,
    })
    .returning({ id: orders.id })
  if (!row) throw new Error('order insert returned nothing')
  return row.id
}

/** A line of `quantity` panels at 10,00 € on an order written by `insertOrderRow` (its totals are left as they were). */
export async function insertOrderLine(db: Database, orderId: string, quantity = 2): Promise<string> {
  const [row] = await db
    .insert(orderItems)
    .values({ orderId, productName: 'Panel de prueba', quantity, unitPriceCents: 1000, subtotalCents: quantity * 1000 })
    .returning({ id: orderItems.id })
  if (!row) throw new Error('order line insert returned nothing')
  return row.id
}

/** Issues an order's invoice in a transaction of its own; its number (fails while invoicing is stopped). */
export async function issuedInvoice(db: Database, orderId: string, settings: InvoiceSettings, now?: Date): Promise<string> {
  const number = await db.transaction((tx) => issueInvoice(tx, orderId, settings, now))
  if (!number) throw new Error(`no invoice issued for ${orderId}: invoicing is stopped`)
  return number
}

/** The admin's refund of what is left of an order's payment, as the order page's dialog sends it (a new request each call). */
export const refundRest = (id: string, reason = 'Devolución de prueba') => ({
  id,
  requestKey: randomUUID(),
  reason,
  what: { kind: 'remainder' as const },
})

/**
 * The admin's fix of an order's contact and delivery address before it ships
 * (docs/product.md#fulfilment): under the order's lock, only while the order waits for payment or
 * is confirmed; home delivery keeps its zone (its price was the zone's), a pickup has only a
 * contact to fix. The timeline keeps the old values, and the customer is told (at the old address
 * too when the email changed).
 */
import { eq, sql } from 'drizzle-orm'
import { orders } from '../../db/schema/index.ts'
import { AppError, notFound } from '../../errors.ts'
import { recordOrderEvent } from './events.ts'
import { orderEmailJob } from './notifications.ts'
import type { OrderCall, OrdersContext } from './context.ts'
import { addressLines, storedAddress, type PostalAddress } from '../../../core/address.ts'
import { deliveryZoneOf, type DeliveryMethod } from '../../../core/delivery.ts'
import { i18nOf } from '../../i18n.ts'
import { messages } from '../../../core/messages.ts'
import { hasAddress, type Contact, type Shipping } from '../../../core/shipping.ts'
import { checkedPhone } from '../../phones.ts'
import { checkAddressPostcode } from '../postcodes.ts'

/** The states whose details may still change: the panels have not left. */
const editable = new Set(['pending', 'confirmed'])

/** Whether the postal code or town differs from the order's (case and spacing aside). */
const placeChanged = (stored: PostalAddress | null, next: { postal_code: string; city: string }) =>
  !stored || stored.postal_code.trim() !== next.postal_code.trim() || stored.city.trim().toLowerCase() !== next.city.trim().toLowerCase()

/** An address as one line, for the timeline (in Spanish, the shop's language). */
const addressLine = (address: PostalAddress | null) => (address ? addressLines(i18nOf('es'), address).join(', ') : null)

export async function updateOrderDetails(
  ctx: OrdersContext,
  input: { id: string; delivery: DeliveryMethod; shipping: Shipping | Contact; addressConfirmed?: boolean },
  call: OrderCall,
): Promise<{ ok: true; changed: boolean }> {
  const done = await ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        status: orders.status,
        deliveryMethod: orders.deliveryMethod,
        deliveryZone: orders.deliveryZone,
        name: orders.customerName,
        email: orders.customerEmail,
        phone: orders.customerPhone,
        address: orders.shippingAddress,
      })
      .from(orders)
      .where(eq(orders.id, input.id))
      .for('update')
    if (!order) throw notFound(messages.orderNotFound)
    if (!editable.has(order.status)) throw new AppError('CONFLICT', messages.orderDetailsAfterShipping)
    // The form was made for the order's method: another admin's change meanwhile is not undone.
    if (order.deliveryMethod !== input.delivery) throw new AppError('CONFLICT', messages.changedMeanwhile)
    const next = { ...input.shipping, phone: checkedPhone(input.shipping.phone) }
    const address = order.deliveryMethod === 'home' && hasAddress(next) ? storedAddress(next) : order.address
    if (order.deliveryMethod === 'home' && hasAddress(next) && deliveryZoneOf(next.postal_code) !== order.deliveryZone) {
      throw new AppError('BAD_REQUEST', messages.deliveryZoneKept, { field: 'postal_code' })
    }
    // A new postal code or town is checked against Spain's list as checkout checks it; one kept is not asked again.
    if (order.deliveryMethod === 'home' && hasAddress(next) && placeChanged(order.address, next)) {
      await checkAddressPostcode(next, input.addressConfirmed ?? false)
    }
    const before = { name: order.name, email: order.email, phone: order.phone, address: addressLine(order.address) }
    const after = { name: next.full_name, email: next.email, phone: next.phone, address: addressLine(address) }
    const changed = (Object.keys(before) as Array<keyof typeof before>).filter((key) => before[key] !== after[key])
    if (changed.length === 0) return { changed: false, jobs: [] }
    await tx
      .update(orders)
      .set({ customerName: after.name, customerEmail: after.email, customerPhone: after.phone, shippingAddress: address, updatedAt: sql`now()` })
      .where(eq(orders.id, input.id))
    // The old value and the new of each field changed: the timeline is the record of who changed what.
    const details: Record<string, string | null> = {}
    for (const key of changed) {
      details[`${key}Before`] = before[key]
      details[key] = after[key]
    }
    const changeId = crypto.randomUUID()
    await recordOrderEvent(tx, { orderId: input.id, type: 'details_changed', actor: call.actor, details })
    const jobs: string[] = []
    const told = await ctx.jobs.enqueue(tx, orderEmailJob(input.id, { kind: 'details_changed', changeId, to: after.email }))
    if (told) jobs.push(told)
    // A changed email is said at the old address too: a customer whose address was changed by mistake learns of it.
    if (before.email !== after.email) {
      const warned = await ctx.jobs.enqueue(tx, orderEmailJob(input.id, { kind: 'details_changed', changeId, to: before.email }))
      if (warned) jobs.push(warned)
    }
    return { changed: true, jobs }
  })
  if (done.jobs.length > 0) {
    await ctx.jobs
      .run(done.jobs)
      .catch((error: unknown) => call.log.error({ err: error, orderId: input.id }, 'the details’ email could not be sent now: left to the worker'))
  }
  return { ok: true, changed: done.changed }
}

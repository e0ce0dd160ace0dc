import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { orders } from '../../db/schema/index.ts'
import { messages } from '../../../core/messages.ts'
import { seedProducts } from '../../db/seed-data.ts'
import { sharedCatalogShop } from '../../../tests/helpers/catalog-shop.ts'
import { shopperCheckout } from '../../../tests/helpers/paid-checkout.ts'
import { recordingMailer } from '../../../tests/helpers/recording-mailer.ts'
import { codeOf } from '../../../tests/helpers/trpc-errors.ts'
import { callerAs } from '../../../tests/helpers/users.ts'
import { createServices } from '../index.ts'
import { testEnv } from '../../../tests/helpers/env.ts'
import { silentLog } from '../../../tests/helpers/silent-log.ts'

// docs/product.md#fulfilment: the admin fixes an order's contact and delivery address before it
// ships; home delivery keeps its zone; the timeline keeps the old values; the customer is told.

const shop = sharedCatalogShop()
const mail = recordingMailer()
const productId = () => shop.ids.get(seedProducts[0]!.slug)!
const services = () => createServices(testEnv(), shop.db, silentLog, { mailer: mail })
const admin = async () => callerAs(shop.db, 'admin', { services: services() })
const checkout = (opts: { pickup?: boolean; pay?: boolean; language?: 'es' | 'en' } = {}) =>
  shopperCheckout(shop.db, { ...opts, productId: productId(), overrides: { mailer: mail } })
const orderRow = async (id: string) => (await shop.db.select().from(orders).where(eq(orders.id, id)))[0]!
const detailsMails = () => mail.sent.filter((message) => message.kind === 'order-details_changed')

const valencia = {
  full_name: 'Lucía Pérez Gil',
  email: '',
  phone: '611 222 333',
  address_line1: 'Avenida del Puerto 5, 3º B',
  address_line2: '',
  postal_code: '46001',
  city: 'Valencia',
  state: '',
  country: 'ES',
}

describe('an order’s contact and delivery address', () => {
  it('are fixed by an admin before shipping: the order keeps them, the timeline the old ones, and the customer is told', async () => {
    const order = await checkout({ language: 'en' })
    const before = await orderRow(order.id)
    const caller = await admin()
    const sentBefore = detailsMails().length
    expect(await caller.admin.orders.updateDetails({ id: order.id, delivery: 'home', shipping: { ...valencia, email: order.email } })).toEqual({
      ok: true,
      changed: true,
    })
    const after = await orderRow(order.id)
    expect(after).toMatchObject({
      customerName: 'Lucía Pérez Gil',
      customerEmail: order.email,
      customerPhone: '+34611222333',
      shippingAddress: { line1: 'Avenida del Puerto 5, 3º B', line2: null, postal_code: '46001', city: 'Valencia', state: 'Valencia', country: 'ES' },
      // The price, the zone and the window stay: the zone is the same.
      deliveryZone: before.deliveryZone,
      shippingCostCents: before.shippingCostCents,
      totalCents: before.totalCents,
    })
    const { timeline } = await caller.admin.orders.get({ id: order.id })
    expect(timeline.at(-1)).toMatchObject({
      type: 'details_changed',
      actor: { kind: 'admin' },
      details: {
        nameBefore: before.customerName,
        name: 'Lucía Pérez Gil',
        phoneBefore: before.customerPhone,
        phone: '+34611222333',
        addressBefore: 'Calle Mayor 12, 03181 Torrevieja, Alicante, España',
        address: 'Avenida del Puerto 5, 3º B, 46001 Valencia, Valencia, España',
      },
    })
    expect(timeline.at(-1)!.details).not.toHaveProperty('email')
    const [told, ...more] = detailsMails().slice(sentBefore)
    expect(more).toEqual([])
    expect(told).toMatchObject({ to: order.email, subject: `We have updated the details of your order ${before.orderNumber}` })
    expect(told!.text).toContain('Contact: Lucía Pérez Gil, ' + order.email + ', +34 611 22 23 33')
    expect(told!.text).toContain('Delivery address: Avenida del Puerto 5, 3º B, 46001 Valencia, Valencia, Spain')

    // The same details again change nothing and tell nobody.
    const again = await caller.admin.orders.updateDetails({ id: order.id, delivery: 'home', shipping: { ...valencia, email: order.email } })
    expect(again.changed).toBe(false)
    expect(detailsMails().slice(sentBefore)).toHaveLength(1)
  })

  it('tell the old address too when the email changes', async () => {
    const order = await checkout()
    const caller = await admin()
    const sentBefore = detailsMails().length
    await caller.admin.orders.updateDetails({ id: order.id, delivery: 'home', shipping: { ...valencia, email: 'lucia.nueva@example.com' } })
    expect((await orderRow(order.id)).customerEmail).toBe('lucia.nueva@example.com')
    expect(
      detailsMails()
        .slice(sentBefore)
        .map((message) => message.to),
    ).toEqual(['lucia.nueva@example.com', order.email])
    expect(detailsMails().at(-1)!.text).toContain('Si no pidió este cambio, responda a este correo antes de que su pedido salga.')
  })

  it('of a pickup are only its contact', async () => {
    const order = await checkout({ pickup: true })
    const caller = await admin()
    await caller.admin.orders.updateDetails({ id: order.id, delivery: 'pickup', shipping: { ...valencia, email: order.email } })
    expect(await orderRow(order.id)).toMatchObject({ customerName: 'Lucía Pérez Gil', customerPhone: '+34611222333', shippingAddress: null })
    // A form made for home delivery does not apply to it (changed meanwhile).
    expect(await codeOf(caller.admin.orders.updateDetails({ id: order.id, delivery: 'home', shipping: { ...valencia, email: order.email } }))).toBe(
      'CONFLICT',
    )
  })

  it('refuse another delivery zone, an order that has shipped, and bad input, changing nothing', async () => {
    const caller = await admin()
    const order = await checkout()
    const before = await orderRow(order.id)
    const palma = { ...valencia, email: order.email, postal_code: '07001', city: 'Palma' }
    const refused = caller.admin.orders.updateDetails({ id: order.id, delivery: 'home', shipping: palma })
    await expect(refused).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    expect(await codeOf(caller.admin.orders.updateDetails({ id: order.id, delivery: 'home', shipping: { ...palma, phone: '12' } }))).toBe(
      'BAD_REQUEST',
    )
    expect(await orderRow(order.id)).toEqual(before)

    await caller.admin.orders.ship({ id: order.id, carrier: 'SEUR', tracking: 'X1' })
    const shipped = await orderRow(order.id)
    expect(await codeOf(caller.admin.orders.updateDetails({ id: order.id, delivery: 'home', shipping: { ...valencia, email: order.email } }))).toBe(
      'CONFLICT',
    )
    expect(await orderRow(order.id)).toEqual(shipped)
  })

  it('refuse a postal code or town Spain’s list does not pair, unless the admin confirms them; an unchanged address is not asked again', async () => {
    const caller = await admin()
    const order = await checkout()
    const before = await orderRow(order.id)
    const stranger = { ...valencia, email: order.email, postal_code: '03999', city: 'Las Palmas de Gran Canaria' }
    await expect(caller.admin.orders.updateDetails({ id: order.id, delivery: 'home', shipping: stranger })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.postalCodeNotListed.message,
    })
    expect(await orderRow(order.id)).toEqual(before)
    const confirmed = await caller.admin.orders.updateDetails({ id: order.id, delivery: 'home', shipping: stranger, addressConfirmed: true })
    expect(confirmed).toEqual({ ok: true, changed: true })
    // Only the phone changes now: the address confirmed before is not refused again.
    const phoneOnly = await caller.admin.orders.updateDetails({ id: order.id, delivery: 'home', shipping: { ...stranger, phone: '622 333 444' } })
    expect(phoneOnly).toEqual({ ok: true, changed: true })
  })

  it('are an admin’s to change only', async () => {
    const order = await checkout()
    for (const kind of ['anonymous', 'customer', 'b2b'] as const) {
      const caller = await callerAs(shop.db, kind)
      expect(
        await codeOf(caller.admin.orders.updateDetails({ id: order.id, delivery: 'home', shipping: { ...valencia, email: order.email } })),
      ).toMatch(/UNAUTHORIZED|FORBIDDEN/)
    }
  })
})

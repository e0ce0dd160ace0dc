import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders } from '../../server/db/schema/index.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { httpShopper, productIds, testShipping } from '../helpers/http-shopper.ts'
import { shopperAs } from '../helpers/accounts.ts'

// docs/product.md#delivery over HTTP: the shared address rules answer in the shopper's language.
let t: TestApp
let ids: Map<string, string>
let nextIp = 1
beforeAll(async () => {
  t = await createTestApp()
  ids = await productIds(t.app)
})
afterAll(async () => {
  await t.app.close()
})

describe('checkout.create refuses an address it cannot serve, in the shopper’s language', () => {
  it.each([
    [
      'es',
      { postal_code: '35001' },
      'Las Islas Canarias, Ceuta y Melilla tienen otros impuestos (IGIC, IPSI): no podemos tomar el pedido en línea. Pídanos un presupuesto.',
    ],
    [
      'en',
      { postal_code: '52001' },
      'The Canary Islands, Ceuta and Melilla have other taxes (IGIC, IPSI): we cannot take the order online. Ask us for a quote.',
    ],
    ['es', { postal_code: 'ABCDE' }, 'Introduzca un código postal de 5 cifras, p. ej. 03181'],
    ['en', { phone: '12 34' }, 'Phone must be at least 6 characters'],
    ['es', { phone: '512 345 678' }, 'Introduzca un teléfono: uno español (612 345 678) u otro con su prefijo de país (+44 7700 900123)'],
    // Shaped like a number with its country code, but the United Kingdom has no such number: the server says so.
    ['en', { phone: '+44 12345' }, 'Enter a phone number: a Spanish one (612 345 678) or another with its country code (+44 7700 900123)'],
    ['es', { country: 'Españaa' }, 'Elija el país de la lista'],
  ] as const)('%s: %j', async (language, change, message) => {
    const shopper = httpShopper(t.app, { language, ip: `10.19.5.${nextIp++}` })
    await shopper.mutation('cart.add', { productId: [...ids.values()][0], quantity: 1 })
    const before = (await t.database.db.select({ id: orders.id }).from(orders)).length
    const answer = await shopper.mutation('checkout.create', { shipping: { ...testShipping, ...change }, checkoutKey: randomUUID() })
    expect(answer.status).toBe(400)
    expect(answer.error?.message).toBe(message)
    expect((await t.database.db.select({ id: orders.id }).from(orders)).length).toBe(before)
  })
})

describe('checkout.create takes a phone number from any country', () => {
  it.each([
    ['+44 7700 900123', '+447700900123'],
    ['0044 7700 900123', '+447700900123'],
    ['+49 1512 3456789', '+4915123456789'],
    ['612 345 678', '+34612345678'],
  ])('%s is kept as %s', async (phone, stored) => {
    const shopper = httpShopper(t.app, { language: 'en', ip: `10.19.6.${nextIp++}` })
    await shopper.mutation('cart.add', { productId: [...ids.values()][0], quantity: 1 })
    const answer = await shopper.mutation<{ orderId: string }>('checkout.create', { shipping: { ...testShipping, phone }, checkoutKey: randomUUID() })
    expect(answer.status).toBe(200)
    const [order] = await t.database.db.select({ phone: orders.customerPhone }).from(orders).where(eq(orders.id, answer.data!.orderId))
    expect(order?.phone).toBe(stored)
  })

  it('shows the admin the number as people read it, and keeps E.164 for calling', async () => {
    const shopper = httpShopper(t.app, { language: 'en', ip: `10.19.6.${nextIp++}` })
    await shopper.mutation('cart.add', { productId: [...ids.values()][0], quantity: 1 })
    const answer = await shopper.mutation<{ orderId: string }>('checkout.create', {
      shipping: { ...testShipping, phone: '0044 7700 900123' },
      checkoutKey: randomUUID(),
    })
    const admin = (await shopperAs(t, 'admin')).shopper
    const seen = await admin.query<{ customerPhone: string; customerPhoneDisplay: string }>('admin.orders.get', { id: answer.data!.orderId })
    expect(seen.data).toMatchObject({ customerPhone: '+447700900123', customerPhoneDisplay: '+44 7700 900123' })
  })
})

import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders } from '../../server/db/schema/index.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { httpShopper, productIds, testShipping } from '../helpers/http-shopper.ts'

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
    ['en', { phone: '12 34' }, 'Enter a Spanish phone number, e.g. 612 345 678'],
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

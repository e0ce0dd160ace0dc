import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categories, orderItems, orders, products, testPaymentSessions } from '../../server/db/schema/index.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { httpShopper, testShipping, type HttpShopper } from '../helpers/http-shopper.ts'
import { catalogLimits } from '../../core/catalog-admin.ts'

// Security finding row 9 over HTTP: no order may total more than one payment takes, 999.999,99 €
// (docs/product.md#prices). A cart above it is refused at checkout with a message in the shopper's
// language, writing nothing and leaving the cart as it was; a cart at it is ordered.
let t: TestApp
/** Products at the highest price per panel (10.000,00 €), one cent under it, and one cent. */
let top: string
let underTop: string
let cent: string
let nextIp = 1
beforeAll(async () => {
  t = await createTestApp()
  const [category] = await t.database.db.select({ id: categories.id }).from(categories).limit(1)
  // As the admin's form keeps them (its limit is tested in server/services/catalog-admin.test.ts).
  const create = async (slug: string, cents: number) => {
    const [row] = await t.database.db
      .insert(products)
      .values({
        status: 'published',
        categoryId: category!.id,
        slug,
        nameEs: `Panel ${slug}`,
        nameEn: `Panel ${slug}`,
        descriptionEs: 'Un panel para las pruebas.',
        descriptionEn: 'A panel for the tests.',
        priceRetailCents: cents,
        priceWholesaleCents: cents,
        dimensionsWidthCm: 100,
        dimensionsHeightCm: 250,
      })
      .returning({ id: products.id })
    return row!.id
  }
  top = await create('panel-tope', catalogLimits.priceCents.max)
  underTop = await create('panel-bajo-tope', catalogLimits.priceCents.max - 1)
  cent = await create('panel-centimo', 1)
})
afterAll(async () => {
  await t.app.close()
})

const shopperIn = (language: 'es' | 'en') => httpShopper(t.app, { language, ip: `10.29.7.${nextIp++}` })

async function fill(shopper: HttpShopper, lines: Array<[string, number]>) {
  for (const [productId, quantity] of lines) expect((await shopper.mutation('cart.add', { productId, quantity })).status).toBe(200)
}

/** Every row checkout may write, to compare before and after a refusal. */
async function orderRows() {
  const { db } = t.database
  return {
    orders: await db.select().from(orders).orderBy(orders.id),
    items: await db.select().from(orderItems).orderBy(orderItems.id),
    sessions: await db.select().from(testPaymentSessions).orderBy(testPaymentSessions.id),
  }
}

const refusals = {
  es: 'Un pedido puede sumar como máximo 999.999,99\u00a0€. Divídalo en varios pedidos o contacte con nosotros.',
  en: 'An order can be at most €999,999.99. Please split it into several orders or contact us.',
}

describe('checkout.create above 999.999,99 €', () => {
  it.each([
    ['es', '999 panels at 10.000,00 €', [['top', 999]]],
    ['en', '999 panels at 10.000,00 €', [['top', 999]]],
    [
      'es',
      'several lines one cent above',
      [
        ['top', 99],
        ['underTop', 1],
        ['cent', 1],
      ],
    ],
    [
      'en',
      'several lines one cent above',
      [
        ['top', 99],
        ['underTop', 1],
        ['cent', 1],
      ],
    ],
  ] as const)('refuses (%s, %s) with CONFLICT and the message, writing nothing, the cart unchanged', async (language, _what, lines) => {
    const ids = { top, underTop, cent }
    const shopper = shopperIn(language)
    await fill(
      shopper,
      lines.map(([name, quantity]) => [ids[name], quantity]),
    )
    const cart = await shopper.query('cart.get')
    const before = await orderRows()
    const answer = await shopper.mutation('checkout.create', { shipping: testShipping, checkoutKey: randomUUID() })
    expect(answer.status).toBe(409)
    expect(answer.error?.data.code).toBe('CONFLICT')
    expect(answer.error?.message).toBe(refusals[language])
    expect(await orderRows()).toEqual(before)
    expect((await shopper.query('cart.get')).data).toEqual(cart.data)
  })
})

describe('checkout.create at 999.999,99 €', () => {
  it('creates the order and its payment for exactly that total; the same checkout one cent above leaves it as it was', async () => {
    const shopper = shopperIn('es')
    await fill(shopper, [
      [top, 99],
      [underTop, 1],
    ])
    const checkoutKey = randomUUID()
    // Above 3.000 €: the law wants a full invoice, so the buyer names who it is made out to.
    const billing = { name: 'Reformas Costa Blanca S.L.', idKind: 'tax_id', taxId: 'B03999992' }
    const answer = await shopper.mutation<{ orderId: string; paymentUrl: string | null }>('checkout.create', {
      shipping: testShipping,
      billing,
      checkoutKey,
    })
    expect(answer.status).toBe(200)
    expect(answer.data!.paymentUrl).toMatch(/\/test-payment\//)
    const orderId = answer.data!.orderId
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId))
    expect(order).toMatchObject({ subtotalCents: 99_999_999, totalCents: 99_999_999, status: 'pending' })
    const [session] = await t.database.db.select().from(testPaymentSessions).where(eq(testPaymentSessions.orderId, orderId))
    expect(session).toMatchObject({ amountCents: 99_999_999, status: 'open' })

    // Back from the payment page with one more cent in the cart: the pending order and its payment page stay.
    await fill(shopper, [[cent, 1]])
    const before = await orderRows()
    const again = await shopper.mutation('checkout.create', { shipping: testShipping, billing, checkoutKey })
    expect(again.status).toBe(409)
    expect(again.error?.message).toBe(refusals.es)
    expect(await orderRows()).toEqual(before)
  })
})

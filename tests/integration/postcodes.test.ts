import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { orders } from '../../server/db/schema/index.ts'
import { sharedTestApp } from '../helpers/shared-app.ts'
import { shopperAs } from '../helpers/accounts.ts'
import { httpShopper, productIds, testShipping } from '../helpers/http-shopper.ts'

// docs/product.md#delivery over HTTP: postal codes checked against Spain's list (server/postcodes/),
// an unknown code or a town that is not the code's refused unless the shopper confirms them.
const t = sharedTestApp()
let productId: string
let nextIp = 1
beforeAll(async () => {
  productId = [...(await productIds(t.app)).values()][0]!
})

const shopper = (language: 'es' | 'en') => httpShopper(t.app, { language, ip: `10.52.0.${nextIp++}` })
const orderCount = async () => (await t.database.db.select({ id: orders.id }).from(orders)).length

interface PostcodeInfo {
  postalCode: string
  known: boolean
  province: string | null
  towns: string[]
  names: string[]
}

describe('address.postcode: what the address form shows for one postal code', () => {
  it('offers the towns of a real code, with its province; an unknown one is said so', async () => {
    const visitor = shopper('en')
    const torrevieja = await visitor.query<PostcodeInfo>('address.postcode', { postalCode: '03181' })
    expect(torrevieja.data).toMatchObject({ postalCode: '03181', known: true, province: 'Alicante', towns: ['Torrevieja'] })
    expect((await visitor.query<PostcodeInfo>('address.postcode', { postalCode: '28013' })).data).toMatchObject({ known: true, towns: ['Madrid'] })
    expect((await visitor.query<PostcodeInfo>('address.postcode', { postalCode: '03999' })).data).toEqual({
      postalCode: '03999',
      known: false,
      province: 'Alicante',
      towns: [],
      names: [],
    })
  })

  it('refuses what is not a postal code, in the caller’s language', async () => {
    const answer = await shopper('es').query('address.postcode', { postalCode: '3181' })
    expect(answer.status).toBe(400)
    expect(answer.error?.message).toBe('Introduzca un código postal de 5 cifras, p. ej. 03181')
  })
})

describe('checkout.create checks the postal code and the town against the list', () => {
  const checkout = async (language: 'es' | 'en', change: Partial<typeof testShipping>, addressConfirmed?: boolean) => {
    const buyer = shopper(language)
    expect((await buyer.mutation('cart.add', { productId, quantity: 1 })).status).toBe(200)
    return buyer.mutation<{ orderId: string }>('checkout.create', {
      shipping: { ...testShipping, ...change },
      checkoutKey: randomUUID(),
      ...(addressConfirmed === undefined ? {} : { addressConfirmed }),
    })
  }

  it('refuses a code the list lacks (03999), beside the postal code, and writes no order', async () => {
    const before = await orderCount()
    const answer = await checkout('es', { postal_code: '03999', city: 'Las Palmas de Gran Canaria' })
    expect(answer.status).toBe(400)
    expect(answer.error?.message).toBe(
      'El código postal 03999 no está en nuestra lista de códigos postales de España. Compruébelo; si es correcto, marque «El código postal y la localidad son correctos».',
    )
    expect(answer.error?.data).toMatchObject({ field: 'postal_code' })
    expect(await orderCount()).toBe(before)
  })

  it('refuses a town that is not the code’s, naming the code’s town, beside the town', async () => {
    const answer = await checkout('en', { postal_code: '03181', city: 'Las Palmas de Gran Canaria' })
    expect(answer.status).toBe(400)
    expect(answer.error?.message).toBe(
      'The postal code 03181 is that of Torrevieja, not Las Palmas de Gran Canaria. Check both; if they are right, tick "The postal code and town are right".',
    )
    expect(answer.error?.data).toMatchObject({ field: 'city' })
  })

  it('takes either once the shopper confirms them, the province still from the code', async () => {
    const answer = await checkout('en', { postal_code: '03999', city: 'Las Palmas de Gran Canaria' }, true)
    expect(answer.status).toBe(200)
    const [order] = await t.database.db.select({ address: orders.shippingAddress }).from(orders).where(eq(orders.id, answer.data!.orderId))
    expect(order?.address).toMatchObject({ postal_code: '03999', city: 'Las Palmas de Gran Canaria', state: 'Alicante' })
  })

  it.each([
    ['03181', 'Torrevieja'],
    ['03181', 'TORREVIEJA'],
    ['28013', 'Madrid'],
    ['03580', "Alfàs del Pi, l'"],
    ['03001', 'Alacant'],
    ['03189', 'Orihuela Costa'],
  ])('takes a real pair: %s %s', async (postal_code, city) => {
    expect((await checkout('en', { postal_code, city })).status).toBe(200)
  })
})

describe('account.update checks the default address as checkout does', () => {
  const profile = (address: { postal_code: string; city: string }) => ({
    name: 'Nuria Sanz Ortega',
    phone: '',
    company: '',
    address: { address_line1: 'Calle Mayor 5', address_line2: '', state: '', country: 'ES', ...address },
  })

  it('refuses an unknown code or a town not the code’s unless confirmed, and fills the province', async () => {
    const { shopper: customer } = await shopperAs(t, 'customer', { language: 'es' })
    const unknown = await customer.mutation('account.update', profile({ postal_code: '03999', city: 'Las Palmas de Gran Canaria' }))
    expect(unknown.status).toBe(400)
    expect(unknown.error?.data).toMatchObject({ field: 'postal_code' })
    const mismatch = await customer.mutation('account.update', profile({ postal_code: '28013', city: 'Torrevieja' }))
    expect(mismatch.status).toBe(400)
    expect(mismatch.error?.message).toBe(
      'El código postal 28013 es el de Madrid, no el de Torrevieja. Compruebe ambos; si son correctos, marque «El código postal y la localidad son correctos».',
    )
    expect((await customer.query<{ address: unknown }>('account.profile')).data?.address).toBeNull()

    expect((await customer.mutation('account.update', profile({ postal_code: '28013', city: 'Madrid' }))).status).toBe(200)
    expect((await customer.query<{ address: { state: string } }>('account.profile')).data?.address).toMatchObject({ city: 'Madrid', state: 'Madrid' })
    const confirmed = await customer.mutation('account.update', { ...profile({ postal_code: '03999', city: 'La Mata' }), addressConfirmed: true })
    expect(confirmed.status).toBe(200)
    expect((await customer.query<{ address: { state: string } }>('account.profile')).data?.address).toMatchObject({
      postal_code: '03999',
      state: 'Alicante',
    })
  })
})

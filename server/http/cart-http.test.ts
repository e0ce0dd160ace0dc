import { beforeAll, describe, expect, it } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import { seedProducts } from '../db/seed-data.ts'
import { testPublicUrl } from '../../tests/helpers/app.ts'
import { sharedTestApp } from '../../tests/helpers/shared-app.ts'
import { testShipping } from '../../tests/helpers/http-shopper.ts'

let productIds: Map<string, string>
const t = sharedTestApp()
beforeAll(async () => {
  const res = await t.app.inject({ method: 'GET', url: '/trpc/catalog.products' })
  productIds = new Map(res.json<{ result: { data: Array<{ slug: string; id: string }> } }>().result.data.map((p) => [p.slug, p.id]))
})

type Cart = {
  items: Array<{ slug: string; quantity: number; unitPriceCents: number }>
  count: number
  delivery: { postalCode: string | null; estimate: { zone: string } | null }
}
const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')

/** A minimal browser: keeps cookies, sends same-origin headers. */
function browser() {
  const jar = new Map<string, string>()
  const remember = (res: LightMyRequestResponse) => {
    for (const c of res.cookies) {
      if (c.value === '' || (c.maxAge !== undefined && c.maxAge <= 0) || (c.expires && c.expires.getTime() < Date.now())) jar.delete(c.name)
      else jar.set(c.name, c.value)
    }
    return res
  }
  return {
    jar,
    async mutation(path: string, input: unknown, origin = testPublicUrl) {
      return remember(
        await t.app.inject({
          method: 'POST',
          url: `/trpc/${path}`,
          headers: { 'content-type': 'application/json', origin, cookie: cookieHeader(jar) },
          payload: JSON.stringify(input),
        }),
      )
    },
    async cart(): Promise<Cart> {
      const res = remember(await t.app.inject({ method: 'GET', url: '/trpc/cart.get', headers: { cookie: cookieHeader(jar) } }))
      return res.json<{ result: { data: Cart } }>().result.data
    },
    async auth(path: 'sign-up/email' | 'sign-in/email', payload: Record<string, string>) {
      return remember(
        await t.app.inject({
          method: 'POST',
          url: `/api/auth/${path}`,
          headers: { 'content-type': 'application/json', origin: testPublicUrl, cookie: cookieHeader(jar) },
          payload,
        }),
      )
    },
  }
}

const [a, b] = seedProducts

describe('anonymous cart over HTTP', () => {
  it('is kept in an httpOnly SameSite cart_session_id cookie issued by the server', async () => {
    const shopper = browser()
    const res = await shopper.mutation('cart.add', { productId: productIds.get(a!.slug), quantity: 2 })
    expect(res.statusCode).toBe(200)
    const cookie = res.cookies.find((c) => c.name === 'cart_session_id')
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    // The id, signed by the server.
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{32}\.[A-Za-z0-9_+/=-]+$/)
    expect((await shopper.cart()).items).toMatchObject([{ slug: a!.slug, quantity: 2 }])
    // A made-up cookie value is not a cart.
    const forger = browser()
    forger.jar.set('cart_session_id', 'x'.repeat(31) + '!')
    expect((await forger.cart()).items).toEqual([])
  })

  it('refuses a cross-site mutation and changes nothing', async () => {
    const shopper = browser()
    await shopper.mutation('cart.add', { productId: productIds.get(a!.slug), quantity: 1 })
    const res = await shopper.mutation('cart.clear', undefined, 'https://evil.example')
    expect(res.statusCode).toBe(403)
    expect((await shopper.cart()).count).toBe(1)
  })

  it('answers bad input with 400 and a message in the shopper’s language', async () => {
    const shopper = browser()
    shopper.jar.set('lang', 'es')
    const res = await shopper.mutation('cart.add', { productId: productIds.get(a!.slug), quantity: 0 })
    expect(res.statusCode).toBe(400)
    // The add-to-cart form's own rule (core/cart-add.ts), shared with the procedure: it says what to type.
    expect(res.json<{ error: { message: string } }>().error.message).toBe('Indique un número entero de paneles, de 1 a 999')
  })
})

describe('signing up or in merges the anonymous cart', () => {
  it('moves the session cart into the new account and empties it', async () => {
    const shopper = browser()
    await shopper.mutation('cart.add', { productId: productIds.get(a!.slug), quantity: 2 })
    const sessionId = shopper.jar.get('cart_session_id')
    const res = await shopper.auth('sign-up/email', { email: `merge-${Date.now()}@example.com`, password: 'a-long-password', name: 'Merge Test' })
    expect(res.statusCode).toBe(200)
    expect(shopper.jar.has('cart_session_id')).toBe(false)
    expect((await shopper.cart()).items).toMatchObject([{ slug: a!.slug, quantity: 2, unitPriceCents: a!.priceRetailCents }])
    // The old session cart is empty now.
    const thief = browser()
    thief.jar.set('cart_session_id', sessionId!)
    expect((await thief.cart()).items).toEqual([])
  })

  it('adds quantities to the user’s existing cart on sign-in', async () => {
    const email = `returning-${Date.now()}@example.com`
    const first = browser()
    await first.auth('sign-up/email', { email, password: 'a-long-password', name: 'Returning' })
    await first.mutation('cart.add', { productId: productIds.get(a!.slug), quantity: 1 })

    const second = browser()
    await second.mutation('cart.add', { productId: productIds.get(a!.slug), quantity: 3 })
    await second.mutation('cart.add', { productId: productIds.get(b!.slug), quantity: 1 })
    const res = await second.auth('sign-in/email', { email, password: 'a-long-password' })
    expect(res.statusCode).toBe(200)
    const cart = await second.cart()
    expect(cart.items).toHaveLength(2)
    expect(cart.items.find((i) => i.slug === a!.slug)?.quantity).toBe(4)
    expect(cart.items.find((i) => i.slug === b!.slug)?.quantity).toBe(1)
    expect((await first.cart()).count).toBe(5)
  })

  it('carries the postal code the anonymous cart estimated for over to the account, replacing the one it kept', async () => {
    const email = `postcode-${Date.now()}@example.com`
    const first = browser()
    await first.auth('sign-up/email', { email, password: 'a-long-password', name: 'Postcode' })
    await first.mutation('cart.setPostalCode', { postalCode: '03181' })

    // A visitor without a cart gets one for the postal code alone.
    const second = browser()
    const res = await second.mutation('cart.setPostalCode', { postalCode: '07001' })
    expect(res.statusCode).toBe(200)
    expect(second.jar.has('cart_session_id')).toBe(true)
    expect((await second.cart()).delivery).toMatchObject({ postalCode: '07001', estimate: { zone: 'balearics' } })
    const sessionId = second.jar.get('cart_session_id')
    await second.auth('sign-in/email', { email, password: 'a-long-password' })
    expect((await second.cart()).delivery.postalCode).toBe('07001')
    expect((await first.cart()).delivery.postalCode).toBe('07001')
    const thief = browser()
    thief.jar.set('cart_session_id', sessionId!)
    expect((await thief.cart()).delivery.postalCode).toBeNull()

    // Signing in from a cart that gave none keeps the account's.
    const third = browser()
    await third.auth('sign-in/email', { email, password: 'a-long-password' })
    expect((await third.cart()).delivery.postalCode).toBe('07001')
  })

  it('keeps the anonymous cart when the sign-in fails', async () => {
    const shopper = browser()
    await shopper.mutation('cart.add', { productId: productIds.get(a!.slug), quantity: 1 })
    const res = await shopper.auth('sign-in/email', { email: 'nobody@example.com', password: 'wrong-password' })
    expect(res.statusCode).toBe(401)
    expect((await shopper.cart()).count).toBe(1)
  })
})

describe('server messages in the shopper’s language', () => {
  it('translates the shared schema’s and the server’s own messages', async () => {
    const shopper = browser()
    shopper.jar.set('lang', 'es')
    const empty = await shopper.mutation('checkout.create', {
      shipping: testShipping,
      checkoutKey: '0b0e7f5e-3a52-4a8e-9a53-2f0c1f7c9d11',
    })
    expect(empty.statusCode).toBe(400)
    expect(empty.json<{ error: { message: string } }>().error.message).toBe('El carrito está vacío')
    const badName = await shopper.mutation('checkout.create', {
      shipping: { ...testShipping, full_name: 'A' },
      checkoutKey: '0b0e7f5e-3a52-4a8e-9a53-2f0c1f7c9d12',
    })
    expect(badName.json<{ error: { message: string } }>().error.message).toBe('El nombre debe tener al menos 2 caracteres')
    shopper.jar.set('lang', 'en')
    const missing = await shopper.mutation('cart.remove', { itemId: '0b0e7f5e-3a52-4a8e-9a53-2f0c1f7c9d13' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json<{ error: { message: string } }>().error.message).toBe('Cart item not found')
    shopper.jar.set('lang', 'es')
    for (const [postalCode, message] of [
      ['4600', 'Introduzca un código postal de 5 cifras, p. ej. 03181'],
      ['60001', 'Los códigos postales españoles empiezan por 01 a 52, p. ej. 03181'],
    ] as const) {
      const bad = await shopper.mutation('cart.setPostalCode', { postalCode })
      expect(bad.statusCode).toBe(400)
      expect(bad.json<{ error: { message: string } }>().error.message).toBe(message)
    }
    expect((await shopper.cart()).delivery.postalCode).toBeNull()
  })
})

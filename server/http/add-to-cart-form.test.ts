import { beforeAll, describe, expect, it } from 'vitest'
import { testPublicUrl } from '../../tests/helpers/app.ts'
import { sharedTestApp } from '../../tests/helpers/shared-app.ts'
import { shopperAs } from '../../tests/helpers/accounts.ts'
import { httpShopper, productIds, type HttpShopper } from '../../tests/helpers/http-shopper.ts'
import type { CartView } from '../services/cart.ts'

// docs/product.md#forms: the product page's "Add to cart" works before and without JavaScript. Its
// post is the form's own action (the same schema and adding as cart.add), answered 303 to the cart
// page; a refusal is a page saying why in the page's language, with nothing added. Pages come from
// the client build (`npm test` builds first).

const t = sharedTestApp({ pages: true })
let slug: string
let productId: string
beforeAll(async () => {
  const first = [...(await productIds(t.app))][0]
  if (!first) throw new Error('the seed has no product')
  ;[slug, productId] = first
})

/** Posts the product page's form as a browser does, with the shopper's cookies; keeps the cookies it sets. */
async function postForm(shopper: HttpShopper, path: string, body: string, origin = testPublicUrl) {
  const res = await t.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin,
      cookie: [...shopper.jar].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    payload: body,
  })
  for (const c of res.cookies) shopper.jar.set(c.name, c.value)
  return res
}

const cartOf = async (shopper: HttpShopper) => (await shopper.query<CartView>('cart.get')).data
const form = (quantity: string) => `productId=${productId}&quantity=${encodeURIComponent(quantity)}`

describe('the product page\'s "Add to cart" posted without JavaScript', () => {
  it("adds the panels to a new visitor's cart and answers 303 to the cart page, which lists them", async () => {
    const visitor = httpShopper(t.app, { ip: '192.0.40.1' })
    const res = await postForm(visitor, `/product/${slug}`, form('3'))
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe('/cart')
    expect(res.cookies.map((c) => c.name)).toContain('cart_session_id')
    const cart = await cartOf(visitor)
    expect(cart?.items.map((item) => [item.productId, item.quantity])).toEqual([[productId, 3]])
    // Posting again adds to the same line, as cart.add does.
    expect((await postForm(visitor, `/product/${slug}`, form('2'))).statusCode).toBe(303)
    expect((await cartOf(visitor))?.items[0]?.quantity).toBe(5)
    const page = await t.app.inject({ method: 'GET', url: '/cart', headers: { cookie: [...visitor.jar].map(([k, v]) => `${k}=${v}`).join('; ') } })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Su carrito')
    expect(page.body).toContain('5 paneles')
  })

  it('answers an English page with the English cart page', async () => {
    const visitor = httpShopper(t.app, { ip: '192.0.40.2', language: 'en' })
    const res = await postForm(visitor, `/en/product/${slug}`, form('1'))
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe('/en/cart')
  })

  it("adds to a signed-in customer's own cart", async () => {
    const { shopper } = await shopperAs(t, 'customer')
    expect((await postForm(shopper, `/product/${slug}`, form('4'))).statusCode).toBe(303)
    expect((await cartOf(shopper))?.items.map((item) => item.quantity)).toEqual([4])
  })

  it('refuses a cross-site post, adding nothing', async () => {
    const visitor = httpShopper(t.app, { ip: '192.0.40.3' })
    const res = await postForm(visitor, `/product/${slug}`, form('3'), 'https://evil.example')
    expect(res.statusCode).toBe(403)
    expect(res.headers['set-cookie']).toBeUndefined()
    expect((await cartOf(visitor))?.items).toEqual([])
  })

  it.each([
    ['/product', '0', 'es', 'Indique un número entero de paneles, de 1 a 999'],
    ['/product', 'tres', 'es', 'Indique un número entero de paneles, de 1 a 999'],
    ['/en/product', '1000', 'en', 'Enter a whole number of panels from 1 to 999'],
    ['/en/product', '', 'en', 'Enter a whole number of panels from 1 to 999'],
  ])('at %s with quantity "%s" says why in the page\'s language (%s) and adds nothing', async (base, quantity, language, reason) => {
    const visitor = httpShopper(t.app, { ip: '192.0.40.4' })
    const res = await postForm(visitor, `${base}/${slug}`, form(quantity))
    expect(res.statusCode).toBe(400)
    expect(res.headers['content-language']).toBe(language)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.body).toContain(`<p>${reason}</p>`)
    expect(res.body).toContain(language === 'es' ? 'Los paneles no se han añadido a su carrito' : 'The panels were not added to your cart')
    expect(res.body).toContain(`<a href="${base}/${slug}">`)
    expect(res.headers['set-cookie']).toBeUndefined()
    expect((await cartOf(visitor))?.items).toEqual([])
  })

  it('says when the product is not one the cart takes', async () => {
    const visitor = httpShopper(t.app, { ip: '192.0.40.5' })
    const res = await postForm(visitor, `/product/${slug}`, 'productId=not-a-product&quantity=2')
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('<p>Este producto no se puede añadir al carrito</p>')
  })
})

// docs/product.md#cart: the cart page's lines change without JavaScript too: each line's "Update"
// and "Remove" post to the cart page (cart.setQuantity's and cart.remove's schema and change).
describe("the cart page's Update and Remove posted without JavaScript", () => {
  const lineOf = async (shopper: HttpShopper) => (await cartOf(shopper))?.items[0]

  it('sets a line to the quantity typed and takes a line out, each answered 303 to the cart page', async () => {
    const visitor = httpShopper(t.app, { ip: '192.0.40.6', language: 'en' })
    await postForm(visitor, `/product/${slug}`, form('2'))
    const line = await lineOf(visitor)
    const page = await t.app.inject({ method: 'GET', url: '/en/cart', headers: { cookie: [...visitor.jar].map(([k, v]) => `${k}=${v}`).join('; ') } })
    // The page's forms post here, with the line's id.
    expect(page.body).toMatch(/<form[^>]*action="\/en\/cart" method="post"/)
    expect(page.body).toContain(`name="itemId" value="${line!.id}"`)
    const updated = await postForm(visitor, '/en/cart', `itemId=${line!.id}&quantity=7`)
    expect(updated.statusCode).toBe(303)
    expect(updated.headers.location).toBe('/en/cart')
    expect((await lineOf(visitor))?.quantity).toBe(7)
    const removed = await postForm(visitor, '/en/cart', `itemId=${line!.id}&remove=1`)
    expect(removed.statusCode).toBe(303)
    expect((await cartOf(visitor))?.items).toEqual([])
  })

  it("says why a quantity is refused, changes nothing, and never touches another shopper's line", async () => {
    const visitor = httpShopper(t.app, { ip: '192.0.40.7' })
    await postForm(visitor, `/product/${slug}`, form('2'))
    const line = await lineOf(visitor)
    const refused = await postForm(visitor, '/cart', `itemId=${line!.id}&quantity=1000`)
    expect(refused.statusCode).toBe(400)
    expect(refused.body).toContain('Su carrito no ha cambiado')
    expect(refused.body).toContain('<p>Indique un número entero de paneles, de 1 a 999</p>')
    expect(refused.body).toContain('<a href="/cart">')
    expect((await lineOf(visitor))?.quantity).toBe(2)
    const stranger = httpShopper(t.app, { ip: '192.0.40.8' })
    await postForm(stranger, `/product/${slug}`, form('1'))
    const theirs = await postForm(stranger, '/cart', `itemId=${line!.id}&remove=1`)
    expect(theirs.statusCode).toBe(404)
    expect((await lineOf(visitor))?.quantity).toBe(2)
    const crossSite = await postForm(visitor, '/cart', `itemId=${line!.id}&remove=1`, 'https://evil.example')
    expect(crossSite.statusCode).toBe(403)
    expect((await lineOf(visitor))?.quantity).toBe(2)
  })
})

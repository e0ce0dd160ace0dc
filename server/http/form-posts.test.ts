import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { formBodyLimit } from './form-posts.ts'
import { testPublicUrl } from '../../tests/helpers/app.ts'
import { sharedTestApp } from '../../tests/helpers/shared-app.ts'
import { shopperAs } from '../../tests/helpers/accounts.ts'
import { httpShopper, productIds, type HttpShopper } from '../../tests/helpers/http-shopper.ts'
import { insertOrderLine, insertOrderRow } from '../../tests/helpers/orders.ts'
import { paymentLinkKey } from '../services/orders/payment-links.ts'
import { withdrawalToken } from '../services/orders/withdrawals.ts'
import { eq } from 'drizzle-orm'
import { orderEvents, withdrawals } from '../db/schema/index.ts'

// Security finding "row 12" (docs/product.md#forms): a form submitted before its script ran sent a
// GET with the password in the URL. Every form with typed personal data now posts to its own page,
// and the server answers that post with a page that says to try again, echoing and logging nothing.
// Pages come from the client build (`npm test` builds first).

let productId: string
let withdrawable: { id: string; token: string }
const t = sharedTestApp({ pages: true })
/** A paid order delivered yesterday, and its signed withdrawal link's token (docs/product.md#withdrawal). */
async function deliveredOrder() {
  const id = await insertOrderRow(t.database.db, {
    status: 'delivered',
    paymentStatus: 'paid',
    deliveredAt: new Date(Date.now() - 86_400_000),
    customerEmail: `withdraw-${randomUUID()}@example.com`,
  })
  await insertOrderLine(t.database.db, id)
  return { id, token: withdrawalToken(paymentLinkKey(t.env.BETTER_AUTH_SECRET), id) }
}
beforeAll(async () => {
  productId = [...(await productIds(t.app)).values()][0]!
  withdrawable = await deliveredOrder()
})

const cookieOf = (shopper: HttpShopper) => [...shopper.jar].map(([k, v]) => `${k}=${v}`).join('; ')
const page = (url: string, shopper?: HttpShopper) => t.app.inject({ method: 'GET', url, headers: shopper ? { cookie: cookieOf(shopper) } : {} })

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]?.replaceAll('&amp;', '&')

/** The forms of a page that hold a typed field (password, email, phone, text), search forms aside. */
function typedForms(html: string) {
  return [...html.matchAll(/(<form\b[^>]*>)([\s\S]*?)<\/form>/g)]
    .map(([, tag = '', inner = '']) => ({ tag, inner }))
    .filter(
      ({ tag, inner }) =>
        attribute(tag, 'role') !== 'search' && /<input\b(?![^>]*\stype=)[^>]*>|<input\b[^>]*\stype="(password|email|tel|text)"/.test(inner),
    )
}

const marker = { email: 'leak-marker@example.com', password: 'LeakMarker123', name: 'Leakmarker Surname' }
const leakyBody = `email=${encodeURIComponent(marker.email)}&password=${marker.password}&name=${encodeURIComponent(marker.name)}`
const leaked = (text: string) =>
  [marker.email, encodeURIComponent(marker.email), marker.password, 'Leakmarker'].filter((value) => text.includes(value))

describe('forms with personal data', () => {
  it('post to their own page (a path on this site) on every page that has them, for visitors, customers and admins', async () => {
    const visitor = httpShopper(t.app, { ip: '192.0.12.1' })
    expect((await visitor.mutation('cart.add', { productId, quantity: 1 })).status).toBe(200)
    const customer = (await shopperAs(t, 'customer')).shopper
    const admin = (await shopperAs(t, 'admin')).shopper
    // [page, who, the typed forms its HTML holds at least]; forms in dialogs (forgot password, the
    // B2B request) are not in the HTML, and they are the same component.
    const pages: Array<[string, HttpShopper | undefined, number]> = [
      ['/auth', undefined, 1],
      ['/auth?tab=signup', undefined, 1],
      ['/en/auth?redirect=%2Faccount', undefined, 1],
      [`/auth/reset?token=${randomUUID()}`, undefined, 1],
      ['/contact', undefined, 1],
      ['/en/contact', undefined, 1],
      ['/catalog', undefined, 1],
      ['/b2b', customer, 0],
      ['/checkout', visitor, 1],
      ['/en/checkout', visitor, 1],
      ['/account', customer, 3],
      ['/admin/products/new', admin, 1],
      ['/admin/orders/new', admin, 1],
      [`/admin/products/${productId}`, admin, 1],
      ['/admin/categories', admin, 0],
      [`/withdraw/${withdrawable.token}`, undefined, 1],
      [`/en/withdraw/${withdrawable.token}`, undefined, 1],
    ]
    for (const [url, who, least] of pages) {
      const res = await page(url, who)
      expect(res.statusCode, url).toBe(200)
      const forms = typedForms(res.body)
      expect(forms.length, url).toBeGreaterThanOrEqual(least)
      for (const { tag } of forms) {
        expect(attribute(tag, 'method'), `${url}: ${tag}`).toBe('post')
        // The page itself: its path in its language and its query, on this site (never `//host`).
        expect(attribute(tag, 'action'), `${url}: ${tag}`).toBe(url)
        expect(attribute(tag, 'action'), `${url}: ${tag}`).toMatch(/^\/(?![/\\])/)
      }
    }
  })
})

describe('a form posted before its script ran', () => {
  const post = (url: string, payload: string | Buffer, type = 'application/x-www-form-urlencoded') =>
    t.app.inject({ method: 'POST', url, headers: { 'content-type': type }, payload })

  it.each([
    ['/account', 'es', 'La página aún no había terminado de cargarse', 'Volver a la página'],
    ['/en/account?from=menu&page=2', 'en', 'The page had not finished loading', 'Back to the page'],
  ])('to %s gets a page in its language that says to try again, with a link back, and no typed value', async (url, language, heading, back) => {
    const res = await post(url, leakyBody)
    expect(res.statusCode).toBe(405)
    expect(res.headers.allow).toBe('GET, HEAD')
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers['content-language']).toBe(language)
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toContain('script-src')
    expect(res.body).toMatch(new RegExp(`^<!doctype html><html lang="${language}">`))
    expect(res.body).toMatch(/<title>[^<]+<\/title>/)
    expect(res.body).toContain(`<h1>${heading}</h1>`)
    expect(res.body).toMatch(/<p>[^<]{40,}<\/p>/)
    expect(res.body).toContain(`<a href="${url.replace('&', '&#38;')}">${back}</a>`)
    expect(leaked(res.body)).toEqual([])
  })

  it('links back to this site only, whatever the path it was posted to', async () => {
    for (const url of ['//evil.example/account', '/\\evil.example/account', '/.//evil.example/account']) {
      const res = await post(url, leakyBody)
      expect(res.statusCode, url).toBe(405)
      expect(/<a href="([^"]*)">/.exec(res.body)?.[1], url).toMatch(/^\/(?![/\\])/)
    }
  })

  it('drains a multipart body too, and a body beyond the limit gets the same page (413)', async () => {
    const boundary = 'form-boundary'
    const multipart = `--${boundary}\r\ncontent-disposition: form-data; name="password"\r\n\r\n${marker.password}\r\n--${boundary}--\r\n`
    const parts = await post('/en/contact', multipart, `multipart/form-data; boundary=${boundary}`)
    expect(parts.statusCode).toBe(405)
    expect(parts.body).toContain('<a href="/en/contact">')
    expect(leaked(parts.body)).toEqual([])
    const large = await post('/contact', `${leakyBody}&message=${'a'.repeat(formBodyLimit)}`)
    expect(large.statusCode).toBe(413)
    expect(large.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(large.body).toContain('<a href="/contact">')
    expect(leaked(large.body)).toEqual([])
  })

  it('leaves every other POST as it was: JSON to an unknown path is 404, form bodies stay refused by tRPC and better-auth', async () => {
    const json = await post('/no-such-page', '{}', 'application/json')
    expect(json.statusCode).toBe(404)
    expect(json.json()).toEqual({ error: 'Not Found' })
    const origin = { origin: 'http://localhost:3000' }
    const trpc = await t.app.inject({
      method: 'POST',
      url: '/trpc/cart.add',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...origin },
      payload: `productId=${productId}&quantity=1`,
    })
    expect(trpc.statusCode).toBeGreaterThanOrEqual(400)
    expect(trpc.statusCode).not.toBe(405)
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...origin },
      payload: leakyBody,
    })
    expect(signIn.statusCode).toBeGreaterThanOrEqual(400)
    expect(signIn.headers['set-cookie']).toBeUndefined()
  })
})

// The shop's JSON log lines, as an operator reads them: the posts' values reach none of them.
describe('the log of a shop answering form posts', () => {
  const lines: string[] = []
  const logged = sharedTestApp({ pages: true, env: { LOG_LEVEL: 'info' }, logLines: lines })

  it('holds no typed value, while tRPC and better-auth work as before', async () => {
    const browser = httpShopper(logged.app, { ip: '10.12.0.1' })
    for (const [url, text] of [
      ['/account', 'Volver a la página'],
      ['/en/account', 'Back to the page'],
      ['/en/b2b', 'Back to the page'],
    ] as const) {
      const res = await logged.app.inject({
        method: 'POST',
        url,
        remoteAddress: '10.12.0.1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: leakyBody,
      })
      expect(res.statusCode, url).toBe(405)
      expect(res.body, url).toContain(`<a href="${url}">${text}</a>`)
      expect(leaked(res.body), url).toEqual([])
    }
    // A form with its own action shows the typed values back in the page (public-forms.test.ts), never in the log;
    // the sign-in form shows the address, never the password (auth-forms.test.ts).
    const post = (url: string) =>
      logged.app.inject({
        method: 'POST',
        url,
        remoteAddress: '10.12.0.1',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: testPublicUrl },
        payload: leakyBody,
      })
    const contact = await post('/en/contact')
    expect(contact.statusCode).toBe(400)
    expect(contact.body).toContain(`value="${marker.email}"`)
    // Checkout refuses it (no key, an empty cart) as its own action.
    expect((await post('/en/checkout')).statusCode).toBe(400)
    const signIn = await post('/en/auth')
    expect(signIn.statusCode).toBe(401)
    expect(signIn.body).toContain(`value="${marker.email}"`)
    expect(signIn.body).not.toContain(marker.password)
    const [product] = [...(await productIds(logged.app)).values()]
    const form = await logged.app.inject({
      method: 'POST',
      url: '/trpc/cart.add',
      remoteAddress: '10.12.0.1',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: testPublicUrl, cookie: cookieOf(browser) },
      payload: `productId=${product!}&quantity=1`,
    })
    expect(form.statusCode).toBeGreaterThanOrEqual(400)
    expect((await browser.query<{ count: number }>('cart.get')).data?.count).toBe(0)
    const signUp = await browser.auth('sign-up/email', {
      name: 'Form Posts',
      email: `form-posts-${randomUUID()}@example.com`,
      password: `Pw-${randomUUID()}`,
    })
    expect(signUp.statusCode).toBe(200)
    expect((await browser.mutation<{ count: number }>('cart.add', { productId: product!, quantity: 1 })).data?.count).toBe(1)

    const log = lines.join('')
    expect(log).toContain('"path":"/en/contact"')
    expect(leaked(log)).toEqual([])
  })
})

// docs/product.md#withdrawal: the withdrawal statement works without JavaScript: its post is the
// form's own action (the same schema and service as orders.withdraw), answered 303 to the page.
describe('the withdrawal form posted without JavaScript', () => {
  const post = (url: string, payload: string, headers: Record<string, string> = { origin: testPublicUrl }) =>
    t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload })
  const rowsOf = (orderId: string) => t.database.db.select().from(withdrawals).where(eq(withdrawals.orderId, orderId))

  it('records the withdrawal and answers 303 to the page, which shows the acknowledgment in its language', async () => {
    const order = await deliveredOrder()
    const url = `/en/withdraw/${order.token}`
    const res = await post(url, 'name=Ana+P%C3%A9rez&email=ana%40example.com&comment=Sin+JavaScript')
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe(url)
    const rows = await rowsOf(order.id)
    expect(rows).toMatchObject([{ channel: 'link', name: 'Ana Pérez', email: 'ana@example.com', comment: 'Sin JavaScript' }])
    const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))
    expect(events.filter((event) => event.type === 'withdrawn')).toHaveLength(1)
    const page = await t.app.inject({ method: 'GET', url })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Withdrawal received on')
    // Sent again: nothing more.
    expect((await post(url, 'name=Ana&email=ana%40example.com')).statusCode).toBe(303)
    expect(await rowsOf(order.id)).toHaveLength(1)
  })

  it('sends a statement with fields to fix back to the page naming them, never their values, and records nothing', async () => {
    const order = await deliveredOrder()
    const res = await post(`/withdraw/${order.token}`, `name=&email=${encodeURIComponent(marker.email.replace('@', ''))}`)
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe(`/withdraw/${order.token}?invalid=name,email`)
    expect(leaked(String(res.headers.location))).toEqual([])
    expect(await rowsOf(order.id)).toHaveLength(0)
    const page = await t.app.inject({ method: 'GET', url: String(res.headers.location) })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Correo electrónico no válido')
  })

  it('refuses a cross-site post and a forged link, recording nothing', async () => {
    const order = await deliveredOrder()
    const crossSite = await post(`/withdraw/${order.token}`, 'name=Ana&email=ana%40example.com', { origin: 'https://evil.example' })
    expect(crossSite.statusCode).toBe(403)
    expect(await rowsOf(order.id)).toHaveLength(0)
    const forged = `${order.id}.${'A'.repeat(43)}`
    const res = await post(`/withdraw/${forged}`, 'name=Ana&email=ana%40example.com')
    expect(res.statusCode).toBe(303)
    expect(await rowsOf(order.id)).toHaveLength(0)
    const page = await t.app.inject({ method: 'GET', url: String(res.headers.location) })
    expect(page.body).toContain('Este enlace de desistimiento no funciona')
  })
})

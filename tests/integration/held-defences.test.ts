import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { testPublicUrl, withHttpsApp } from '../helpers/app.ts'
import { sharedTestApp } from '../helpers/shared-app.ts'
import { shopperAs } from '../helpers/accounts.ts'
import { httpShopper, productIds, type HttpShopper } from '../helpers/http-shopper.ts'
import { readable } from '../helpers/mail-links.ts'

// "Held, keep it so" (docs/decisions/013): what an attacker tried and the shop already refused. One
// test each, so that a later change cannot quietly undo it.
let productId: string
let nextIp = 1
const t = sharedTestApp()
beforeAll(async () => {
  productId = [...(await productIds(t.app)).values()][0]!
})

const browser = () => httpShopper(t.app, { ip: `192.0.5.${nextIp++}` })
const cookieHeader = (shopper: HttpShopper) => [...shopper.jar].map(([k, v]) => `${k}=${v}`).join('; ')
const sessionCookieName = (shopper: HttpShopper) => [...shopper.jar.keys()].find((name) => name.endsWith('session_token'))!

async function signedUp() {
  const shopper = browser()
  const email = `held-${randomUUID()}@example.com`
  expect((await shopper.auth('sign-up/email', { email, password: 'correct-horse-battery', name: 'Held Test' })).statusCode).toBe(200)
  return { shopper, email }
}

describe('sessions', () => {
  it('sign-out deletes the session on the server: the old cookie signs in nobody', async () => {
    const { shopper } = await signedUp()
    const name = sessionCookieName(shopper)
    const value = shopper.jar.get(name)!
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: testPublicUrl, cookie: cookieHeader(shopper), 'content-type': 'application/json' },
      payload: '{}',
    })
    expect(out.statusCode).toBe(200)
    const replay = browser()
    replay.jar.set(name, value)
    expect((await replay.query('account.me')).data).toBeNull()
  })

  it('ignores a session cookie planted before sign-in (no fixation)', async () => {
    const shopper = browser()
    shopper.jar.set('better-auth.session_token', 'planted-token.planted-signature')
    const res = await shopper.auth('sign-up/email', { email: `fixation-${randomUUID()}@example.com`, password: 'correct-horse-battery', name: 'Fix' })
    expect(res.statusCode).toBe(200)
    expect(shopper.jar.get('better-auth.session_token')).not.toBe('planted-token.planted-signature')
  })

  it('sets HttpOnly, SameSite=Lax, Path=/ cookies, and Secure with the __Secure- prefix when PUBLIC_URL is https, in any mode', async () => {
    const { shopper } = await signedUp()
    expect(shopper.jar.has('better-auth.session_token')).toBe(true)
    const res = await withHttpsApp('192.0.6.1', (post) =>
      post('/api/auth/sign-up/email', { email: `secure-${randomUUID()}@example.com`, password: 'correct-horse-battery', name: 'Secure' }),
    )
    expect(res.statusCode).toBe(200)
    expect(res.cookies.find((c) => c.name === '__Secure-better-auth.session_token')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      secure: true,
    })
  })
})

describe('origins and bodies', () => {
  it.each([['https://evil.example'], ['null'], [`${testPublicUrl}.evil.example`]])('refuses an auth request from Origin %s', async (origin) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress: `192.0.7.${nextIp++}`,
      headers: { 'content-type': 'application/json', origin, cookie: 'lang=es' },
      payload: { email: `origin-${randomUUID()}@example.com`, password: 'correct-horse-battery', name: 'Origin' },
    })
    expect(res.statusCode).toBe(403)
  })

  it('refuses a text/plain body on better-auth and on tRPC', async () => {
    const auth = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'text/plain', origin: testPublicUrl },
      payload: JSON.stringify({ email: 'a@example.com', password: 'correct-horse-battery' }),
    })
    expect(auth.statusCode).toBeGreaterThanOrEqual(400)
    const trpc = await t.app.inject({
      method: 'POST',
      url: '/trpc/cart.clear',
      headers: { 'content-type': 'text/plain', origin: testPublicUrl },
      payload: '{}',
    })
    expect(trpc.statusCode).toBeGreaterThanOrEqual(400)
  })

  it('refuses a cross-site tRPC mutation, and a mutation sent as GET', async () => {
    const shopper = browser()
    expect((await shopper.mutation('cart.add', { productId, quantity: 1 }, { origin: 'https://evil.example' })).status).toBe(403)
    const get = await t.app.inject({ method: 'GET', url: `/trpc/cart.clear` })
    expect(get.statusCode).toBe(405)
  })

  it('sends no CORS headers, even to a foreign Origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/trpc/catalog.categories', headers: { origin: 'https://evil.example' } })
    expect(res.headers['access-control-allow-origin']).toBeUndefined()
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/trpc/cart.add',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    })
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
  })

  it.each([
    ['request-password-reset', { email: 'someone@example.com', redirectTo: 'https://evil.example/reset' }],
    ['sign-in/email', { email: 'someone@example.com', password: 'correct-horse-battery', callbackURL: 'https://evil.example/' }],
    ['send-verification-email', { email: 'someone@example.com', callbackURL: '//evil.example/' }],
  ])('refuses a callback URL to another host on %s', async (path, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/auth/${path}`,
      remoteAddress: `192.0.8.${nextIp++}`,
      headers: { 'content-type': 'application/json', origin: testPublicUrl },
      payload,
    })
    expect(res.statusCode).toBe(403)
  })
})

describe('other people’s things', () => {
  it('answers another user’s cart line and order with 404', async () => {
    const alice = await shopperAs(t, 'customer')
    const bob = await shopperAs(t, 'customer')
    await alice.shopper.mutation('cart.add', { productId, quantity: 1 })
    const line = (await alice.shopper.query<{ items: Array<{ id: string }> }>('cart.get')).data!.items[0]!
    expect((await bob.shopper.mutation('cart.setQuantity', { itemId: line.id, quantity: 5 })).status).toBe(404)
    expect((await bob.shopper.mutation('cart.remove', { itemId: line.id })).status).toBe(404)
    expect((await bob.shopper.query('orders.get', { id: randomUUID() })).status).toBe(404)
  })
})

describe('sizes', () => {
  it('answers an oversize body 413 and an oversize query string 431 (over real HTTP)', async () => {
    const body = await t.app.inject({
      method: 'POST',
      url: '/trpc/forms.contact',
      headers: { 'content-type': 'application/json', origin: testPublicUrl },
      payload: JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024) }),
    })
    expect(body.statusCode).toBe(413)
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 })
    const query = await fetch(`${address}/trpc/catalog.products?input=${'x'.repeat(20_000)}`)
    expect(query.status).toBe(431)
  })
})

describe('pages (with the built client)', () => {
  const pages = sharedTestApp({ pages: true })

  it('carry a CSP with a nonce, no-store, Vary: Cookie, nosniff, no-referrer, COOP, CORP and a frame policy', async () => {
    const res = await pages.app.inject({ method: 'GET', url: '/' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+'/)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(String(res.headers.vary)).toMatch(/cookie/i)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('no-referrer')
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin')
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin')
    expect(res.headers['x-frame-options']).toBe('DENY')
  })

  it('never take a host from the request: pages, sitemap and redirects name the public URL', async () => {
    const headers = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }
    for (const url of ['/', '/sitemap.xml', '/robots.txt', '/shop?lang=en']) {
      const res = await pages.app.inject({ method: 'GET', url, headers })
      expect(res.body, url).not.toContain('evil.example')
      expect(String(res.headers.location ?? ''), url).not.toContain('evil.example')
    }
  })

  it('escape </script> in a name, in the hydration data and in emails', async () => {
    const shopper = httpShopper(pages.app, { ip: `192.0.9.${nextIp++}` })
    const email = `script-${randomUUID()}@example.com`
    const name = 'Ana </script><script>alert(1)</script>'
    expect((await shopper.auth('sign-up/email', { email, password: 'correct-horse-battery', name })).statusCode).toBe(200)
    const page = await pages.app.inject({ method: 'GET', url: '/account', headers: { cookie: cookieHeader(shopper) } })
    expect(page.statusCode).toBe(200)
    expect(page.body).not.toContain('</script><script>alert(1)')
    await expect.poll(() => pages.outbox().find((m) => m.includes(`To: ${email}`))).toBeDefined()
    // The HTML part escapes it (the plain-text part shows it as typed, which no client runs).
    const mail = readable(pages.outbox().find((m) => m.includes(`To: ${email}`))!)
    const html = mail.slice(mail.indexOf('Content-Type: text/html'))
    expect(html).toContain('&#60;/script&#62;')
    expect(html).not.toContain('<script>alert(1)')
  })
})

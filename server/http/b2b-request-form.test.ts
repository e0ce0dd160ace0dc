import { describe, expect, it } from 'vitest'
import { testPublicUrl } from '../../tests/helpers/app.ts'
import { sharedTestApp } from '../../tests/helpers/shared-app.ts'
import { shopperAs } from '../../tests/helpers/accounts.ts'
import type { HttpShopper } from '../../tests/helpers/http-shopper.ts'

// docs/product.md#b2b: the wholesale request works before and without JavaScript. /b2b's button
// is a link to /b2b/request, whose form posts there (b2b.request's schema, limit and service): sent,
// 303 to /b2b, which says the request was received; refused, the page again with what was typed
// and why. Pages come from the client build (`npm test` builds first).

const t = sharedTestApp({ pages: true })

const cookieOf = (shopper: HttpShopper) => [...shopper.jar].map(([k, v]) => `${k}=${v}`).join('; ')
const post = (shopper: HttpShopper, fields: Record<string, string>, { path = '/b2b/request', origin = testPublicUrl } = {}) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin, cookie: cookieOf(shopper) },
    payload: new URLSearchParams(fields).toString(),
  })
const page = (shopper: HttpShopper, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: cookieOf(shopper) } })
const inputNamed = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? ''
const stateOf = async (shopper: HttpShopper) => (await shopper.query<{ state: string }>('b2b.status')).data?.state

const typed = { name: 'Marta Gil', company: 'Reformas Gil S.L.', email: 'marta@example.com', taxId: 'b-03999992', phone: '600 111 222' }

describe('the wholesale request posted without JavaScript', () => {
  it('/b2b links to the form’s own page, which the server renders with the profile’s details', async () => {
    const { shopper, user } = await shopperAs(t, 'customer')
    const b2b = await page(shopper, '/b2b')
    expect(b2b.body).toMatch(/<a[^>]*href="\/b2b\/request"[^>]*>Solicitar acceso B2B<\/a>/)
    const form = await page(shopper, '/b2b/request')
    expect(form.statusCode).toBe(200)
    expect(form.body).toMatch(/<meta name="robots" content="noindex"/)
    expect(inputNamed(form.body, 'email')).toContain(`value="${user!.email}"`)
  })

  it('names what is wrong beside its field with what was typed; fixed, the request is sent and /b2b says so', async () => {
    const { shopper } = await shopperAs(t, 'customer', { language: 'en' })
    const bad = await post(shopper, { ...typed, taxId: '12345678A' }, { path: '/en/b2b/request' })
    expect(bad.statusCode).toBe(400)
    expect(inputNamed(bad.body, 'taxId')).toContain('aria-invalid="true"')
    expect(inputNamed(bad.body, 'taxId')).toContain('autofocus')
    expect(inputNamed(bad.body, 'company')).toContain('value="Reformas Gil S.L."')
    expect(bad.body).toContain('Enter a valid Spanish NIF, NIE or CIF')
    expect(await stateOf(shopper)).toBe('pending')

    const sent = await post(shopper, typed, { path: '/en/b2b/request' })
    expect(sent.statusCode).toBe(303)
    expect(sent.headers.location).toBe('/en/b2b')
    expect(await stateOf(shopper)).toBe('requested')
    // Sent again (a second tab): nothing more is sent; /b2b says where the request stands.
    const again = await post(shopper, typed, { path: '/en/b2b/request' })
    expect(again.statusCode).toBe(303)
    expect(again.headers.location).toBe('/en/b2b')
    // The form's page is for accounts that may ask: this one goes back to /b2b.
    const after = await page(shopper, '/en/b2b/request')
    expect([302, 307]).toContain(after.statusCode)
  })

  it('sends a visitor to sign in, refuses another site, and leaves a wholesale customer as they are', async () => {
    const { shopper: visitor } = await shopperAs(t, 'anonymous')
    const signedOut = await post(visitor, typed)
    expect(signedOut.statusCode).toBe(303)
    expect(signedOut.headers.location).toBe('/auth?redirect=%2Fb2b%2Frequest')
    const { shopper } = await shopperAs(t, 'customer')
    expect((await post(shopper, typed, { origin: 'https://evil.example' })).statusCode).toBe(403)
    expect(await stateOf(shopper)).toBe('pending')
    const { shopper: wholesale } = await shopperAs(t, 'b2b')
    const approved = await post(wholesale, typed)
    expect(approved.statusCode).toBe(303)
    expect(approved.headers.location).toBe('/b2b')
    expect(await stateOf(wholesale)).toBe('approved')
  })
})

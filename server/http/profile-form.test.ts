import { describe, expect, it } from 'vitest'
import { testPublicUrl } from '../../tests/helpers/app.ts'
import { sharedTestApp } from '../../tests/helpers/shared-app.ts'
import { shopperAs } from '../../tests/helpers/accounts.ts'
import type { HttpShopper } from '../../tests/helpers/http-shopper.ts'

// docs/product.md#accounts: /account's profile form works before and without JavaScript. Its post
// (marked `form=profile`) is the form's own action (account.update's schema and service): saved,
// 303 to /account?saved=1, which says so; refused, the page again with what was typed and why.
// Pages come from the client build (`npm test` builds first).

const t = sharedTestApp({ pages: true })

const cookieOf = (shopper: HttpShopper) => [...shopper.jar].map(([k, v]) => `${k}=${v}`).join('; ')
const post = (shopper: HttpShopper, path: string, fields: Record<string, string>, origin = testPublicUrl) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin, cookie: cookieOf(shopper) },
    payload: new URLSearchParams(fields).toString(),
  })

const typed = {
  form: 'profile',
  name: 'Emma Walker',
  phone: '+44 7700 900123',
  company: '',
  address_line1: 'Calle Mayor 12',
  address_line2: '',
  postal_code: '03181',
  city: 'Torrevieja',
  state: '',
  country: 'ES',
}

interface Profile {
  name: string
  phone: string
  address: { postal_code: string; city: string; state: string } | null
}
const profileOf = async (shopper: HttpShopper) => (await shopper.query<Profile>('account.profile')).data
const inputNamed = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? ''

describe("/account's profile form posted without JavaScript", () => {
  it('saves the details and answers 303 to the page, which says so', async () => {
    const { shopper } = await shopperAs(t, 'customer', { language: 'en' })
    const res = await post(shopper, '/en/account', typed)
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe('/en/account?saved=1')
    expect(await profileOf(shopper)).toMatchObject({
      name: 'Emma Walker',
      phone: '+447700900123',
      address: { postal_code: '03181', city: 'Torrevieja', state: 'Alicante' },
    })
    const page = await t.app.inject({ method: 'GET', url: '/en/account?saved=1', headers: { cookie: cookieOf(shopper) } })
    expect(page.body).toMatch(/role="status"[^>]*>Your details have been saved./)
  })

  it('renders the page again with what was typed and each message beside its field, saving nothing', async () => {
    const { shopper } = await shopperAs(t, 'customer')
    const short = await post(shopper, '/account', { ...typed, phone: '123' })
    expect(short.statusCode).toBe(400)
    expect(short.headers['cache-control']).toBe('no-store')
    expect(inputNamed(short.body, 'phone')).toContain('aria-invalid="true"')
    expect(inputNamed(short.body, 'phone')).toContain('autofocus')
    expect(short.body).toContain('El teléfono debe tener al menos 6 caracteres')
    expect(inputNamed(short.body, 'name')).toContain('value="Emma Walker"')
    expect(inputNamed(short.body, 'address_line1')).toContain('value="Calle Mayor 12"')
    // A postal code Spain's list lacks: named beside it, with the box to confirm it.
    const unknown = await post(shopper, '/account', { ...typed, postal_code: '03999' })
    expect(unknown.statusCode).toBe(400)
    expect(inputNamed(unknown.body, 'postal_code')).toContain('aria-invalid="true"')
    expect(inputNamed(unknown.body, 'address_confirmed')).toContain('type="checkbox"')
    expect((await profileOf(shopper))?.address).toBeNull()
    // Confirmed, it is kept.
    expect((await post(shopper, '/account', { ...typed, postal_code: '03999', address_confirmed: 'on' })).statusCode).toBe(303)
    expect((await profileOf(shopper))?.address?.postal_code).toBe('03999')
  })

  it("leaves the page's other forms to its script, sends a visitor to sign in, and refuses another site", async () => {
    const { shopper } = await shopperAs(t, 'customer')
    const password = await post(shopper, '/account', { currentPassword: 'a-long-password', password: 'x', confirmPassword: 'x' })
    expect(password.statusCode).toBe(405)
    const { shopper: visitor } = await shopperAs(t, 'anonymous')
    const signedOut = await post(visitor, '/account', typed)
    expect(signedOut.statusCode).toBe(303)
    expect(signedOut.headers.location).toBe('/auth?redirect=%2Faccount')
    const crossSite = await post(shopper, '/account', { ...typed, name: 'Someone Else' }, 'https://evil.example')
    expect(crossSite.statusCode).toBe(403)
    expect((await profileOf(shopper))?.name).not.toBe('Someone Else')
  })
})

import { describe, expect, it } from 'vitest'
import { testPublicUrl } from '../../tests/helpers/app.ts'
import { sharedTestApp } from '../../tests/helpers/shared-app.ts'
import { shopperAs } from '../../tests/helpers/accounts.ts'
import type { HttpShopper } from '../../tests/helpers/http-shopper.ts'
import { totpCode } from '../../tests/helpers/totp.ts'

// docs/product.md#accounts: /account's forms work before and without JavaScript. Each post (marked
// `form=…`) is the form's own action (its procedure's schema and service, or the shop's better-auth
// route): done, 303 to the page, which says so; refused, the page again with what was typed (never
// a password) and why. Pages come from the client build (`npm test` builds first).

const t = sharedTestApp({ pages: true })

const cookieOf = (shopper: HttpShopper) => [...shopper.jar].map(([k, v]) => `${k}=${v}`).join('; ')
const post = async (shopper: HttpShopper, path: string, fields: Record<string, string>, origin = testPublicUrl) => {
  const res = await t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin, cookie: cookieOf(shopper) },
    payload: new URLSearchParams(fields).toString(),
  })
  // The browser keeps what the answer sets (a new session after a password change, none after deleting).
  for (const c of res.cookies) {
    if (c.value === '' || (c.maxAge !== undefined && c.maxAge <= 0)) shopper.jar.delete(c.name)
    else shopper.jar.set(c.name, c.value)
  }
  return res
}
const page = (shopper: HttpShopper, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: cookieOf(shopper) } })
const signedIn = async (shopper: HttpShopper) => (await shopper.query<{ user: { email: string } } | null>('account.me')).data !== null
/** Another browser signed in to the same account. */
async function secondSession(email: string, password = 'a-long-password') {
  const { shopper } = await shopperAs(t, 'anonymous')
  const res = await shopper.auth('sign-in/email', { email, password })
  return { shopper, status: res.statusCode }
}

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
    // Two-factor's steps (its QR code, its backup codes) are the page's script's.
    const twoFactor = await post(shopper, '/account', { password: 'a-long-password' })
    expect(twoFactor.statusCode).toBe(405)
    const { shopper: visitor } = await shopperAs(t, 'anonymous')
    const signedOut = await post(visitor, '/account', typed)
    expect(signedOut.statusCode).toBe(303)
    expect(signedOut.headers.location).toBe('/auth?redirect=%2Faccount')
    const crossSite = await post(shopper, '/account', { ...typed, name: 'Someone Else' }, 'https://evil.example')
    expect(crossSite.statusCode).toBe(403)
    expect((await profileOf(shopper))?.name).not.toBe('Someone Else')
  })
})

describe("/account's other forms posted without JavaScript", () => {
  it('keep and forget the billing details, and name what is wrong beside its field', async () => {
    const { shopper } = await shopperAs(t, 'customer', { language: 'en' })
    const billing = {
      form: 'billing',
      billing_name: 'Walker Interiors SL',
      billing_id_kind: 'tax_id',
      billing_tax_id: 'b-03999992',
      billing_country: '',
    }
    const bad = await post(shopper, '/en/account', { ...billing, billing_tax_id: 'X1' })
    expect(bad.statusCode).toBe(400)
    expect(inputNamed(bad.body, 'billing_tax_id')).toContain('aria-invalid="true"')
    expect(inputNamed(bad.body, 'billing_tax_id')).toContain('autofocus')
    expect(inputNamed(bad.body, 'billing_name')).toContain('value="Walker Interiors SL"')
    expect((await shopper.query<{ saved: unknown }>('account.billing')).data?.saved).toBeNull()

    const saved = await post(shopper, '/en/account', billing)
    expect(saved.statusCode).toBe(303)
    expect(saved.headers.location).toBe('/en/account?done=billing')
    expect((await shopper.query<{ saved: { name: string; taxId: string } }>('account.billing')).data?.saved).toMatchObject({
      name: 'Walker Interiors SL',
      taxId: 'B03999992',
    })
    expect((await page(shopper, '/en/account?done=billing')).body).toMatch(/role="status"[^>]*>Your billing details have been saved./)

    const forgotten = await post(shopper, '/en/account', { ...billing, intent: 'forget' })
    expect(forgotten.headers.location).toBe('/en/account?done=billing-forgotten')
    expect((await shopper.query<{ saved: unknown }>('account.billing')).data?.saved).toBeNull()
  })

  it('change the password: the new one signs in, the old one no longer, every other session ends, this one stays', async () => {
    const { shopper, user } = await shopperAs(t, 'customer')
    const other = await secondSession(user!.email)
    expect(await signedIn(other.shopper)).toBe(true)
    const fields = {
      form: 'password',
      currentPassword: 'a-long-password',
      password: 'wavy-ceiling-tiles-42',
      confirmPassword: 'wavy-ceiling-tiles-42',
    }

    const wrong = await post(shopper, '/account', { ...fields, currentPassword: 'not-my-password' })
    expect(wrong.statusCode).toBe(400)
    expect(inputNamed(wrong.body, 'currentPassword')).toContain('aria-invalid="true"')
    expect(wrong.body).toContain('La contraseña actual no es correcta.')
    // A password is never written back into the page.
    expect(wrong.body).not.toContain('not-my-password')
    expect(wrong.body).not.toContain('wavy-ceiling-tiles-42')
    const mismatch = await post(shopper, '/account', { ...fields, confirmPassword: 'wavy-ceiling-tiles-43' })
    expect(mismatch.statusCode).toBe(400)
    expect(inputNamed(mismatch.body, 'confirmPassword')).toContain('aria-invalid="true"')

    const changed = await post(shopper, '/account', fields)
    expect(changed.statusCode).toBe(303)
    expect(changed.headers.location).toBe('/account?done=password')
    expect(await signedIn(shopper)).toBe(true)
    expect(await signedIn(other.shopper)).toBe(false)
    expect((await page(shopper, '/account?done=password')).body).toMatch(/role="status"[^>]*>Su contraseña ha cambiado/)
    expect((await secondSession(user!.email)).status).toBe(401)
    expect((await secondSession(user!.email, 'wavy-ceiling-tiles-42')).status).toBe(200)
  })

  it('ask for a change of address with the password, and send the link to the new one', async () => {
    const { shopper, user } = await shopperAs(t, 'customer', { language: 'en' })
    const newEmail = `moved-${user!.id}@example.com`
    const fields = { form: 'email', email: newEmail, password: 'a-long-password' }
    const same = await post(shopper, '/en/account', { ...fields, email: user!.email.toUpperCase() })
    expect(same.statusCode).toBe(400)
    expect(same.body).toContain('This is already your email address.')
    const wrong = await post(shopper, '/en/account', { ...fields, password: 'not-my-password' })
    expect(wrong.statusCode).toBe(400)
    expect(inputNamed(wrong.body, 'password')).toContain('aria-invalid="true"')
    expect(inputNamed(wrong.body, 'email')).toContain(`value="${newEmail}"`)
    expect(wrong.body).not.toContain('not-my-password')

    const sentBefore = t.outbox().length
    const asked = await post(shopper, '/en/account', fields)
    expect(asked.statusCode).toBe(303)
    expect(asked.headers.location).toBe('/en/account?done=email')
    const linkSent = (mail: string) => mail.includes('X-Mail-Kind: confirm-new-email') && mail.includes(`To: ${newEmail.toLowerCase()}`)
    await expect.poll(() => t.outbox().slice(sentBefore).some(linkSent)).toBe(true)
    const done = await page(shopper, '/en/account?done=email')
    expect(done.body).toContain('We have sent a link to your new address.')
    // Until the link is opened, the account keeps its address.
    expect((await shopper.query<{ user: { email: string } }>('account.me')).data?.user.email).toBe(user!.email)
  })

  it('sign every other session out', async () => {
    const { shopper, user } = await shopperAs(t, 'customer')
    const other = await secondSession(user!.email)
    const res = await post(shopper, '/account', { form: 'sessions' })
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe('/account?done=sessions')
    expect(await signedIn(shopper)).toBe(true)
    expect(await signedIn(other.shopper)).toBe(false)
  })

  it('sign this browser out (the header’s menu needs the script; this does not)', async () => {
    const { shopper, user } = await shopperAs(t, 'customer')
    const other = await secondSession(user!.email)
    const res = await post(shopper, '/en/account', { form: 'sign-out' })
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe('/en/')
    expect(await signedIn(shopper)).toBe(false)
    // Only this browser: the account's other sessions stay.
    expect(await signedIn(other.shopper)).toBe(true)
  })

  it('send the confirmation link again from any page’s button, and say so on /account', async () => {
    const { shopper, user } = await shopperAs(t, 'customer', { language: 'en', verified: false })
    const b2b = await page(shopper, '/en/b2b')
    // /b2b's button is a form of its own posted to /account, wherever it is.
    expect(b2b.body).toContain('<form action="/en/account" method="post"><input type="hidden" name="form" value="resend-verification"/>')
    const sentBefore = t.outbox().length
    const res = await post(shopper, '/en/account', { form: 'resend-verification' })
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe('/en/account?done=verification')
    await expect
      .poll(() =>
        t
          .outbox()
          .slice(sentBefore)
          .some((mail) => mail.includes('verify-email') && mail.includes(`To: ${user!.email.toLowerCase()}`)),
      )
      .toBe(true)
    expect((await page(shopper, '/en/account?done=verification')).body).toMatch(/role="status"[^>]*>We have sent a new link to/)
    // A confirmed address has nothing to send.
    const { shopper: confirmed } = await shopperAs(t, 'customer')
    const none = await post(confirmed, '/account', { form: 'resend-verification' })
    expect(none.headers.location).toBe('/account')
  })

  it('delete the account once its password is typed again; the sign-in page says so', async () => {
    const { shopper, user } = await shopperAs(t, 'customer')
    const wrong = await post(shopper, '/account', { form: 'delete-account', password: 'not-my-password' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.body).toContain('La contraseña no es correcta.')
    // The disclosure stays open, its password field marked and given the keyboard.
    expect(wrong.body).toMatch(/<details[^>]*open=""/)
    expect(await signedIn(shopper)).toBe(true)

    const deleted = await post(shopper, '/account', { form: 'delete-account', password: 'a-long-password' })
    expect(deleted.statusCode).toBe(303)
    expect(deleted.headers.location).toBe('/auth?deleted=1')
    expect(await signedIn(shopper)).toBe(false)
    expect((await secondSession(user!.email)).status).toBe(401)
    expect((await page(shopper, '/auth?deleted=1')).body).toMatch(/role="status"[^>]*>Su cuenta ha sido eliminada./)
  })
})

describe('GET /account/data.json', () => {
  it('saves everything held about the signed-in person, named in their language; a visitor goes to sign in', async () => {
    const { shopper, user } = await shopperAs(t, 'customer')
    const res = await page(shopper, '/account/data.json?lang=en')
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/)
    expect(res.json<{ account: { email: string } }>().account.email).toBe(user!.email)
    const spanish = await page(shopper, '/account/data.json?lang=es')
    expect(spanish.headers['content-disposition']).toMatch(/filename="mis-datos-/)
    const { shopper: visitor } = await shopperAs(t, 'anonymous')
    const signedOut = await page(visitor, '/account/data.json')
    expect(signedOut.statusCode).toBe(303)
    expect(signedOut.headers.location).toBe('/auth?redirect=%2Faccount')
  })
})

describe("/account's two-factor posted without JavaScript", () => {
  it('turns on with the password, then the app’s first code, showing the key’s QR code and then the backup codes; turns off with the password', async () => {
    const { shopper, user } = await shopperAs(t, 'customer', { language: 'en' })
    const wrong = await post(shopper, '/en/account', { form: 'two-factor-on', password: 'not-my-password' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.body).toContain('The password is not correct.')

    const setup = await post(shopper, '/en/account', { form: 'two-factor-on', password: 'a-long-password' })
    expect(setup.statusCode).toBe(200)
    expect(setup.headers['cache-control']).toBe('no-store')
    expect(setup.body).toMatch(/<img[^>]*src="data:image\/svg\+xml/)
    const uri = decodeURIComponent(/<input type="hidden" name="uri" value="([^"]+)"/.exec(setup.body)?.[1]?.replaceAll('&amp;', '&') ?? '')
    expect(uri).toMatch(/^otpauth:\/\/totp\//)
    const codes = /<input type="hidden" name="codes" value="([^"]+)"/.exec(setup.body)?.[1] ?? ''
    expect(codes.split(' ')).toHaveLength(10)
    const carried = { form: 'two-factor-verify', uri, codes }

    const badCode = await post(shopper, '/en/account', { ...carried, code: '000000' })
    expect(badCode.statusCode).toBe(401)
    expect(badCode.body).toContain('The code is not correct.')
    expect(badCode.body).toMatch(/<img[^>]*src="data:image\/svg\+xml/)
    expect((await shopper.query<{ user: { twoFactorEnabled: boolean } }>('account.me')).data?.user.twoFactorEnabled).toBe(false)

    const on = await post(shopper, '/en/account', { ...carried, code: await totpCode(uri) })
    expect(on.statusCode).toBe(200)
    expect(on.body).toContain('Two-factor authentication is on.')
    for (const code of codes.split(' ')) expect(on.body).toContain(`<code>${code}</code>`)
    expect((await shopper.query<{ user: { twoFactorEnabled: boolean } }>('account.me')).data?.user.twoFactorEnabled).toBe(true)
    // A backup code shown signs in (better-auth holds the same ones).
    const { shopper: elsewhere } = await shopperAs(t, 'anonymous')
    await elsewhere.auth('sign-in/email', { email: user!.email, password: 'a-long-password' })
    expect((await elsewhere.auth('two-factor/verify-backup-code', { code: codes.split(' ')[0] })).statusCode).toBe(200)

    const off = await post(shopper, '/en/account', { form: 'two-factor-off', password: 'a-long-password' })
    expect(off.statusCode).toBe(303)
    expect(off.headers.location).toBe('/en/account?done=two-factor-off')
    expect((await shopper.query<{ user: { twoFactorEnabled: boolean } }>('account.me')).data?.user.twoFactorEnabled).toBe(false)
  })
})

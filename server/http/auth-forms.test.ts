import { describe, expect, it } from 'vitest'
import { testPublicUrl } from '../../tests/helpers/app.ts'
import { sharedTestApp } from '../../tests/helpers/shared-app.ts'
import { shopperAs } from '../../tests/helpers/accounts.ts'
import { httpShopper, type HttpShopper } from '../../tests/helpers/http-shopper.ts'
import { totpCode } from '../../tests/helpers/totp.ts'
import { linkIn, waitForMail } from '../../tests/helpers/mail-links.ts'

// docs/product.md#accounts: signing in works before and without JavaScript. The form's post goes
// through the shop's own better-auth route (its waits, device cookie and session rules): signed in,
// 303 to where the page leads with the session; refused, the page again with the address typed
// (never the password) and why; with two-factor on, the code's page, whose post signs in.
// Pages come from the client build (`npm test` builds first).

const t = sharedTestApp({ pages: true })
const password = 'a-long-password'
let nextIp = 1

/** A browser of its own: posts the sign-in page's form as a browser does, keeping its cookies. */
function browser(language: 'es' | 'en' = 'es') {
  const shopper = httpShopper(t.app, { ip: `192.0.42.${nextIp++}`, language })
  const post = async (path: string, fields: Record<string, string>, origin = testPublicUrl) => {
    const res = await t.app.inject({
      method: 'POST',
      url: path,
      remoteAddress: `192.0.42.${nextIp}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin,
        cookie: [...shopper.jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      payload: new URLSearchParams(fields).toString(),
    })
    for (const c of res.cookies) {
      if (c.value === '' || c.maxAge === 0) shopper.jar.delete(c.name)
      else shopper.jar.set(c.name, c.value)
    }
    return res
  }
  return { shopper, post }
}

const signedInAs = async (shopper: HttpShopper) => (await shopper.query<{ user: { email: string } }>('account.me')).data?.user.email ?? null

describe('the sign-in form posted without JavaScript', () => {
  it('signs in and answers 303 to where the page leads, in its language, with the session', async () => {
    const { user } = await shopperAs(t, 'customer')
    const home = browser('en')
    const res = await home.post('/en/auth?redirect=%2Faccount', { email: user!.email, password })
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe('/en/account')
    expect(res.cookies.find((c) => c.name.endsWith('session_token'))?.httpOnly).toBe(true)
    expect(await signedInAs(home.shopper)).toBe(user!.email)
    // Another site's address is never where it leads.
    const other = browser()
    expect((await other.post('/auth?redirect=%2F%2Fevil.example', { email: user!.email, password })).headers.location).toBe('/')
  })

  it.each([
    ['es', '/auth', 'Correo electrónico o contraseña incorrectos'],
    ['en', '/en/auth', 'Invalid email or password'],
  ])('in %s, a wrong password comes back beside the password, the address kept and the password not', async (_language, path, message) => {
    const { user } = await shopperAs(t, 'customer')
    const visitor = browser()
    const res = await visitor.post(path, { email: user!.email, password: 'not-the-password-9' })
    expect(res.statusCode).toBe(401)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.body).toContain(`value="${user!.email}"`)
    expect(res.body).not.toContain('not-the-password-9')
    const passwordInput = /<input[^>]*type="password"[^>]*>/.exec(res.body)?.[0] ?? ''
    expect(passwordInput).toContain('aria-invalid="true"')
    expect(passwordInput).toMatch(/autofocus/i)
    expect(passwordInput).not.toContain('value="not')
    expect(res.body).toContain(message)
    expect(await signedInAs(visitor.shopper)).toBeNull()
  })

  it('asks to fill in every field when one is empty, and refuses a post from another site', async () => {
    const empty = await browser().post('/auth', { email: 'ana@example.com', password: '' })
    expect(empty.statusCode).toBe(400)
    expect(empty.body).toMatch(/role="alert"[^>]*>Por favor, complete todos los campos/)
    const { user } = await shopperAs(t, 'customer')
    const crossSite = browser()
    const res = await crossSite.post('/auth', { email: user!.email, password }, 'https://evil.example')
    expect(res.statusCode).toBe(403)
    expect(await signedInAs(crossSite.shopper)).toBeNull()
  })

  it('with two-factor on, answers the code page, and the code signs in; a wrong code says so and gives no session', async () => {
    const { shopper, user } = await shopperAs(t, 'customer', { language: 'en' })
    const enabled = await shopper.auth('two-factor/enable', { password })
    const { totpURI } = enabled.json<{ totpURI: string }>()
    expect((await shopper.auth('two-factor/verify-totp', { code: await totpCode(totpURI) })).statusCode).toBe(200)

    const home = browser('en')
    const step = await home.post('/en/auth?redirect=%2Forders', { email: user!.email, password })
    expect(step.statusCode).toBe(200)
    expect(step.body).toContain('Enter the 6-digit code that your authenticator app shows for this shop.')
    expect(step.body).toMatch(/<input[^>]*name="code"/)
    expect(await signedInAs(home.shopper)).toBeNull()

    const wrong = await home.post('/en/auth?redirect=%2Forders', { code: '000000' })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.body).toContain('The code is not correct. Check the time on your phone and try the newest code.')
    expect(await signedInAs(home.shopper)).toBeNull()

    const right = await home.post('/en/auth?redirect=%2Forders', { code: await totpCode(totpURI) })
    expect(right.statusCode).toBe(303)
    expect(right.headers.location).toBe('/en/orders')
    expect(await signedInAs(home.shopper)).toBe(user!.email)
  })

  it('with two-factor on and the phone lost, switches to a backup code, which signs in once', async () => {
    const { shopper, user } = await shopperAs(t, 'customer', { language: 'en' })
    const enabled = await shopper.auth('two-factor/enable', { password })
    const { totpURI, backupCodes } = enabled.json<{ totpURI: string; backupCodes: string[] }>()
    expect((await shopper.auth('two-factor/verify-totp', { code: await totpCode(totpURI) })).statusCode).toBe(200)
    const backupCode = backupCodes[0]!

    const home = browser('en')
    await home.post('/en/auth', { email: user!.email, password })
    // "Use a backup code instead" is a submit button of its own: the step again, asking for a backup code.
    const switched = await home.post('/en/auth', { mode: 'totp', code: '', switch: 'backup' })
    expect(switched.statusCode).toBe(200)
    expect(switched.body).toContain('Enter one of the backup codes you saved when you turned on two-factor.')
    expect(switched.body).toMatch(/<input[^>]*name="mode"[^>]*value="backup"/)

    const wrong = await home.post('/en/auth', { mode: 'backup', code: 'not-a-code' })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.body).toContain('This backup code is not valid or was already used.')
    expect(wrong.body).toMatch(/<input[^>]*name="mode"[^>]*value="backup"/)
    expect(await signedInAs(home.shopper)).toBeNull()

    const right = await home.post('/en/auth', { mode: 'backup', code: backupCode })
    expect(right.statusCode).toBe(303)
    expect(await signedInAs(home.shopper)).toBe(user!.email)
    // Each backup code works once.
    const again = browser('en')
    await again.post('/en/auth', { email: user!.email, password })
    expect((await again.post('/en/auth', { mode: 'backup', code: backupCode })).statusCode).toBe(401)
    expect(await signedInAs(again.shopper)).toBeNull()
  })
})

describe('the sign-up form posted without JavaScript', () => {
  const newAccount = { fullName: 'Ana Pérez', password: 'violeta-sobre-azulejo', confirmPassword: 'violeta-sobre-azulejo' }

  it('creates the account and answers 303 to where the page leads, signed in', async () => {
    const home = browser('en')
    const email = `signup-${nextIp}@example.com`
    const res = await home.post('/en/auth?tab=signup&redirect=%2Fcheckout', { ...newAccount, email })
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe('/en/checkout')
    expect(res.cookies.find((c) => c.name.endsWith('session_token'))?.httpOnly).toBe(true)
    expect(await signedInAs(home.shopper)).toBe(email)
  })

  it.each([
    ['es', '/auth?tab=signup', 'Las contraseñas no coinciden', 'Esta contraseña es demasiado común', 'Ya existe una cuenta con este correo'],
    ['en', '/en/auth?tab=signup', 'Passwords do not match', 'This password is too common', 'An account with this email already exists'],
  ])(
    'in %s, each refusal comes back beside its field with the name and address kept, never a password',
    async (_language, path, mismatch, common, exists) => {
      const visitor = browser()
      const email = `refused-${nextIp}@example.com`
      const differ = await visitor.post(path, { ...newAccount, email, confirmPassword: 'violeta-sobre-azulej0' })
      expect(differ.statusCode).toBe(400)
      expect(differ.headers['cache-control']).toBe('no-store')
      expect(differ.body).toContain('value="Ana Pérez"')
      expect(differ.body).toContain(`value="${email}"`)
      expect(differ.body).not.toContain('violeta-sobre')
      const confirm = /<input[^>]*name="confirmPassword"[^>]*>/.exec(differ.body)?.[0] ?? ''
      expect(confirm).toContain('aria-invalid="true"')
      expect(confirm).toMatch(/autofocus/i)
      expect(differ.body).toContain(mismatch)

      // The server's own checks (server/http/auth-routes.ts): a common password, an address that has an account.
      const weak = await visitor.post(path, { ...newAccount, email, password: 'password1', confirmPassword: 'password1' })
      expect(weak.statusCode).toBe(400)
      expect(/<input[^>]*name="password"[^>]*>/.exec(weak.body)?.[0]).toContain('aria-invalid="true"')
      expect(weak.body).toContain(common)
      expect(weak.body).not.toContain('password1"')
      const { user } = await shopperAs(t, 'customer')
      const taken = await visitor.post(path, { ...newAccount, email: user!.email })
      expect(/<input[^>]*name="email"[^>]*>/.exec(taken.body)?.[0]).toContain('aria-invalid="true"')
      expect(taken.body).toContain(exists)
      expect(await signedInAs(visitor.shopper)).toBeNull()
    },
  )

  it('asks to fill in every field when one is empty', async () => {
    const res = await browser().post('/auth?tab=signup', { ...newAccount, email: '' })
    expect(res.statusCode).toBe(400)
    expect(res.body).toMatch(/role="alert"[^>]*>Por favor, complete todos los campos/)
  })
})

describe('the new password from the reset email, posted without JavaScript', () => {
  /** Asks for a reset link for `email` (as the sign-in page's dialog does) and gives the token the email links with. */
  async function resetTokenFor(email: string) {
    const since = t.outbox().length
    const asked = await browser().shopper.auth('request-password-reset', { email, redirectTo: '/auth/reset' })
    expect(asked.statusCode).toBe(200)
    const mail = await waitForMail(t.outbox, email, (m) => m.includes('/auth/reset?token=') && !m.includes('X-Mail-Kind: verify-email'), since)
    return new URL(linkIn(mail, '/auth/reset?token=')).searchParams.get('token')!
  }

  it('is asked for from the sign-in page without JavaScript: the link it leads to, the form, the same answer for any address', async () => {
    const { user } = await shopperAs(t, 'customer')
    const visitor = browser('en')
    const signIn = await t.app.inject({ method: 'GET', url: '/en/auth' })
    expect(signIn.body).toMatch(/<a[^>]*href="\/en\/auth\?forgot=1"[^>]*>Forgot your password\?<\/a>/)
    const bad = await visitor.post('/en/auth?forgot=1', { form: 'forgot', email: 'not-an-address' })
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toMatch(/<input[^>]*aria-invalid="true"[^>]*name="email" value="not-an-address"/)
    const since = t.outbox().length
    const asked = await visitor.post('/en/auth?forgot=1', { form: 'forgot', email: user!.email })
    expect(asked.statusCode).toBe(303)
    expect(asked.headers.location).toBe('/en/auth?forgot=1&sent=1')
    await waitForMail(t.outbox, user!.email, (m) => m.includes('/auth/reset?token='), since)
    // An address without an account gets the same answer (and no email).
    const unknown = await visitor.post('/en/auth?forgot=1', { form: 'forgot', email: `nobody-${user!.id}@example.com` })
    expect(unknown.headers.location).toBe('/en/auth?forgot=1&sent=1')
    const sent = await t.app.inject({ method: 'GET', url: '/en/auth?forgot=1&sent=1' })
    expect(sent.body).toMatch(/role="status"[^>]*>If an account exists for that address, we have sent a link/)
  })

  it('changes the password and answers 303 to the sign-in page, which says so; the link then no longer works', async () => {
    const { user } = await shopperAs(t, 'customer')
    const token = await resetTokenFor(user!.email)
    const newPassword = 'marea-baja-en-la-bahia'
    const visitor = browser('en')
    const res = await visitor.post(`/en/auth/reset?token=${token}`, { password: newPassword, confirmPassword: newPassword })
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe('/en/auth?reset=1')
    const page = await t.app.inject({ method: 'GET', url: '/en/auth?reset=1' })
    expect(page.body).toMatch(/role="status"[^>]*>Your password has been changed. Sign in with the new one./)
    // The new password signs in; the old one does not.
    expect((await browser().post('/auth', { email: user!.email, password: newPassword })).statusCode).toBe(303)
    expect((await browser().post('/auth', { email: user!.email, password })).statusCode).toBe(401)
    // Used once: the link's failure is said above the form.
    const again = await visitor.post(`/en/auth/reset?token=${token}`, { password: 'otra-marea-mas-alta', confirmPassword: 'otra-marea-mas-alta' })
    expect(again.statusCode).toBe(400)
    expect(again.body).toMatch(/role="alert"[^>]*>This link is not valid or has expired/)
  })

  it('says a mismatch and a common password beside their fields, never echoing a password, and changes nothing', async () => {
    const { user } = await shopperAs(t, 'customer')
    const token = await resetTokenFor(user!.email)
    const visitor = browser()
    const differ = await visitor.post(`/auth/reset?token=${token}`, { password: 'marea-baja-en-la-bahia', confirmPassword: 'marea-alta' })
    expect(differ.statusCode).toBe(400)
    expect(differ.body).toContain('Las contraseñas no coinciden')
    expect(/<input[^>]*name="confirmPassword"[^>]*>/.exec(differ.body)?.[0]).toContain('aria-invalid="true"')
    expect(differ.body).not.toContain('marea-')
    const common = await visitor.post(`/auth/reset?token=${token}`, { password: 'password1', confirmPassword: 'password1' })
    expect(common.statusCode).toBe(400)
    expect(/<input[^>]*name="password"[^>]*>/.exec(common.body)?.[0]).toContain('aria-invalid="true"')
    expect(common.body).toContain('Esta contraseña es demasiado común')
    // Still the old password.
    expect((await browser().post('/auth', { email: user!.email, password })).statusCode).toBe(303)
  })
})

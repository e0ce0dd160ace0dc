import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { shopperAs } from '../helpers/accounts.ts'
import { withHttpsApp } from '../helpers/app.ts'
import { sharedTestApp } from '../helpers/shared-app.ts'
import { httpShopper, type HttpShopper } from '../helpers/http-shopper.ts'
import { totpCode } from '../helpers/totp.ts'
import { createRateLimits } from '../../server/services/rate-limits.ts'
import { deviceCookieMaxAgeSeconds, deviceCookies } from '../../server/http/device-cookie.ts'

// Wrong passwords slow an account down without locking its owner out (docs/decisions/008): a wait
// that grows with each failure past the fourth, the same for every address, and a device cookie
// that lets a browser which completed a sign-in to the account in before, never past the second
// factor. The wait is let pass by ending it in the limits the app holds: no test sleeps.
// The waits are read on a clock that stands still (only Date is faked, timers run): a loaded
// machine's slow password hashing never shortens a Retry-After between a failure and the next try.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
})
afterAll(() => {
  vi.useRealTimers()
})
const limits = createRateLimits()
const t = sharedTestApp({ limits })
let nextIp = 1

const password = 'a-long-password'
const cookieName = 'sign_in_device'
/** A browser of its own client address: a stranger sends each guess from another one. */
const browser = () => httpShopper(t.app, { ip: `10.7.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`, language: 'en' })
const signIn = (shopper: HttpShopper, email: string, pass = password) => shopper.auth('sign-in/email', { email, password: pass })
/** The wait an address is in passes (as 30 s … 20 min would). */
const letWaitPass = (email: string) => limits.reset('signInWaitPerAccount', email.toLowerCase())

/** `count` wrong passwords for `email`, each from a new client address: their statuses. */
async function strangerGuesses(email: string, count: number) {
  const statuses: number[] = []
  for (let i = 0; i < count; i++) statuses.push((await signIn(browser(), email, `wrong-guess-${i}-${randomUUID()}`)).statusCode)
  return statuses
}

/** An account (signed up in its own browser) and a second browser that completed a sign-in to it. */
async function ownerAtHome() {
  const { shopper, user } = await shopperAs(t, 'customer', { language: 'en' })
  const home = browser()
  const res = await signIn(home, user!.email)
  expect(res.statusCode).toBe(200)
  return { user: user!, signedUp: shopper, home, signIn: res }
}

function expectWait(res: { statusCode: number; headers: Record<string, unknown> }, seconds: number) {
  expect(res.statusCode).toBe(429)
  expect(Number(res.headers['retry-after'])).toBe(seconds)
}

const signedInAs = async (shopper: HttpShopper) => (await shopper.query<{ user: { email: string } }>('account.me')).data?.user.email ?? null

describe('the wait after wrong passwords grows, and never becomes a lock', () => {
  it('costs nothing for 4 failures, then 30 s, 1, 2, 4, 8, 16 and at most 20 minutes; refused tries are not checked or counted', async () => {
    const { user } = await ownerAtHome()
    expect(await strangerGuesses(user.email, 5)).toEqual([401, 401, 401, 401, 401])
    expectWait(await signIn(browser(), user.email, 'wrong-again-123'), 30)
    // Refused whatever the password, and not counted: the next failure earns 1 minute, not more.
    expectWait(await signIn(browser(), user.email), 30)
    const waits = [60, 120, 240, 480, 960, 1200, 1200]
    for (const wait of waits) {
      await letWaitPass(user.email)
      expect(await strangerGuesses(user.email, 1)).toEqual([401])
      expectWait(await signIn(browser(), user.email.toUpperCase()), wait)
    }
    // Once the wait is over, the owner's password works from any browser and clears the count.
    await letWaitPass(user.email)
    const owner = browser()
    expect((await signIn(owner, user.email)).statusCode).toBe(200)
    expect(await signedInAs(owner)).toBe(user.email)
    expect(await strangerGuesses(user.email, 4)).toEqual([401, 401, 401, 401])
    expect((await signIn(browser(), user.email)).statusCode).toBe(200)
  })

  it('answers a known and an unknown address alike at every step', async () => {
    const { user } = await ownerAtHome()
    const unknown = `nobody-${randomUUID()}@example.com`
    const volatile = new Set(['date', 'x-request-id', 'retry-after'])
    /** The answer without what changes from one request to the next, and its Retry-After apart. */
    const answer = async (email: string) => {
      const res = await signIn(browser(), email, 'not-the-password-1')
      const headers = Object.entries(res.headers).filter(([name]) => !volatile.has(name))
      return { alike: { status: res.statusCode, headers, body: res.body }, retryAfter: Number(res.headers['retry-after'] ?? 0) }
    }
    const both = async () => {
      const [known, nobody] = [await answer(user.email), await answer(unknown)]
      expect(nobody.alike).toEqual(known.alike)
      return { status: known.alike.status, waits: [known.retryAfter, nobody.retryAfter] }
    }
    for (let i = 0; i < 5; i++) expect(await both()).toEqual({ status: 401, waits: [0, 0] })
    for (const wait of [30, 60, 120]) {
      if (wait > 30) {
        for (const email of [user.email, unknown]) await letWaitPass(email)
        expect(await both()).toEqual({ status: 401, waits: [0, 0] })
      }
      const refused = await both()
      expect(refused.status).toBe(429)
      expect(refused.waits).toEqual([wait, wait])
    }
  })
})

describe('a browser that signed in before keeps getting in (its device cookie)', () => {
  it("lets the owner in from that browser after a stranger's failures, while a fresh browser waits", async () => {
    const { user, signedUp, home, signIn: first } = await ownerAtHome()
    // Set at sign-in, not at sign-up: httpOnly, SameSite=Lax, whole site, 180 days.
    expect(signedUp.jar.has(cookieName)).toBe(false)
    expect(first.cookies.find((c) => c.name === cookieName)).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: deviceCookieMaxAgeSeconds,
    })
    expect(home.jar.get(cookieName)).toMatch(new RegExp(`^v1\\.${user.id}\\.[A-Za-z0-9_-]+\\.[0-9]+\\.[A-Za-z0-9_-]+$`))
    expect((await home.auth('sign-out')).statusCode).toBe(200)

    expect(await strangerGuesses(user.email, 6)).toEqual([401, 401, 401, 401, 401, 429])
    const fresh = await signIn(browser(), user.email)
    expectWait(fresh, 30)
    expect(fresh.json()).toEqual({ code: 'TOO_MANY_ATTEMPTS', message: 'Too many attempts. Please wait a few minutes and try again.' })

    const again = await signIn(home, user.email)
    expect(again.statusCode).toBe(200)
    expect(await signedInAs(home)).toBe(user.email)
    // A sign-in renews the cookie and keeps the browser's device id.
    const renewed = again.cookies.find((c) => c.name === cookieName)!.value
    expect(renewed.split('.')[2]).toBe(first.cookies.find((c) => c.name === cookieName)!.value.split('.')[2])
  })

  it("waives nothing with another user's cookie, a tampered one, an expired one or one signed with another key", async () => {
    const { user, home } = await ownerAtHome()
    const { home: otherHome } = await ownerAtHome()
    const genuine = home.jar.get(cookieName)!
    const [, , deviceId] = genuine.split('.')
    const sign = (secret: string, issuedAt?: number) =>
      deviceCookies({ secret, secure: false }).sign({ userId: user.id, deviceId: deviceId! }, issuedAt)
    const tampered = genuine.replace(/\.([0-9]+)\./, (_, issued: string) => `.${Number(issued) - 1}.`)
    const candidates = {
      "another user's": otherHome.jar.get(cookieName)!,
      tampered,
      expired: sign(t.env.BETTER_AUTH_SECRET, Math.floor(Date.now() / 1000) - deviceCookieMaxAgeSeconds - 60),
      'another key’s': sign('another-secret-that-is-long-enough-0123456789'),
      'made up': `v1.${user.id}.${deviceId}.${Math.floor(Date.now() / 1000)}.${'A'.repeat(43)}`,
    }

    await strangerGuesses(user.email, 5)
    for (const [kind, value] of Object.entries(candidates)) {
      const holder = browser()
      holder.jar.set(cookieName, value)
      const res = await signIn(holder, user.email)
      expect(res.statusCode, kind).toBe(429)
      expectWait(res, 30)
      expect(await signedInAs(holder), kind).toBeNull()
    }
    // The genuine cookie, in any browser that holds it, does.
    const holder = browser()
    holder.jar.set(cookieName, genuine)
    expect((await signIn(holder, user.email)).statusCode).toBe(200)
  })

  it('stops waiving after 5 wrong passwords from that browser, which never count on the account', async () => {
    const { user, home } = await ownerAtHome()
    const deviceId = home.jar.get(cookieName)!.split('.')[2]!
    expect((await home.auth('sign-out')).statusCode).toBe(200)
    expect(await strangerGuesses(user.email, 6)).toEqual([401, 401, 401, 401, 401, 429])
    for (let i = 0; i < 5; i++) expect((await signIn(home, user.email, `typo-${i}-password`)).statusCode).toBe(401)
    expectWait(await signIn(home, user.email), 30)
    expect(await signedInAs(home)).toBeNull()
    // The account's count did not move: its 6th failure earns 1 minute, as after the stranger's 5.
    await letWaitPass(user.email)
    expect(await strangerGuesses(user.email, 1)).toEqual([401])
    expectWait(await signIn(browser(), user.email), 60)
    // Once the device's window has passed, it lets the owner in again.
    await limits.reset('signInFailuresPerDevice', deviceId)
    expect((await signIn(home, user.email)).statusCode).toBe(200)
    expect(await signedInAs(home)).toBe(user.email)
  })

  it('uses the __Host- prefix and Secure when PUBLIC_URL is https', async () => {
    const email = `secure-${randomUUID()}@example.com`
    await withHttpsApp('10.7.250.1', async (post) => {
      expect((await post('/api/auth/sign-up/email', { email, password, name: 'Sara Segura' })).statusCode).toBe(200)
      const res = await post('/api/auth/sign-in/email', { email, password })
      expect(res.statusCode).toBe(200)
      expect(res.cookies.find((c) => c.name === `__Host-${cookieName}`)).toMatchObject({ secure: true, path: '/', httpOnly: true, sameSite: 'Lax' })
      expect(res.cookies.find((c) => c.name === cookieName)).toBeUndefined()
    })
  })
})

describe('with two-factor on, the device cookie never skips the code', () => {
  /** An account with two-factor turned on from the browser it signed up in. */
  async function withTwoFactor() {
    const { shopper, user } = await shopperAs(t, 'customer', { language: 'en' })
    const enabled = await shopper.auth('two-factor/enable', { password })
    expect(enabled.statusCode).toBe(200)
    const { totpURI, backupCodes } = enabled.json<{ totpURI: string; backupCodes: string[] }>()
    expect((await shopper.auth('two-factor/verify-totp', { code: await totpCode(totpURI) })).statusCode).toBe(200)
    return { user: user!, totpURI, backupCodes }
  }

  it('sets the cookie after the code, not after the password step', async () => {
    const { user, totpURI } = await withTwoFactor()
    const home = browser()
    const passwordStep = await signIn(home, user.email)
    expect(passwordStep.json<{ twoFactorRedirect?: boolean }>().twoFactorRedirect).toBe(true)
    expect(passwordStep.cookies.find((c) => c.name === cookieName)).toBeUndefined()
    expect(home.jar.has(cookieName)).toBe(false)
    const code = await home.auth('two-factor/verify-totp', { code: await totpCode(totpURI) })
    expect(code.statusCode).toBe(200)
    expect(code.cookies.find((c) => c.name === cookieName)?.value).toMatch(new RegExp(`^v1\\.${user.id}\\.`))
  })

  it('still asks that browser for the code after a stranger’s failures, and gives no session without it', async () => {
    const { user, totpURI, backupCodes } = await withTwoFactor()
    const home = browser()
    await signIn(home, user.email)
    expect((await home.auth('two-factor/verify-totp', { code: await totpCode(totpURI) })).statusCode).toBe(200)
    expect((await home.auth('sign-out')).statusCode).toBe(200)
    expect(home.jar.has(cookieName)).toBe(true)

    expect(await strangerGuesses(user.email, 6)).toEqual([401, 401, 401, 401, 401, 429])
    expectWait(await signIn(browser(), user.email), 30)

    const passwordStep = await signIn(home, user.email)
    expect(passwordStep.statusCode).toBe(200)
    expect(passwordStep.json<{ twoFactorRedirect?: boolean }>().twoFactorRedirect).toBe(true)
    expect(passwordStep.cookies.some((c) => c.name.endsWith('session_token') && c.value !== '')).toBe(false)
    expect(await signedInAs(home)).toBeNull()
    expect((await home.auth('two-factor/verify-backup-code', { code: backupCodes[0] })).statusCode).toBe(200)
    expect(await signedInAs(home)).toBe(user.email)
  })
})

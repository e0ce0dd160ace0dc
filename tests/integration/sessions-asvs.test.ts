import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { session } from '../../server/db/schema/index.ts'
import { shopperAs } from '../helpers/accounts.ts'
import { createTestApp, withHttpsApp } from '../helpers/app.ts'
import { sharedTestApp } from '../helpers/shared-app.ts'
import { httpShopper, productIds, testShipping, type HttpShopper } from '../helpers/http-shopper.ts'

// Sessions and sign-up to OWASP ASVS level 2 (docs/decisions/013): each `row` is the line of the
// review's table it proves, numbered as `npm run check:asvs` replays them.
let productId: string
let nextIp = 1
const t = sharedTestApp()
beforeAll(async () => {
  productId = [...(await productIds(t.app)).values()][0]!
})

const browser = (app = t, opts: Parameters<typeof httpShopper>[1] = {}) => httpShopper(app.app, { ip: `192.0.2.${nextIp++}`, ...opts })

async function signedUp(email = `asvs-${randomUUID()}@example.com`, password = 'correct-horse-battery') {
  const shopper = browser()
  const res = await shopper.auth('sign-up/email', { email, password, name: 'Marta Gil' })
  expect(res.statusCode).toBe(200)
  return { shopper, email, password, signUp: res }
}

async function signedIn(email: string, password: string) {
  const shopper = browser()
  const res = await shopper.auth('sign-in/email', { email, password })
  expect(res.statusCode).toBe(200)
  return { shopper, signIn: res }
}

const sessionCookie = (shopper: HttpShopper) => [...shopper.jar].find(([name]) => name.endsWith('session_token'))?.[1]

describe('row 1: no response body carries a session token', () => {
  it('sign-up, sign-in and get-session answer without the token, with no-store; list-sessions is not offered', async () => {
    const { email, password, signUp, shopper } = await signedUp()
    const { signIn } = await signedIn(email, password)
    const token = decodeURIComponent(sessionCookie(shopper)!).split('.')[0]!
    for (const res of [signUp, signIn]) {
      expect(res.json()).not.toHaveProperty('token')
      expect(res.headers['cache-control']).toBe('no-store')
    }
    const session = await shopper.authGet('get-session')
    expect(session.statusCode).toBe(200)
    expect(session.body).not.toContain(token)
    expect(session.json<{ session: Record<string, unknown> }>().session).not.toHaveProperty('token')
    expect(session.headers['cache-control']).toBe('no-store')
    expect((await shopper.authGet('list-sessions')).statusCode).toBe(404)
  })
})

describe('row 2: a password change ends the other sessions and rotates this one; unused endpoints are off', () => {
  it('signs out every other session even when the caller does not ask to', async () => {
    const { shopper: first, email, password } = await signedUp()
    const { shopper: second } = await signedIn(email, password)
    const before = sessionCookie(first)
    const changed = await first.auth('change-password', { currentPassword: password, newPassword: 'another-long-password' })
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).not.toHaveProperty('token')
    expect((await second.query('account.me')).data).toBeNull()
    expect(sessionCookie(first)).not.toBe(before)
    expect((await first.query('account.me')).data).not.toBeNull()
    // The old cookie no longer works.
    const replay = browser()
    replay.jar.set([...first.jar].find(([n]) => n.endsWith('session_token'))![0], before!)
    expect((await replay.query('account.me')).data).toBeNull()
  })

  it.each([
    ['POST', 'update-user'],
    ['GET', 'list-sessions'],
    ['POST', 'revoke-session'],
    ['POST', 'revoke-sessions'],
    ['GET', 'list-accounts'],
    ['POST', 'set-password'],
    ['POST', 'two-factor/get-totp-uri'],
    ['POST', 'two-factor/send-otp'],
    ['GET', 'delete-user/callback'],
  ] as const)('%s /api/auth/%s answers 404', async (method, path) => {
    const { shopper } = await signedUp()
    expect((method === 'POST' ? await shopper.auth(path) : await shopper.authGet(path)).statusCode).toBe(404)
  })
})

describe('row 7: signing in over another user’s session ends that session', () => {
  it('leaves alice’s old cookie worthless once bob signs in in the same browser', async () => {
    const alice = await signedUp()
    const bob = await signedUp()
    const aliceCookie = sessionCookie(alice.shopper)!
    const cookieName = [...alice.shopper.jar].find(([n]) => n.endsWith('session_token'))![0]
    expect((await alice.shopper.auth('sign-in/email', { email: bob.email, password: bob.password })).statusCode).toBe(200)
    const replay = browser()
    replay.jar.set(cookieName, aliceCookie)
    expect((await replay.query('account.me')).data).toBeNull()
  })
})

async function guestCheckout() {
  const guest = browser()
  expect((await guest.mutation('cart.add', { productId, quantity: 1 })).status).toBe(200)
  const checkoutKey = randomUUID()
  const created = await guest.mutation<{ orderId: string; orderNumber: string; paymentUrl: string }>('checkout.create', {
    shipping: testShipping,
    checkoutKey,
  })
  expect(created.status).toBe(200)
  return { guest, checkoutKey, ...created.data! }
}

describe('row 9: only the buyer learns an order’s state', () => {
  it('answers a stranger 404, and the buyer or the payment session’s holder the state', async () => {
    const { guest, orderId, paymentUrl } = await guestCheckout()
    const stranger = await browser().mutation('checkout.confirm', { orderId })
    expect(stranger.status).toBe(404)
    expect(JSON.stringify(stranger.error)).not.toContain('PED-')
    const buyer = await guest.mutation<{ email: string }>('checkout.confirm', { orderId })
    expect(buyer.status).toBe(200)
    // The buyer's success page says where the confirmation went.
    expect(buyer.data?.email).toBe(testShipping.email)
    const sessionId = paymentUrl.split('/').at(-1)!
    expect((await browser().mutation('checkout.confirm', { orderId, sessionId })).status).toBe(200)
  })
})

describe('row 10: a checkout key belongs to the cart that made it', () => {
  it('refuses another guest who replays it', async () => {
    const { checkoutKey, orderId } = await guestCheckout()
    const other = browser()
    expect((await other.mutation('cart.add', { productId, quantity: 1 })).status).toBe(200)
    const replay = await other.mutation<{ orderId: string }>('checkout.create', { shipping: testShipping, checkoutKey })
    expect(replay.status).toBe(412)
    expect(replay.data?.orderId).not.toBe(orderId)
    expect(JSON.stringify(replay.res.json())).not.toContain(orderId)
  })
})

describe('row 11: names and profile fields are bounded', () => {
  it.each([
    ['a 500,000-character name', 'x'.repeat(500_000)],
    ['an empty name', ''],
    ['spaces only', '   '],
    ['a name with a control character', 'Marta\u0000Gil'],
  ])('refuses sign-up with %s', async (_label, name) => {
    const res = await browser().auth('sign-up/email', { email: `name-${randomUUID()}@example.com`, password: 'correct-horse-battery', name })
    expect(res.statusCode).toBe(400)
  })
})

describe('row 12: control characters are refused with a clear message', () => {
  it('answers 400 in the caller’s language for a NUL in a shipping field, and creates nothing', async () => {
    const guest = browser()
    await guest.mutation('cart.add', { productId, quantity: 1 })
    const res = await guest.mutation('checkout.create', { shipping: { ...testShipping, full_name: 'Lucía\u0000Pérez' }, checkoutKey: randomUUID() })
    expect(res.status).toBe(400)
    expect(res.error?.message).toBe('El texto contiene caracteres no permitidos')
    expect(res.res.body).not.toMatch(/insert|select|SQL/i)
  })
})

describe('row 13: headers', () => {
  it('sends a Permissions-Policy that turns off what the shop does not use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' })
    const policy = res.headers['permissions-policy']
    expect(policy).toContain('camera=()')
    expect(policy).toContain('microphone=()')
    expect(policy).toContain('geolocation=()')
    expect(policy).toContain('payment=()')
  })
})

describe('row 14: same-origin means the configured public URL', () => {
  it('refuses a foreign Origin even with a matching X-Forwarded-Host from a trusted proxy', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '10.0.0.1' } })
    try {
      const s = httpShopper(proxied.app, { ip: '10.0.0.1', headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' } })
      const res = await s.mutation('cart.clear', undefined, { origin: 'http://evil.example' })
      expect(res.status).toBe(403)
    } finally {
      await proxied.app.close()
    }
  })
})

describe('row 3: sign-up cannot hide an address, so it is limited and the owner is told', () => {
  it('answers a plain message in any letter case, emails the owner, and limits tries per address', async () => {
    const { email } = await signedUp(`Taken-${randomUUID()}@Example.com`)
    const before = t.outbox().length
    const again = await browser(t, { language: 'en' }).auth('sign-up/email', {
      email: email.toUpperCase(),
      password: 'correct-horse-battery',
      name: 'Eve',
    })
    expect(again.statusCode).toBe(422)
    expect(again.json()).toEqual({
      code: 'USER_ALREADY_EXISTS',
      message: 'An account with this email already exists. Sign in, or reset your password if you have forgotten it.',
    })
    await expect
      .poll(
        () =>
          t
            .outbox()
            .slice(before)
            .filter((m) => m.includes('X-Mail-Kind: sign-up-attempt') && m.includes(`To: ${email.toLowerCase()}`)).length,
      )
      .toBe(1)
    // Three tries an hour per address (the first sign-up was one), from any client.
    const third = await browser().auth('sign-up/email', { email, password: 'correct-horse-battery', name: 'Eve' })
    expect(third.statusCode).toBe(422)
    const fourth = await browser().auth('sign-up/email', { email, password: 'correct-horse-battery', name: 'Eve' })
    expect(fourth.statusCode).toBe(429)
  })

  it('limits sign-ups per client address', async () => {
    const client = browser()
    const statuses = []
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await client.auth('sign-up/email', { email: `many-${randomUUID()}@example.com`, password: 'correct-horse-battery', name: 'Bot' }))
          .statusCode,
      )
      client.jar.clear()
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true)
    expect(statuses[10]).toBe(429)
  })
})

describe('row 4: passwords are counted in characters, and common ones are refused', () => {
  it.each([
    ['aaaaaaaa', 'Esta contraseña es demasiado común y fácil de adivinar. Elija otra.'],
    ['        ', 'Esta contraseña es demasiado común y fácil de adivinar. Elija otra.'],
    ['😀😀😀😀', 'La contraseña debe tener al menos 8 caracteres'],
    ['password1', 'Esta contraseña es demasiado común y fácil de adivinar. Elija otra.'],
    ['Qwerty123', 'Esta contraseña es demasiado común y fácil de adivinar. Elija otra.'],
  ])('refuses %j at sign-up with a clear message', async (password, message) => {
    const res = await browser().auth('sign-up/email', { email: `weak-${randomUUID()}@example.com`, password, name: 'Marta Gil' })
    expect(res.statusCode).toBe(400)
    expect(res.json<{ message: string }>().message).toBe(message)
  })

  it('applies the same rules to a password change', async () => {
    const { shopper, password } = await signedUp()
    const res = await shopper.auth('change-password', { currentPassword: password, newPassword: 'iloveyou' })
    expect(res.statusCode).toBe(400)
  })
})

describe('row 5: wrong passwords from several addresses slow the account down, never lock its owner out', () => {
  const guesses = async (email: string, count: number) => {
    const statuses: number[] = []
    for (let i = 0; i < count; i++) {
      statuses.push(
        (await httpShopper(t.app, { ip: `198.18.5.${i % 4}` }).auth('sign-in/email', { email, password: `wrong-password-${i}` })).statusCode,
      )
    }
    return statuses
  }

  it('makes the right password wait after 12 failures from 4 addresses, except in a browser that signed in before; a reset link works', async () => {
    const { email } = await signedUp()
    // The owner completed a sign-in in this browser once: it holds the account's device cookie.
    const home = browser()
    expect((await home.auth('sign-in/email', { email, password: 'correct-horse-battery' })).statusCode).toBe(200)
    expect((await home.auth('sign-out')).statusCode).toBe(200)
    // The fifth failure starts a 30-second wait: the guesses sent during it are not checked.
    expect(await guesses(email, 12)).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429, 429, 429])
    const fresh = await browser().auth('sign-in/email', { email, password: 'correct-horse-battery' })
    expect(fresh.statusCode).toBe(429)
    expect(Number(fresh.headers['retry-after'])).toBeLessThanOrEqual(30)
    expect((await home.auth('sign-in/email', { email, password: 'correct-horse-battery' })).statusCode).toBe(200)
    expect((await home.query('account.me')).data).not.toBeNull()

    // A reset link also ends the wait, in any browser.
    expect(await guesses(email, 6)).toEqual([401, 401, 401, 401, 401, 429])
    expect((await browser().auth('sign-in/email', { email, password: 'correct-horse-battery' })).statusCode).toBe(429)
    const before = t.outbox().length
    expect((await browser().auth('request-password-reset', { email, redirectTo: '/auth/reset' })).statusCode).toBe(200)
    await expect
      .poll(() =>
        t
          .outbox()
          .slice(before)
          .find((m) => m.includes('X-Mail-Kind: password-reset')),
      )
      .toBeDefined()
    const mail = t
      .outbox()
      .slice(before)
      .find((m) => m.includes('X-Mail-Kind: password-reset'))!
    const token = /reset\?token=3D([A-Za-z0-9_-]+)|reset\?token=([A-Za-z0-9_-]+)/.exec(mail.replace(/=\r?\n/g, ''))!
    const reset = await browser().auth('reset-password', { token: token[1] ?? token[2], newPassword: 'a-fresh-long-password' })
    expect(reset.statusCode).toBe(200)
    expect((await browser().auth('sign-in/email', { email, password: 'a-fresh-long-password' })).statusCode).toBe(200)
  })
})

describe('row 8: anonymous cart ids are made and signed by the server', () => {
  it('gives a client-chosen id a new cart, so a planted id is shared with nobody', async () => {
    const planted = 'p'.repeat(32)
    const attacker = browser()
    attacker.jar.set('cart_session_id', planted)
    const added = await attacker.mutation('cart.add', { productId, quantity: 1 })
    expect(added.status).toBe(200)
    const issued = added.res.cookies.find((c) => c.name === 'cart_session_id')
    expect(issued?.value).toBeDefined()
    expect(issued!.value.startsWith(`${planted}.`)).toBe(false)
    const victim = browser()
    victim.jar.set('cart_session_id', planted)
    expect((await victim.query<{ count: number }>('cart.get')).data?.count).toBe(0)
  })

  it('uses the __Host- prefix and Secure when PUBLIC_URL is https', async () => {
    const res = await withHttpsApp('192.0.4.1', (post) => post('/trpc/cart.add', JSON.stringify({ productId, quantity: 1 })))
    expect(res.statusCode).toBe(200)
    expect(res.cookies.find((c) => c.name === '__Host-cart_session_id')).toMatchObject({ secure: true, path: '/', httpOnly: true })
    expect(res.cookies.find((c) => c.name === 'cart_session_id')).toBeUndefined()
  })
})

describe('row 6: sessions end when idle and at an absolute limit, admins sooner', () => {
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600 * 1000)
  const sessionRow = async (userId: string) => (await t.database.db.select().from(session).where(eq(session.userId, userId)))[0]!

  it('expires after 7 idle days (better-auth slides it on use) and ends 30 days after sign-in', async () => {
    const { shopper, signUp } = await signedUp()
    const userId = signUp.json<{ user: { id: string } }>().user.id
    const row = await sessionRow(userId)
    const idleDays = (row.expiresAt.getTime() - Date.now()) / 86_400_000
    expect(idleDays).toBeGreaterThan(6.9)
    expect(idleDays).toBeLessThanOrEqual(7)
    // In use all along, but signed in 31 days ago: signed out, on tRPC and on /api/auth alike.
    await t.database.db
      .update(session)
      .set({ createdAt: hoursAgo(31 * 24), updatedAt: new Date() })
      .where(eq(session.id, row.id))
    expect((await shopper.authGet('get-session')).json()).toBeNull()
    expect(await t.database.db.select().from(session).where(eq(session.id, row.id))).toEqual([])
  })

  it('ends an admin’s session after 12 idle hours, a customer’s not', async () => {
    const admin = await shopperAs(t, 'admin')
    const customer = await shopperAs(t, 'customer')
    for (const who of [admin, customer]) {
      await t.database.db
        .update(session)
        .set({ updatedAt: hoursAgo(13) })
        .where(eq(session.userId, who.user!.id))
    }
    expect((await admin.shopper.query('account.me')).data).toBeNull()
    expect((await customer.shopper.query('account.me')).data).not.toBeNull()
  })

  it('follows the configured limits', async () => {
    const short = await createTestApp({ env: { SESSION_MAX_HOURS: '1' } })
    try {
      const { shopper, user } = await shopperAs(short, 'customer')
      expect((await shopper.query('account.me')).data).not.toBeNull()
      await short.database.db
        .update(session)
        .set({ createdAt: hoursAgo(2) })
        .where(eq(session.userId, user!.id))
      expect((await shopper.query('account.me')).data).toBeNull()
    } finally {
      await short.app.close()
    }
  })
})

import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, testPublicUrl, type TestApp } from '../helpers/app.ts'
import { shopperAs } from '../helpers/accounts.ts'
import { httpShopper, productIds, testShipping } from '../helpers/http-shopper.ts'
import { linkIn, waitForMail } from '../helpers/mail-links.ts'
import { insertOrderRow } from '../helpers/orders.ts'
import { and, eq } from 'drizzle-orm'
import { contacts, emailOutbox, orders, testPaymentSessions } from '../../server/db/schema/index.ts'
import { translate } from '../../server/i18n.ts'
import { messages } from '../../core/messages.ts'

// The third security review, part 1 (docs/decisions/020): one describe per row of its table.
// Each test failed on the code before the fix.

let t: TestApp
const log: string[] = []
let nextIp = 1
beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logLines: log })
})
afterAll(async () => {
  await t.app.close()
})

const browser = (language: 'es' | 'en' = 'es') => httpShopper(t.app, { ip: `192.0.30.${nextIp++}`, language })

/** The log lines at error level or above written since `from` (pino: error is 50). */
const errorLines = (from: number) =>
  log
    .slice(from)
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((line) => line.level >= 50)

/** An order placed in `app`'s database with this address, the account's when `userId` is given. */
async function placedOrder(app: TestApp, email: string, userId: string | null) {
  return insertOrderRow(app.database.db, { userId, customerName: 'Cliente Ajeno', customerEmail: email, customerPhone: '+34600111222' })
}

describe('row 4: a verification link lands on the shop, whatever its query says', () => {
  it('replaces a callbackURL that normalises to another site, and refuses one in a request body', async () => {
    const shopper = browser()
    const email = `row4-${randomUUID()}@example.com`
    expect((await shopper.auth('sign-up/email', { email, password: 'correct-horse-battery', name: 'Row Four' })).statusCode).toBe(200)
    const link = new URL(linkIn(await waitForMail(t.outbox, email, (m) => m.includes('/api/auth/verify-email')), '/api/auth/verify-email'))
    const from = log.length
    for (const evil of ['/./%2Fevil.example/login', '//evil.example', 'https://evil.example/', '/\\evil.example', '/%252F%252Fevil.example']) {
      link.searchParams.set('callbackURL', evil)
      const opened = await browser().authGet(`verify-email${link.search}`)
      expect(opened.statusCode, evil).toBe(302)
      expect(opened.headers.location, evil).toMatch(/^\/auth\/verified(\?|$)/)
    }
    const refused = await shopper.auth('send-verification-email', { email, callbackURL: '/./%2Fevil.example/login' })
    expect(refused.statusCode).toBe(403)
    expect(errorLines(from)).toEqual([])
  })

  it('keeps the landing the shop asked for, in the language of the link', async () => {
    const shopper = browser('en')
    const email = `row4-en-${randomUUID()}@example.com`
    await shopper.auth('sign-up/email', { email, password: 'correct-horse-battery', name: 'Row Four' })
    const link = linkIn(await waitForMail(t.outbox, email, (m) => m.includes('/api/auth/verify-email')), '/api/auth/verify-email')
    const opened = await browser('en').authGet(`verify-email${new URL(link).search}`)
    expect(opened.headers.location).toBe('/en/auth/verified')
  })
})

describe('row 5: an admin who must turn on two-factor sees no other customer order', () => {
  let strict: TestApp
  beforeAll(async () => {
    strict = await createTestApp({ env: { ADMIN_REQUIRE_2FA: '1' } })
  })
  afterAll(async () => {
    await strict.app.close()
  })

  it('refuses orders.get of someone else’s order as admin.* refuses, and still shows the admin’s own', async () => {
    const { shopper, user } = await shopperAs(strict, 'admin')
    const theirs = await placedOrder(strict, 'ajeno@example.com', null)
    const refused = await shopper.query('orders.get', { id: theirs })
    expect(refused.status).toBe(403)
    expect(refused.error?.message).toBe(translate('es', messages.adminTwoFactorRequired))
    expect(refused.res.body).not.toContain('ajeno@example.com')

    const own = await placedOrder(strict, user!.email, user!.id)
    expect((await shopper.query('orders.get', { id: own })).status).toBe(200)
  })

  it('lets an admin with the requirement met read any order (ADMIN_REQUIRE_2FA off here)', async () => {
    const { shopper } = await shopperAs(t, 'admin')
    const id = await placedOrder(t, 'otro@example.com', null)
    expect((await shopper.query('orders.get', { id })).status).toBe(200)
  })
})

describe('row 8: unsupported methods and refused input', () => {
  it.each(['TRACE', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const)(
    'answers %s with 405 on every kind of route, and logs no error',
    async (method) => {
      const from = log.length
      for (const url of ['/trpc/cart.get', '/api/auth/get-session', '/', '/en/shop', '/healthz', '/webhooks/stripe']) {
        const res = await t.app.inject({ method, url, headers: { origin: testPublicUrl } })
        expect(res.statusCode, `${method} ${url}`).toBe(405)
        expect(res.headers.allow).toBe('GET, HEAD, POST')
      }
      expect(errorLines(from)).toEqual([])
    },
  )

  it('logs a refused callbackURL as a warning at most, never as an error', async () => {
    const from = log.length
    const res = await browser().auth('sign-in/email', {
      email: 'someone@example.com',
      password: 'correct-horse-battery',
      callbackURL: '//evil.example',
    })
    expect(res.statusCode).toBe(403)
    const opened = await browser().authGet('verify-email?token=not-a-token&callbackURL=https://evil.example/')
    expect(opened.headers.location).toMatch(/^\/auth\/verified/)
    expect(errorLines(from)).toEqual([])
  })
})

describe('row 11: passwords that hold the account’s or the shop’s own words', () => {
  const commonMessage = (language: 'es' | 'en') => translate(language, messages.passwordTooCommon)

  it.each([
    ['the email itself', (email: string) => email],
    ['the shop’s name', () => 'PanelesTorrevieja'],
    ['the city and a year', () => 'Torrevieja2026'],
    ['the name, accented or not', () => 'ferrandiz-del-mar'],
  ])('refuses a sign-up whose password is %s, with the common-password message, and creates nothing', async (_what, password) => {
    const email = `row11.marisol-${randomUUID().slice(0, 8)}@example.com`
    const shopper = browser('en')
    const res = await shopper.auth('sign-up/email', { email, password: password(email), name: 'Marisol Ferrándiz' })
    expect(res.statusCode).toBe(400)
    expect(res.json<{ message: string }>().message).toBe(commonMessage('en'))
    expect((await shopper.auth('sign-in/email', { email, password: password(email) })).statusCode).toBe(401)
  })

  it('accepts a password that holds none of them', async () => {
    const email = `row11-${randomUUID()}@example.com`
    const res = await browser().auth('sign-up/email', { email, password: 'violeta-sobre-azulejo', name: 'Marisol Ferrándiz' })
    expect(res.statusCode).toBe(200)
  })

  it('refuses them on a password change and a reset too', async () => {
    const { shopper, user } = await shopperAs(t, 'customer', { name: 'Bartolomé Quiles' })
    const changed = await shopper.auth('change-password', { currentPassword: 'a-long-password', newPassword: 'bartolome-en-casa' })
    expect(changed.statusCode).toBe(400)
    expect(changed.json<{ message: string }>().message).toBe(commonMessage('es'))

    await browser().auth('request-password-reset', { email: user!.email, redirectTo: '/auth/reset' })
    const mail = await waitForMail(t.outbox, user!.email, (m) => m.includes('/auth/reset?token='))
    const token = new URL(linkIn(mail, '/auth/reset?token=')).searchParams.get('token')!
    const local = user!.email.split('@')[0]!
    const reset = await browser().auth('reset-password', { token, newPassword: `${local}!x` })
    expect(reset.statusCode).toBe(400)
    expect(reset.json<{ message: string }>().message).toBe(commonMessage('es'))
    // The link still works for a good password.
    expect((await browser().auth('reset-password', { token, newPassword: 'violeta-sobre-azulejo' })).statusCode).toBe(200)
  })
})

describe('row 1: what visitors sent with an address is not the account’s until it proves the address', () => {
  const contact = (email: string, message: string) => ({ name: 'Víctima', company: 'Reformas Víctima SL', email, phone: '+34 611 222 333', message })
  const sentWith = (email: string) =>
    t.database.db.select({ message: contacts.message, source: contacts.source }).from(contacts).where(eq(contacts.email, email))

  it('gives an unverified stranger none of it, and their deletion removes none of it', async () => {
    const email = `row1-victim-${randomUUID()}@example.com`
    expect((await browser().mutation('forms.contact', contact(email, 'Mensaje privado de la víctima'))).status).toBe(200)
    expect((await browser().mutation('forms.requestCatalog', { name: 'Víctima', email, language: 'es' })).status).toBe(200)

    const stranger = browser()
    expect((await stranger.auth('sign-up/email', { email, password: 'correct-horse-battery', name: 'Stranger' })).statusCode).toBe(200)
    const exported = await stranger.query<{ requests: unknown[] }>('account.export')
    expect(exported.status).toBe(200)
    expect(exported.data!.requests).toEqual([])
    for (const secret of ['Mensaje privado', '611 222 333', 'Reformas Víctima']) expect(exported.res.body).not.toContain(secret)

    expect((await stranger.auth('delete-user', { password: 'correct-horse-battery' })).statusCode).toBe(200)
    expect((await sentWith(email)).map((r) => r.source).sort()).toEqual(['catalog_request', 'contact'])
  })

  it('gives the owner what they sent signed in, and what was sent with the address after they verified it', async () => {
    const email = `row1-owner-${randomUUID()}@example.com`
    await browser().mutation('forms.contact', contact(email, 'Antes de verificar'))
    const owner = browser()
    await owner.auth('sign-up/email', { email, password: 'correct-horse-battery', name: 'Owner' })
    expect((await owner.mutation('forms.contact', contact(email, 'Con la sesión iniciada'))).status).toBe(200)
    const link = linkIn(await waitForMail(t.outbox, email, (m) => m.includes('/api/auth/verify-email')), '/api/auth/verify-email')
    expect((await owner.authGet(`verify-email${new URL(link).search}`)).statusCode).toBe(302)
    await browser().mutation('forms.contact', contact(email, 'Después de verificar'))

    const exported = await owner.query<{ requests: Array<{ message: string }> }>('account.export')
    expect(exported.data!.requests.map((r) => r.message).sort()).toEqual(['Con la sesión iniciada', 'Después de verificar'])

    expect((await owner.auth('delete-user', { password: 'correct-horse-battery' })).statusCode).toBe(200)
    // Only what the account sent signed in goes with it; what the shop received from visitors stays.
    expect((await sentWith(email)).map((r) => r.message).sort()).toEqual(['Antes de verificar', 'Después de verificar'])
  })
})

describe('row 6: catalog emails to one address', () => {
  it('sends at most two a day to one recipient, whatever the client, and answers every request alike', async () => {
    const email = `row6-stranger-${randomUUID()}@example.com`
    for (let i = 0; i < 12; i++) {
      const answer = await browser().mutation<{ downloadUrl: string }>('forms.requestCatalog', { name: 'Nadie', email, language: 'es' })
      expect(answer.status).toBe(200)
      expect(answer.data!.downloadUrl).toMatch(/\/catalog\.pdf\?lang=es$/)
    }
    const queued = await t.database.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.recipient, email), eq(emailOutbox.kind, 'catalog')))
    expect(queued).toHaveLength(2)
    // Every request is kept for the owner to see.
    expect(await t.database.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.email, email))).toHaveLength(12)
  })
})

describe('row 10: revoking wholesale access ends the wholesale prices of orders waiting for payment', () => {
  it('cancels the customer’s pending order, closes its payment page, and tells the customer why', async () => {
    const admin = await shopperAs(t, 'admin')
    const customer = await shopperAs(t, 'b2b', { language: 'en' })
    const productId = [...(await productIds(t.app)).values()][0]!
    expect((await customer.shopper.mutation('cart.add', { productId, quantity: 10 })).status).toBe(200)
    const email = `row10-${randomUUID()}@example.com`
    const created = await customer.shopper.mutation<{ orderId: string; orderNumber: string }>('checkout.create', {
      shipping: { ...testShipping, email },
      checkoutKey: randomUUID(),
    })
    expect(created.status).toBe(200)
    const { orderId, orderNumber } = created.data!

    expect((await admin.shopper.mutation('admin.revoke', { userId: customer.user!.id })).status).toBe(200)
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId))
    expect(order).toMatchObject({ status: 'cancelled', cancelReason: 'admin' })
    const sessions = await t.database.db
      .select({ status: testPaymentSessions.status })
      .from(testPaymentSessions)
      .where(eq(testPaymentSessions.orderId, orderId))
    expect(sessions.map((row) => row.status)).toEqual(['expired'])
    expect((await customer.shopper.mutation('orders.pay', { id: orderId })).status).toBe(409)
    const told = await waitForMail(t.outbox, email, (m) => m.includes(`Subject: Your order ${orderNumber} has been cancelled`))
    expect(told).toContain('your wholesale access has ended')
  })
})

import { like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { verification } from '../../server/db/schema/index.ts'
import { testPublicUrl } from '../helpers/app.ts'
import { sharedTestApp } from '../helpers/shared-app.ts'
import { shopperAs } from '../helpers/accounts.ts'
import { httpShopper, type HttpShopper } from '../helpers/http-shopper.ts'
import { linkIn, waitForMail } from '../helpers/mail-links.ts'

// Password reset through better-auth's own tokens (docs/product.md#accounts): the same answer for
// every address, a single-use link for one hour, every session ended afterwards, the owner told.
let nextIp = 1
const t = sharedTestApp()

const browser = (language: 'es' | 'en' = 'es') => httpShopper(t.app, { ip: `10.40.0.${nextIp++}`, language })

async function post(shopper: HttpShopper, path: string, payload: Record<string, string>) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/auth/${path}`,
    remoteAddress: `10.40.1.${nextIp++}`,
    headers: { 'content-type': 'application/json', origin: testPublicUrl, cookie: [...shopper.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    payload,
  })
  return res
}

/** The account email (not the verification link every sign-up also sends) with this subject. */
const mailTo = (address: string, subject: string) =>
  waitForMail(t.outbox, address, (m) => m.includes(subject) && !m.includes('X-Mail-Kind: verify-email'))

const tokenIn = (mail: string) => new URL(linkIn(mail, '/auth/reset?token=')).searchParams.get('token')!
const askForReset = (email: string, language: 'es' | 'en' = 'es') =>
  post(browser(language), 'request-password-reset', { email, redirectTo: '/auth/reset' })
/** Asks for a reset link for `email` and gives the token of the link emailed. */
async function resetTokenFor(email: string) {
  await askForReset(email)
  return tokenIn(await mailTo(email, 'Subject:'))
}
const resetPassword = (token: string, newPassword: string) => post(browser(), 'reset-password', { token, newPassword })
/** A reset refused for its token (used, expired or altered): better-auth's 400 with INVALID_TOKEN. */
function expectInvalidToken(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode).toBe(400)
  expect(res.json<{ code: string }>().code).toBe('INVALID_TOKEN')
}

describe('password reset', () => {
  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const { user } = await shopperAs(t, 'customer')
    const before = t.outbox().length
    const known = await askForReset(user!.email)
    const unknown = await askForReset('nobody-here@example.com')
    expect(known.statusCode).toBe(200)
    expect(unknown.statusCode).toBe(200)
    expect(known.body).toBe(unknown.body)
    await mailTo(user!.email, 'Subject:')
    expect(
      t
        .outbox()
        .slice(before)
        .filter((m) => m.includes('nobody-here@example.com')),
    ).toEqual([])
  })

  it('resets once with the emailed link, ends every session, and tells the owner', async () => {
    const { shopper, user } = await shopperAs(t, 'customer')
    expect((await shopper.query('account.me')).data).not.toBeNull()
    await askForReset(user!.email, 'en')
    const mail = await mailTo(user!.email, 'Subject: Choose a new password')
    // Asked from an English page: the link opens the English page (docs/product.md#language).
    expect(linkIn(mail, '/auth/reset?token=')).toMatch(new RegExp(`^${testPublicUrl}/en/auth/reset\\?token=`))
    const token = tokenIn(mail)

    const reset = await resetPassword(token, 'a-brand-new-password')
    expect(reset.statusCode).toBe(200)
    await mailTo(user!.email, 'Subject: =?UTF-8?Q?Su_contrase=C3=B1a_ha_cambiado?=')
    // The session that existed before is gone.
    expect((await shopper.query('account.me')).data).toBeNull()
    expect((await post(browser(), 'sign-in/email', { email: user!.email, password: 'a-long-password' })).statusCode).toBe(401)
    expect((await post(browser(), 'sign-in/email', { email: user!.email, password: 'a-brand-new-password' })).statusCode).toBe(200)
    // Single use.
    const again = await resetPassword(token, 'yet-another-password')
    expectInvalidToken(again)
  })

  it('refuses an expired link and a too short password', async () => {
    const { user } = await shopperAs(t, 'customer')
    const token = await resetTokenFor(user!.email)
    expect((await resetPassword(token, 'short')).statusCode).toBe(400)
    // An hour later.
    await t.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verification.identifier, `reset-password:${token}`))
    const expired = await resetPassword(token, 'a-brand-new-password')
    expectInvalidToken(expired)
  })

  it('refuses an altered link and changes nothing', async () => {
    const { user } = await shopperAs(t, 'customer')
    const token = await resetTokenFor(user!.email)
    const altered = `${token.slice(0, -3)}${token.endsWith('aaa') ? 'bbb' : 'aaa'}`
    const refused = await resetPassword(altered, 'a-brand-new-password')
    expectInvalidToken(refused)
    expect((await post(browser(), 'sign-in/email', { email: user!.email, password: 'a-long-password' })).statusCode).toBe(200)
  })

  it('limits the links per address, with a message in the visitor’s language', async () => {
    const statuses = []
    let last = null
    for (let i = 0; i < 4; i++) {
      last = await askForReset('target@example.com', 'en')
      statuses.push(last.statusCode)
    }
    expect(statuses).toEqual([200, 200, 200, 429])
    expect(last!.json<{ message: string }>().message).toBe('Too many attempts. Please wait a few minutes and try again.')
  })
})

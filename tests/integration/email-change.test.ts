import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { emailChanges, session, twoFactor, user } from '../../server/db/schema/index.ts'
import { translate } from '../../server/i18n.ts'
import { shopperAs } from '../helpers/accounts.ts'
import { sharedTestApp } from '../helpers/shared-app.ts'
import { httpShopper } from '../helpers/http-shopper.ts'
import { linkIn, openAuthLink, waitForMail } from '../helpers/mail-links.ts'
import { totpCode } from '../helpers/totp.ts'
import { messages } from '../../core/messages.ts'

// The account's address cannot be taken with a session cookie alone (docs/decisions/021): changing
// it asks for the password (and the second factor when it is on), a sign-in older than a day signs
// in again first, and the old address can cancel the change for a week: the account comes back to
// it, every session ends, what was set since is dropped, and a reset link goes to the old address.

const password = 'a-long-password'
let nextIp = 1
const t = sharedTestApp()

const browser = () => httpShopper(t.app, { ip: `10.43.0.${nextIp++}`, language: 'en' })
const uniqueEmail = (label: string) => `${label}-${randomUUID()}@example.com`

const since = () => t.outbox().length
const mailTo = (to: string, subject: string, from = 0) => waitForMail(t.outbox, to, (m) => m.includes(`Subject: ${subject}`), from)
const confirmLink = async (to: string, from = 0) => linkIn(await mailTo(to, 'Confirm your new email address', from), '/api/auth/verify-email')
const cancelToken = async (to: string, from = 0) =>
  new URL(linkIn(await mailTo(to, 'A change of your email address was requested', from), '/en/auth/cancel-change')).searchParams.get('token')!

const signIn = (email: string, secret = password) => browser().auth('sign-in/email', { email, password: secret })
const changesOf = (userId: string) => t.database.db.select().from(emailChanges).where(eq(emailChanges.userId, userId))
const addressOf = async (userId: string) => (await t.database.db.select({ email: user.email }).from(user).where(eq(user.id, userId)))[0]?.email

describe('a change of address asks for the secrets', () => {
  it('refuses a session without the password, and one with a wrong password, changing nothing and sending nothing', async () => {
    const { shopper, user: owner } = await shopperAs(t, 'customer', { language: 'en' })
    const to = uniqueEmail('thief')
    const before = since()

    const bare = await shopper.auth('change-email', { newEmail: to })
    expect(bare.statusCode).toBe(400)
    expect(bare.json()).toMatchObject({ code: 'INVALID_INPUT', field: 'password', message: translate('en', messages.required) })
    const wrong = await shopper.auth('change-email', { newEmail: to, password: 'not-the-password' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({ code: 'INVALID_PASSWORD', field: 'password', message: translate('en', messages.wrongPassword) })

    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(
      t
        .outbox()
        .slice(before)
        .filter((m) => m.includes(`To: ${to}`) || m.includes('Subject: A change of your email address')),
    ).toEqual([])
    expect(await changesOf(owner!.id)).toEqual([])
    expect(await addressOf(owner!.id)).toBe(owner!.email)
  })

  it('stops guessing the password after five wrong ones, even the right one, for a while', async () => {
    const { shopper, user: owner } = await shopperAs(t, 'customer', { language: 'en' })
    const to = uniqueEmail('guess')
    for (let i = 0; i < 5; i++) expect((await shopper.auth('change-email', { newEmail: to, password: `guess-${i}-wrong` })).statusCode).toBe(400)
    const stopped = await shopper.auth('change-email', { newEmail: to, password })
    expect(stopped.statusCode).toBe(429)
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0)
    expect(await changesOf(owner!.id)).toEqual([])
  })

  it('asks for a code when two-factor is on, and takes one from the app or a backup code', async () => {
    const { shopper, user: owner } = await shopperAs(t, 'customer', { language: 'en' })
    const enabled = await shopper.auth('two-factor/enable', { password })
    const { totpURI, backupCodes } = enabled.json<{ totpURI: string; backupCodes: string[] }>()
    expect((await shopper.auth('two-factor/verify-totp', { code: await totpCode(totpURI) })).statusCode).toBe(200)

    const first = uniqueEmail('second-factor')
    expect((await shopper.auth('change-email', { newEmail: first, password })).json()).toMatchObject({ code: 'INVALID_INPUT', field: 'code' })
    const wrong = await shopper.auth('change-email', { newEmail: first, password, code: '000000' })
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CODE', field: 'code', message: translate('en', messages.wrongCode) })
    expect(await changesOf(owner!.id)).toEqual([])

    expect((await shopper.auth('change-email', { newEmail: first, password, code: await totpCode(totpURI) })).statusCode).toBe(200)
    const second = uniqueEmail('backup-code')
    expect((await shopper.auth('change-email', { newEmail: second, password, code: backupCodes[0] })).statusCode).toBe(200)
    expect((await changesOf(owner!.id)).map((c) => c.newEmail).sort()).toEqual([first, second].sort())
  })

  it('asks a sign-in older than a day to sign in again before changing the address, the password or two-factor', async () => {
    const { shopper, user: owner } = await shopperAs(t, 'customer', { language: 'en' })
    await t.database.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(session.userId, owner!.id))
    const attempts = [
      await shopper.auth('change-email', { newEmail: uniqueEmail('stale'), password }),
      await shopper.auth('change-password', { currentPassword: password, newPassword: 'another-long-secret' }),
      await shopper.auth('two-factor/enable', { password }),
    ]
    for (const res of attempts) {
      expect(res.statusCode).toBe(403)
      expect(res.json()).toEqual({ code: 'SESSION_NOT_FRESH', message: translate('en', messages.sessionNotFresh) })
    }
    // Nothing changed: the password still signs in, two-factor is off, no change was recorded.
    const again = await signIn(owner!.email)
    expect(again.statusCode).toBe(200)
    expect(again.json<{ twoFactorRedirect?: boolean }>().twoFactorRedirect).toBeUndefined()
    expect(await changesOf(owner!.id)).toEqual([])
  })
})

describe('the old address can cancel the change for a week', () => {
  it('takes the account back after a thief confirmed the new address and reset the password there', async () => {
    const { shopper: owner, user: account } = await shopperAs(t, 'customer', { language: 'en' })
    const thief = browser()
    expect((await thief.auth('sign-in/email', { email: account!.email, password })).statusCode).toBe(200)
    const stolen = uniqueEmail('stolen')
    const from = since()
    expect((await thief.auth('change-email', { newEmail: stolen, password })).statusCode).toBe(200)
    const token = await cancelToken(account!.email, from)
    expect(await openAuthLink(thief, await confirmLink(stolen, from))).toEqual({ status: 302, location: '/en/auth/verified?change=1' })
    expect(await addressOf(account!.id)).toBe(stolen)

    // The thief resets the password at the new address, and turns two-factor on.
    const resetFrom = since()
    await browser().auth('request-password-reset', { email: stolen, redirectTo: '/auth/reset' })
    const resetLink = linkIn(await mailTo(stolen, 'Choose a new password', resetFrom), '/en/auth/reset')
    const thiefPassword = 'the-thief-chose-this'
    expect(
      (await browser().auth('reset-password', { newPassword: thiefPassword, token: new URL(resetLink).searchParams.get('token') })).statusCode,
    ).toBe(200)
    const thiefAgain = browser()
    expect((await thiefAgain.auth('sign-in/email', { email: stolen, password: thiefPassword })).statusCode).toBe(200)
    const { totpURI } = (await thiefAgain.auth('two-factor/enable', { password: thiefPassword })).json<{ totpURI: string }>()
    expect((await thiefAgain.auth('two-factor/verify-totp', { code: await totpCode(totpURI) })).statusCode).toBe(200)
    // Meanwhile nobody else can take the old address.
    const squatter = await browser().auth('sign-up/email', { email: account!.email, password: 'squatter-password-1', name: 'Someone Else' })
    expect(squatter.statusCode).toBe(422)
    expect(squatter.json()).toMatchObject({ code: 'USER_ALREADY_EXISTS', message: translate('en', messages.accountExists) })

    // The owner opens the cancel link from the old address.
    const cancelFrom = since()
    const cancelled = await owner.auth('cancel-email-change', { token })
    expect(cancelled.statusCode).toBe(200)
    expect(cancelled.json()).toMatchObject({ status: true, email: account!.email })
    expect(await addressOf(account!.id)).toBe(account!.email)
    expect(await t.database.db.select().from(session).where(eq(session.userId, account!.id))).toEqual([])
    expect((await thiefAgain.query('account.me')).data).toBeNull()
    // The thief's password is gone, and the new address no longer signs in.
    expect((await signIn(account!.email, thiefPassword)).statusCode).toBe(401)
    expect((await signIn(stolen, thiefPassword)).statusCode).toBe(401)
    const [restored] = await t.database.db.select().from(user).where(eq(user.id, account!.id))
    expect(restored).toMatchObject({ emailVerified: true, twoFactorEnabled: false })
    expect(await t.database.db.select().from(twoFactor).where(eq(twoFactor.userId, account!.id))).toEqual([])

    // The owner chooses a new password from the link sent to the old address, and signs in.
    const back = await mailTo(account!.email, 'Your email address is back: choose a new password', cancelFrom)
    const ownerReset = new URL(linkIn(back, '/en/auth/reset')).searchParams.get('token')
    expect((await browser().auth('reset-password', { newPassword: 'the-owner-again-1', token: ownerReset })).statusCode).toBe(200)
    expect((await signIn(account!.email, 'the-owner-again-1')).statusCode).toBe(200)
    // The link works once.
    expect((await owner.auth('cancel-email-change', { token })).statusCode).toBe(400)
  })

  it('stops a change that was not confirmed yet: its link no longer applies it', async () => {
    const { shopper, user: account } = await shopperAs(t, 'customer', { language: 'en' })
    const to = uniqueEmail('pending')
    const from = since()
    expect((await shopper.auth('change-email', { newEmail: to, password })).statusCode).toBe(200)
    const token = await cancelToken(account!.email, from)
    const link = await confirmLink(to, from)
    expect((await browser().auth('cancel-email-change', { token })).statusCode).toBe(200)
    expect(await openAuthLink(browser(), link)).toEqual({ status: 302, location: '/en/auth/verified?change=1&error=INVALID_TOKEN' })
    expect(await addressOf(account!.id)).toBe(account!.email)
    // The password was not changed since the request: it still signs in.
    expect((await signIn(account!.email)).statusCode).toBe(200)
  })

  it('applies only the latest request: an earlier confirmation link is superseded', async () => {
    const { shopper, user: account } = await shopperAs(t, 'customer', { language: 'en' })
    const [first, second] = [uniqueEmail('first'), uniqueEmail('second')]
    const from = since()
    expect((await shopper.auth('change-email', { newEmail: first, password })).statusCode).toBe(200)
    expect((await shopper.auth('change-email', { newEmail: second, password })).statusCode).toBe(200)
    expect((await openAuthLink(browser(), await confirmLink(first, from))).location).toContain('error=INVALID_TOKEN')
    expect(await addressOf(account!.id)).toBe(account!.email)
    expect((await openAuthLink(browser(), await confirmLink(second, from))).location).toBe('/en/auth/verified?change=1')
    expect(await addressOf(account!.id)).toBe(second)
  })

  it('keeps the old address for its owner: another account cannot move to it', async () => {
    const { shopper, user: account } = await shopperAs(t, 'customer', { language: 'en' })
    const to = uniqueEmail('moved')
    const from = since()
    expect((await shopper.auth('change-email', { newEmail: to, password })).statusCode).toBe(200)
    await openAuthLink(shopper, await confirmLink(to, from))
    expect(await addressOf(account!.id)).toBe(to)

    const { shopper: other, user: otherAccount } = await shopperAs(t, 'customer', { language: 'en' })
    const before = since()
    // The answer better-auth gives for an address in use; no link goes anywhere.
    const taken = await other.auth('change-email', { newEmail: account!.email, password })
    expect(taken.statusCode).toBe(200)
    expect(taken.json()).toEqual({ status: true })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(
      t
        .outbox()
        .slice(before)
        .filter((m) => m.includes(`To: ${account!.email}`)),
    ).toEqual([])
    expect(await changesOf(otherAccount!.id)).toEqual([])
  })

  it('refuses an unknown link and one past its week', async () => {
    const { shopper, user: account } = await shopperAs(t, 'customer', { language: 'en' })
    expect((await browser().auth('cancel-email-change', { token: 'not-a-token' })).statusCode).toBe(400)
    const from = since()
    expect((await shopper.auth('change-email', { newEmail: uniqueEmail('late'), password })).statusCode).toBe(200)
    const token = await cancelToken(account!.email, from)
    await t.database.db
      .update(emailChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.userId, account!.id))
    expect((await browser().auth('cancel-email-change', { token })).statusCode).toBe(400)
    expect((await shopper.query('account.me')).data).not.toBeNull()
  })
})

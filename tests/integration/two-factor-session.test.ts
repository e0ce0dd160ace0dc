import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, inject, it } from 'vitest'
import { invoices, session } from '../../server/db/schema/index.ts'
import { translate } from '../../server/i18n.ts'
import { shopperAs } from '../helpers/accounts.ts'
import { sharedTestApp } from '../helpers/shared-app.ts'
import { httpShopper, productIds, testShipping, type HttpShopper } from '../helpers/http-shopper.ts'
import { totpCode } from '../helpers/totp.ts'
import { messages } from '../../core/messages.ts'

// Two-factor belongs to the session (docs/decisions/013). An attacker who knows an admin's password
// holds a password-only session; the real admin turning two-factor on in another session must not
// turn that session into a two-factor admin session: it ends, and admin.*, backups and invoices stay
// out of its reach. A session that did not pass the second factor (one from before this rule) is
// asked to sign in again.

/** Backups are the embedded database's (on PostgreSQL the operator runs pg_dump). */
const onPostgres = inject('pgTemplateUrl') !== null
let nextIp = 1
// With the client build: /admin says what to do.
const t = sharedTestApp({ pages: true, env: { ADMIN_REQUIRE_2FA: '1' } })

const browser = () => httpShopper(t.app, { ip: `10.31.2.${nextIp++}`, language: 'en' })
const cookieOf = (shopper: HttpShopper) => [...shopper.jar].map(([k, v]) => `${k}=${v}`).join('; ')
const get = (url: string, shopper: HttpShopper) => t.app.inject({ method: 'GET', url, headers: { cookie: cookieOf(shopper) } })

interface Me {
  user: { twoFactorEnabled: boolean }
  needsTwoFactor: boolean
}

/** Two-factor turned on from this session, confirmed by a code from the app: the app's key and the backup codes. */
async function turnOnTwoFactor(shopper: HttpShopper) {
  const enabled = await shopper.auth('two-factor/enable', { password: 'a-long-password' })
  expect(enabled.statusCode).toBe(200)
  const { totpURI, backupCodes } = enabled.json<{ totpURI: string; backupCodes: string[] }>()
  expect((await shopper.auth('two-factor/verify-totp', { code: await totpCode(totpURI) })).statusCode).toBe(200)
  return { totpURI, backupCodes }
}

/** A paid order of another customer, through the shop's API and the test provider: its invoice's number. */
async function someonesInvoice(): Promise<string> {
  const buyer = await shopperAs(t, 'customer')
  const call = async <T>(path: string, input: unknown) => {
    const res = await buyer.shopper.mutation<T>(path, input)
    expect(res.status, JSON.stringify(res.error)).toBe(200)
    return res.data!
  }
  await call('cart.add', { productId: [...(await productIds(t.app)).values()][0]!, quantity: 2 })
  const { orderId, paymentUrl } = await call<{ orderId: string; paymentUrl: string }>('checkout.create', {
    shipping: { ...testShipping, email: `invoice-${randomUUID()}@example.com` },
    checkoutKey: randomUUID(),
  })
  const sessionId = decodeURIComponent(paymentUrl.split('/').at(-1)!)
  await call('testPayments.pay', { sessionId })
  await call('checkout.confirm', { orderId, sessionId })
  const [invoice] = await t.database.db.select({ number: invoices.number }).from(invoices).where(eq(invoices.orderId, orderId))
  return invoice!.number
}

describe('two-factor belongs to the session', () => {
  it('ends the password-only session of an attacker when the admin turns two-factor on elsewhere', async () => {
    const { shopper: owner, user } = await shopperAs(t, 'admin', { language: 'en' })
    const attacker = browser()
    expect((await attacker.auth('sign-in/email', { email: user!.email, password: 'a-long-password' })).statusCode).toBe(200)
    expect((await attacker.query('admin.orders.list')).status).toBe(403)

    // The owner turns two-factor on from their own session, confirming it with a code.
    await turnOnTwoFactor(owner)
    expect((await owner.query('admin.orders.list')).status).toBe(200)

    // The attacker's session is over: nothing of the admin's is within its reach.
    expect((await attacker.query('account.me')).data).toBeNull()
    expect((await attacker.query('admin.orders.list')).status).toBe(401)
    expect((await get(`/invoices/${await someonesInvoice()}.pdf`, attacker)).statusCode).not.toBe(200)
    if (!onPostgres) {
      const made = await owner.mutation<{ name: string }>('admin.backups.create')
      expect(made.status).toBe(200)
      expect((await get(`/admin/backups/${made.data!.name}`, owner)).statusCode).toBe(200)
      expect((await get(`/admin/backups/${made.data!.name}`, attacker)).statusCode).toBe(404)
    }
  })

  it('asks a session that did not pass the second factor to sign in again, and a code at sign-in opens admin', async () => {
    const { shopper: owner, user } = await shopperAs(t, 'admin', { language: 'en' })
    const { totpURI, backupCodes } = await turnOnTwoFactor(owner)
    expect((await owner.query('admin.pendingRequests')).status).toBe(200)

    // A session from before the rule (or any other way) without the second factor.
    await t.database.db.update(session).set({ secondFactorAt: null }).where(eq(session.userId, user!.id))
    const refused = await owner.query('admin.pendingRequests')
    expect(refused.status).toBe(403)
    expect(refused.error?.message).toBe(translate('en', messages.adminSignInWithSecondFactor))
    expect((await owner.query<Me>('account.me')).data).toMatchObject({ user: { twoFactorEnabled: true }, needsTwoFactor: true })
    const adminPage = await get('/en/admin', owner)
    expect(adminPage.body).toContain('data-testid="sign-in-with-second-factor"')
    expect(adminPage.body).toContain('Sign in again with the code from your authenticator app')
    // A code typed into that session changes nothing: only a sign-in passes the second factor.
    expect((await owner.auth('two-factor/verify-totp', { code: await totpCode(totpURI) })).statusCode).toBe(200)
    expect((await owner.query('admin.pendingRequests')).status).toBe(403)

    const laptop = browser()
    expect(
      (await laptop.auth('sign-in/email', { email: user!.email, password: 'a-long-password' })).json<{ twoFactorRedirect?: boolean }>(),
    ).toMatchObject({ twoFactorRedirect: true })
    expect((await laptop.auth('two-factor/verify-totp', { code: await totpCode(totpURI) })).statusCode).toBe(200)
    expect((await laptop.query('admin.pendingRequests')).status).toBe(200)
    expect((await laptop.query<Me>('account.me')).data?.needsTwoFactor).toBe(false)

    const phone = browser()
    await phone.auth('sign-in/email', { email: user!.email, password: 'a-long-password' })
    expect((await phone.auth('two-factor/verify-backup-code', { code: backupCodes[0] })).statusCode).toBe(200)
    expect((await phone.query('admin.pendingRequests')).status).toBe(200)
  })

  it('ends the other sessions when two-factor is turned off, and the session that did it is no longer a two-factor one', async () => {
    const { shopper: owner, user } = await shopperAs(t, 'admin', { language: 'en' })
    const { totpURI } = await turnOnTwoFactor(owner)
    const laptop = browser()
    await laptop.auth('sign-in/email', { email: user!.email, password: 'a-long-password' })
    await laptop.auth('two-factor/verify-totp', { code: await totpCode(totpURI) })
    expect((await laptop.query('admin.pendingRequests')).status).toBe(200)

    expect((await owner.auth('two-factor/disable', { password: 'a-long-password' })).statusCode).toBe(200)
    expect((await laptop.query('account.me')).data).toBeNull()
    const refused = await owner.query('admin.pendingRequests')
    expect(refused.status).toBe(403)
    expect(refused.error?.message).toBe(translate('en', messages.adminTwoFactorRequired))
  })

  it('never trusts a device to skip the second factor', async () => {
    const { shopper: owner, user } = await shopperAs(t, 'customer', { language: 'en' })
    const { totpURI } = await turnOnTwoFactor(owner)
    const device = browser()
    await device.auth('sign-in/email', { email: user!.email, password: 'a-long-password' })
    expect((await device.auth('two-factor/verify-totp', { code: await totpCode(totpURI), trustDevice: true })).statusCode).toBe(200)
    expect((await device.auth('sign-out', {})).statusCode).toBe(200)
    const again = await device.auth('sign-in/email', { email: user!.email, password: 'a-long-password' })
    expect(again.json<{ twoFactorRedirect?: boolean }>().twoFactorRedirect).toBe(true)
    expect((await device.query('account.me')).data).toBeNull()
  })
})

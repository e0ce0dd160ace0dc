import { describe, expect, it } from 'vitest'
import { sharedTestApp } from '../helpers/shared-app.ts'
import { shopperAs } from '../helpers/accounts.ts'
import { httpShopper } from '../helpers/http-shopper.ts'
import { totpCode } from '../helpers/totp.ts'

// Two-factor for admins (docs/decisions/012): with ADMIN_REQUIRE_2FA, admin.* refuses an admin
// without a second factor; TOTP turned on with a confirmed code; then no session without a code.
const strict = sharedTestApp({ env: { ADMIN_REQUIRE_2FA: '1' } })
const relaxed = sharedTestApp({ env: { ADMIN_REQUIRE_2FA: '0' } })
let nextIp = 1

interface Me {
  user: { twoFactorEnabled: boolean }
  needsTwoFactor: boolean
}

describe('ADMIN_REQUIRE_2FA', () => {
  it('refuses an admin without two-factor with a message, then allows them once it is on', async () => {
    const { shopper, user } = await shopperAs(strict, 'admin', { language: 'en' })
    const refused = await shopper.query('admin.pendingRequests')
    expect(refused.status).toBe(403)
    expect(refused.error?.message).toBe('Turn on two-factor authentication on your account page to use the admin dashboard.')
    expect((await shopper.query<Me>('account.me')).data?.needsTwoFactor).toBe(true)

    // Turning it on asks for the password, and takes effect only with a code from the app.
    expect((await shopper.auth('two-factor/enable', { password: 'wrong-password' })).statusCode).toBe(400)
    const enabled = await shopper.auth('two-factor/enable', { password: 'a-long-password' })
    expect(enabled.statusCode).toBe(200)
    const { totpURI, backupCodes } = enabled.json<{ totpURI: string; backupCodes: string[] }>()
    expect(backupCodes).toHaveLength(10)
    expect((await shopper.query('admin.pendingRequests')).status).toBe(403)
    expect((await shopper.auth('two-factor/verify-totp', { code: '000000' })).statusCode).toBe(401)
    expect((await shopper.auth('two-factor/verify-totp', { code: await totpCode(totpURI) })).statusCode).toBe(200)
    expect((await shopper.query<Me>('account.me')).data).toMatchObject({ user: { twoFactorEnabled: true }, needsTwoFactor: false })
    expect((await shopper.query('admin.pendingRequests')).status).toBe(200)

    // Signing in again: no session from the password alone.
    const laptop = httpShopper(strict.app, { ip: `10.42.2.${nextIp++}`, language: 'en' })
    const first = await laptop.auth('sign-in/email', { email: user!.email, password: 'a-long-password' })
    expect(first.statusCode).toBe(200)
    expect(first.json<{ twoFactorRedirect?: boolean }>().twoFactorRedirect).toBe(true)
    expect((await laptop.query('account.me')).data).toBeNull()
    expect((await laptop.auth('two-factor/verify-totp', { code: '123456' })).statusCode).toBe(401)
    expect((await laptop.query('account.me')).data).toBeNull()
    expect((await laptop.auth('two-factor/verify-totp', { code: await totpCode(totpURI) })).statusCode).toBe(200)
    expect((await laptop.query('admin.pendingRequests')).status).toBe(200)

    // A backup code works once.
    const phone = httpShopper(strict.app, { ip: `10.42.3.${nextIp++}`, language: 'en' })
    await phone.auth('sign-in/email', { email: user!.email, password: 'a-long-password' })
    expect((await phone.auth('two-factor/verify-backup-code', { code: backupCodes[0] })).statusCode).toBe(200)
    expect((await phone.query<Me>('account.me')).data?.user.twoFactorEnabled).toBe(true)
    const tablet = httpShopper(strict.app, { ip: `10.42.4.${nextIp++}`, language: 'en' })
    await tablet.auth('sign-in/email', { email: user!.email, password: 'a-long-password' })
    expect((await tablet.auth('two-factor/verify-backup-code', { code: backupCodes[0] })).statusCode).toBe(401)
    expect((await tablet.query('account.me')).data).toBeNull()
  })

  it('lets an admin without two-factor in when it is off', async () => {
    const { shopper } = await shopperAs(relaxed, 'admin')
    expect((await shopper.query('admin.pendingRequests')).status).toBe(200)
    expect((await shopper.query<Me>('account.me')).data?.needsTwoFactor).toBe(false)
  })
})

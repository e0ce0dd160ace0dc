import { describe, expect, it } from 'vitest'
import { shopperAs } from '../helpers/accounts.ts'
import { sharedTestApp } from '../helpers/shared-app.ts'
import { waitForMail } from '../helpers/mail-links.ts'

// docs/product.md#accounts: changing the password in /account tells the owner as a reset does, in
// the language of the page they changed it from; a refused change tells nobody.

const t = sharedTestApp()
// The Spanish subject as MIME writes a header with non-ASCII letters.
const subjects = { es: '=?UTF-8?Q?Su_contrase=C3=B1a_ha_cambiado?=', en: 'Your password was changed' }

describe('a password changed from /account', () => {
  it.each(['es', 'en'] as const)('emails the owner the notice a reset sends (%s)', async (language) => {
    const { shopper, user } = await shopperAs(t, 'customer', { language })
    const since = t.outbox().length
    const changed = await shopper.auth('change-password', { currentPassword: 'a-long-password', newPassword: 'another-long-password' })
    expect(changed.statusCode).toBe(200)
    const mail = await waitForMail(t.outbox, user!.email, (m) => m.includes('X-Mail-Kind: password-changed'), since)
    expect(mail).toContain(`Subject: ${subjects[language]}`)
  })

  it('tells nobody when the current password is wrong', async () => {
    const { shopper, user } = await shopperAs(t, 'customer')
    const since = t.outbox().length
    const refused = await shopper.auth('change-password', { currentPassword: 'not-the-password', newPassword: 'another-long-password' })
    expect(refused.statusCode).toBe(400)
    await new Promise((resolve) => setTimeout(resolve, 200))
    const notices = t
      .outbox()
      .slice(since)
      .filter((m) => m.includes(`To: ${user!.email}`) && m.includes('X-Mail-Kind: password-changed'))
    expect(notices).toEqual([])
  })
})

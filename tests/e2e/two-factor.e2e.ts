import { describe, expect, it } from 'vitest'
import { totpCode } from '../helpers/totp.ts'
import { browserPerFile, desktop, expectAccessible, hydrated, newPage, unexpected, visit } from './browser.ts'
import { sendSignIn, signUp, uniqueEmail, verifyEmail } from './helpers.ts'
import { shopPerFile } from './shop-per-file.ts'

// Two-factor for admins (docs/decisions/012), on a shop that requires it (ADMIN_REQUIRE_2FA=1): the
// owner's address in ADMIN_EMAILS becomes an admin once verified, /admin asks for two-factor, the
// code is computed here from the key the page shows, and the next sign-in asks for a code. Turning
// it on ends the account's other sessions (docs/decisions/013: two-factor belongs to the session).
const session = browserPerFile({ reducedMotion: 'reduce' })
const password = 'a-long-password'
const ownerEmail = uniqueEmail('owner-2fa')

const shop = shopPerFile({ ADMIN_EMAILS: ownerEmail, ADMIN_REQUIRE_2FA: '1' })

/** A code from the app, never the one just used (a code is accepted once per 30-second step). */
async function freshCode(key: string, used: Set<string>) {
  for (;;) {
    const code = await totpCode(key)
    if (!used.has(code)) {
      used.add(code)
      return code
    }
    await new Promise((r) => setTimeout(r, 1000))
  }
}

describe('two-factor for admins', () => {
  it('is required by /admin, turned on with a code from the shown key, and asked for at the next sign-in', async () => {
    const context = await session.browser.newContext({ baseURL: shop.baseUrl, ...desktop, reducedMotion: 'reduce' })
    const { page, problems } = await newPage(context)
    await signUp(page, { name: 'Dueña de la tienda', email: ownerEmail, password })
    // ADMIN_EMAILS: not an admin before the address is verified.
    await visit(page, '/admin')
    await page.getByTestId('access-denied').waitFor()
    await verifyEmail(page, shop.dataDir, ownerEmail)
    // Someone who knows the password signs in elsewhere while two-factor is still off (docs/decisions/013).
    const elsewhere = await session.browser.newContext({ baseURL: shop.baseUrl, ...desktop, reducedMotion: 'reduce' })
    const stolen = await elsewhere.request.post('/api/auth/sign-in/email', {
      data: { email: ownerEmail, password },
      headers: { origin: shop.baseUrl },
    })
    expect(stolen.status()).toBe(200)

    await visit(page, '/admin')
    const required = page.getByTestId('two-factor-required')
    await expect.poll(() => required.textContent()).toContain('Active la verificación en dos pasos en la página de su cuenta')
    await expectAccessible(page, '/admin two-factor required')
    await required.getByRole('link', { name: 'Configurar la verificación en dos pasos' }).click()
    await page.waitForURL((url) => url.pathname === '/account')
    await hydrated(page)

    const section = page.locator('#two-factor')
    await section.getByLabel('Contraseña').fill(password)
    await section.getByRole('button', { name: 'Activar la verificación en dos pasos' }).click()
    const setup = section.getByRole('form', { name: 'Configurar la verificación en dos pasos' })
    await setup.getByRole('img', { name: 'Código QR para su aplicación de autenticación' }).waitFor()
    await expectAccessible(page, '/account two-factor setup')
    const key = (await setup.getByTestId('totp-key').textContent())!
    const used = new Set<string>()
    await setup.getByLabel('Código de verificación').fill('000000')
    await setup.getByRole('button', { name: 'Confirmar y activar' }).click()
    await expect.poll(() => setup.textContent()).toContain('El código no es correcto')
    await setup.getByLabel('Código de verificación').fill(await freshCode(key, used))
    await setup.getByRole('button', { name: 'Confirmar y activar' }).click()
    const codes = section.getByTestId('backup-codes')
    await expect.poll(() => codes.getByRole('listitem').count()).toBe(10)
    await section.getByRole('link', { name: 'Ya he guardado los códigos' }).click()
    await expect.poll(() => section.textContent()).toContain('Al iniciar sesión se le pide un código')

    await visit(page, '/admin')
    await page.getByTestId('summary-requests').waitFor()
    // Two-factor belongs to the session: turning it on ended the password-only one elsewhere.
    const other = await elsewhere.newPage()
    await other.goto('/admin')
    await other.getByTestId('access-denied').waitFor()
    await elsewhere.close()

    // Signed out, the password alone gives no session: the code does.
    await page.getByRole('button', { name: 'Menú de la cuenta' }).click()
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click()
    await page.getByRole('link', { name: 'Iniciar sesión' }).first().waitFor()
    await sendSignIn(page, { email: ownerEmail, password })
    const step = page.getByRole('form', { name: 'Verificación en dos pasos' })
    await step.getByLabel('Código de verificación').waitFor()
    expect(await page.getByLabel('Menú de la cuenta', { exact: true }).count()).toBe(0)
    await expectAccessible(page, '/auth two-factor step')
    // The switch to a backup code and back stays on the page (it is a submit button only without the script).
    await step.getByRole('button', { name: 'Usar un código de respaldo' }).click()
    await step.getByLabel('Código de respaldo').waitFor()
    expect(new URL(page.url()).pathname).toBe('/auth')
    await step.getByRole('button', { name: 'Usar la aplicación de autenticación' }).click()
    await step.getByLabel('Código de verificación').fill(await freshCode(key, used))
    await step.getByRole('button', { name: 'Verificar e iniciar sesión' }).click()
    await expect.poll(() => page.getByText('Sesión iniciada correctamente').isVisible()).toBe(true)
    await visit(page, '/admin')
    await page.getByTestId('summary-requests').waitFor()
    expect(unexpected(problems).filter((p) => !/status of 40[01]/.test(p))).toEqual([])
    await context.close()
  })
})

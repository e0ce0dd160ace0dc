import type { BrowserContext, BrowserContextOptions } from 'playwright-core'
import { afterEach, describe, expect, it } from 'vitest'
import { browserPerFile, desktop, expectAccessible, newPage } from './browser.ts'
import { shopPerFile } from './shop-per-file.ts'
import { emailedLink } from './helpers.ts'
import { totpCode } from '../helpers/totp.ts'

// Forms that post (docs/decisions/020, docs/product.md#forms): a form submitted before the page's
// script runs (a slow phone, JavaScript off) posts, so what was typed never lands in the address
// bar, the history or a log. A form with an action of its own is answered by it; one without (the
// account's two-factor steps) gets a page that says to try again, linking back.
// A shop of this file's own, behind a trusted proxy on 127.0.0.1: each journey comes from its own
// client address (X-Forwarded-For), as its visitors would, so the per-address limits on signing up
// (better-auth's: 3 in 10 seconds) hold for each journey, not for the file's five sign-ups together.
const shop = shopPerFile({ TRUST_PROXY: '127.0.0.1' })
let nextAddress = 1
const session = browserPerFile({})

const contexts: BrowserContext[] = []
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close()
})
/** A page of this file's shop, with JavaScript off unless `options` says otherwise; closed after the test. */
async function openPage(options: BrowserContextOptions = { javaScriptEnabled: false }) {
  const context = await session.browser.newContext({
    ...desktop,
    baseURL: shop.baseUrl,
    extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${nextAddress++}` },
    ...options,
  })
  contexts.push(context)
  return newPage(context)
}

const typed = { email: 'sin-script@example.com', password: 'Sin-Script-1234', name: 'Sin Script' }

describe('a form sent before its script runs', () => {
  it('a new password on /auth/reset with a link no longer valid says so above the form, in Spanish', async () => {
    const { page, problems } = await openPage()
    await page.goto('/auth/reset?token=not-a-real-token')
    await page.getByLabel('Nueva contraseña').fill(typed.password)
    await page.getByLabel('Confirmar contraseña').fill(typed.password)
    await page.getByRole('button', { name: 'Guardar la nueva contraseña' }).click()
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Este enlace no es válido o ha caducado')
    expect(new URL(page.url()).search).toBe('?token=not-a-real-token')
    expect(await page.content()).not.toContain(typed.password)
    expect(problems.filter((problem) => !problem.includes('status of 400'))).toEqual([])
  })

  it('the English sign-up form says a mismatch beside the field with the name and address kept; fixed, the account is made', async () => {
    const { page, problems } = await openPage()
    // The tab is a link too: without JavaScript it opens the sign-up form's page, keeping where it leads.
    await page.goto('/en/auth?redirect=%2Faccount')
    await page.getByRole('tab', { name: 'Sign up' }).click()
    await page.waitForURL((url) => url.searchParams.get('tab') === 'signup' && url.searchParams.get('redirect') === '/account')
    const panel = page.getByRole('tabpanel')
    const email = `sin-script-${Date.now()}@example.com`
    await panel.getByLabel('Full name').fill(typed.name)
    await panel.getByLabel('Email').fill(email)
    await panel.getByLabel('Password', { exact: true }).fill('Olas de coral bajo la luna 77')
    await panel.getByLabel('Confirm password').fill('Olas de coral bajo la luna 78')
    await panel.getByRole('button', { name: 'Create account' }).click()
    const confirm = page.getByRole('tabpanel').getByLabel('Confirm password')
    await expect.poll(() => confirm.getAttribute('aria-invalid')).toBe('true')
    expect(await page.getByText('Passwords do not match').isVisible()).toBe(true)
    expect(await page.getByRole('tabpanel').getByLabel('Full name').inputValue()).toBe(typed.name)
    expect(await page.getByRole('tabpanel').getByLabel('Email').inputValue()).toBe(email)
    expect(await page.content()).not.toContain('Olas de coral')
    await page.getByRole('tabpanel').getByLabel('Password', { exact: true }).fill('Olas de coral bajo la luna 77')
    await confirm.fill('Olas de coral bajo la luna 77')
    await page.getByRole('tabpanel').getByRole('button', { name: 'Create account' }).click()
    await page.waitForURL('**/en/account')
    expect(await page.locator('main').textContent()).toContain(email)
    expect(problems.filter((problem) => !problem.includes('status of 400'))).toEqual([])
  })

  it('the profile on /account: a phone too short is said beside it; fixed, the page says the details are saved', async () => {
    const { page, problems } = await openPage()
    await page.goto('/auth?tab=signup&redirect=%2Faccount')
    const panel = page.getByRole('tabpanel')
    await panel.getByLabel('Nombre completo').fill('Lucía Sin Script')
    await panel.getByLabel('Correo electrónico').fill(`perfil-sin-script-${Date.now()}@example.com`)
    await panel.getByLabel('Contraseña', { exact: true }).fill('Olas de coral bajo la luna 77')
    await panel.getByLabel('Confirmar contraseña').fill('Olas de coral bajo la luna 77')
    await panel.getByRole('button', { name: 'Crear cuenta' }).click()
    await page.waitForURL((url) => url.pathname === '/account')
    const phone = page.getByLabel('Teléfono (opcional)')
    await phone.fill('123')
    await page.getByLabel('Dirección', { exact: true }).fill('Calle Mayor 12')
    await page.getByLabel('Código postal').fill('03181')
    await page.getByLabel('Ciudad').fill('Torrevieja')
    await page.getByRole('button', { name: 'Guardar mis datos' }).click()
    await expect.poll(() => page.getByLabel('Teléfono (opcional)').getAttribute('aria-invalid')).toBe('true')
    expect(await page.getByLabel('Dirección', { exact: true }).inputValue()).toBe('Calle Mayor 12')
    await page.getByLabel('Teléfono (opcional)').fill('+44 7700 900123')
    await page.getByRole('button', { name: 'Guardar mis datos' }).click()
    await page.waitForURL('**/account?saved=1')
    expect(await page.getByRole('status').filter({ hasText: 'Sus datos se han guardado.' }).isVisible()).toBe(true)
    expect(await page.getByLabel('Teléfono (opcional)').inputValue()).toBe('+447700900123')
    expect(await page.getByLabel('Provincia').inputValue()).toBe('Alicante')
    expect(problems.filter((problem) => !problem.includes('status of 400'))).toEqual([])
  })

  it('the rest of /account: the password changed, billing details kept, two-factor on and off, the data saved as a file, the account deleted from its disclosure', async () => {
    const { page, problems } = await openPage()
    await page.goto('/auth?tab=signup&redirect=%2Faccount')
    const panel = page.getByRole('tabpanel')
    const email = `cuenta-sin-script-${Date.now()}@example.com`
    await panel.getByLabel('Nombre completo').fill('Marta Sin Script')
    await panel.getByLabel('Correo electrónico').fill(email)
    await panel.getByLabel('Contraseña', { exact: true }).fill('Olas de coral bajo la luna 77')
    await panel.getByLabel('Confirmar contraseña').fill('Olas de coral bajo la luna 77')
    await panel.getByRole('button', { name: 'Crear cuenta' }).click()
    await page.waitForURL((url) => url.pathname === '/account')

    // The password: a wrong current one is said beside it (never written back); then changed.
    const passwordForm = page.getByRole('form', { name: 'Cambiar la contraseña' })
    await passwordForm.getByLabel('Contraseña actual').fill('Not my password 12')
    await passwordForm.getByLabel('Nueva contraseña').fill('Gaviotas lejanas al alba 88')
    await passwordForm.getByLabel('Confirmar contraseña').fill('Gaviotas lejanas al alba 88')
    await passwordForm.getByRole('button', { name: 'Cambiar la contraseña' }).click()
    await expect.poll(() => passwordForm.getByLabel('Contraseña actual').getAttribute('aria-invalid')).toBe('true')
    expect(await page.content()).not.toContain('Not my password 12')
    await passwordForm.getByLabel('Contraseña actual').fill('Olas de coral bajo la luna 77')
    await passwordForm.getByLabel('Nueva contraseña').fill('Gaviotas lejanas al alba 88')
    await passwordForm.getByLabel('Confirmar contraseña').fill('Gaviotas lejanas al alba 88')
    await passwordForm.getByRole('button', { name: 'Cambiar la contraseña' }).click()
    await page.waitForURL('**/account?done=password')
    expect(await page.getByRole('status').filter({ hasText: 'Su contraseña ha cambiado' }).isVisible()).toBe(true)

    // The billing details for a full invoice.
    await page.getByLabel('Nombre o empresa de la factura').fill('Reformas Sin Script S.L.')
    await page.getByLabel('Número de identificación fiscal').fill('B03999992')
    await page.getByRole('button', { name: 'Guardar datos de facturación' }).click()
    await page.waitForURL('**/account?done=billing')
    expect(await page.getByLabel('Nombre o empresa de la factura').inputValue()).toBe('Reformas Sin Script S.L.')

    // Two-factor: the password, the key's QR code and a first code, the backup codes shown once; then off again.
    const twoFactor = page.getByRole('form', { name: 'Activar la verificación en dos pasos' })
    await twoFactor.getByLabel('Contraseña').fill('Gaviotas lejanas al alba 88')
    await twoFactor.getByRole('button', { name: 'Activar la verificación en dos pasos' }).click()
    const setup = page.getByRole('form', { name: 'Configurar la verificación en dos pasos' })
    const key = (await setup.getByTestId('totp-key').textContent())!.replaceAll(' ', '')
    await setup.getByLabel('Código de verificación').fill(await totpCode(key))
    await setup.getByRole('button', { name: 'Confirmar y activar' }).click()
    await expect.poll(() => page.getByTestId('backup-codes').getByRole('listitem').count()).toBe(10)
    await page.getByRole('link', { name: 'Ya he guardado los códigos' }).click()
    const turnOff = page.getByRole('form', { name: 'Desactivar la verificación en dos pasos' })
    await turnOff.getByLabel('Contraseña').fill('Gaviotas lejanas al alba 88')
    await turnOff.getByRole('button', { name: 'Desactivar la verificación en dos pasos' }).click()
    await page.waitForURL('**/account?done=two-factor-off')

    // "Download my data" is a link: the file comes named in Spanish.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Descargar mis datos' }).click()])
    expect(download.suggestedFilename()).toMatch(/^mis-datos-\d{4}-\d{2}-\d{2}\.json$/)

    // Deleting: the disclosure opens without the script; the new password deletes the account.
    await page.locator('summary', { hasText: 'Eliminar mi cuenta' }).click()
    const confirm = page.getByRole('form', { name: '¿Eliminar su cuenta?' })
    await confirm.getByLabel('Contraseña').fill('Olas de coral bajo la luna 77')
    await confirm.getByRole('button', { name: 'Eliminar mi cuenta definitivamente' }).click()
    await expect
      .poll(() => page.getByRole('form', { name: '¿Eliminar su cuenta?' }).getByLabel('Contraseña').getAttribute('aria-invalid'))
      .toBe('true')
    await page.getByRole('form', { name: '¿Eliminar su cuenta?' }).getByLabel('Contraseña').fill('Gaviotas lejanas al alba 88')
    await page.getByRole('button', { name: 'Eliminar mi cuenta definitivamente' }).click()
    await page.waitForURL('**/auth?deleted=1')
    expect(await page.getByRole('status').filter({ hasText: 'Su cuenta ha sido eliminada.' }).isVisible()).toBe(true)
    expect(problems.filter((problem) => !problem.includes('status of 400'))).toEqual([])
  })

  it('the header’s account link, the wholesale request on its own page, and signing out, all without the script', async () => {
    const { page, problems } = await openPage()
    await page.goto('/auth?tab=signup&redirect=%2Fb2b')
    const panel = page.getByRole('tabpanel')
    const email = `mayorista-sin-script-${Date.now()}@example.com`
    await panel.getByLabel('Nombre completo').fill('Pablo Sin Script')
    await panel.getByLabel('Correo electrónico').fill(email)
    await panel.getByLabel('Contraseña', { exact: true }).fill('Olas de coral bajo la luna 77')
    await panel.getByLabel('Confirmar contraseña').fill('Olas de coral bajo la luna 77')
    await panel.getByRole('button', { name: 'Crear cuenta' }).click()
    await page.waitForURL((url) => url.pathname === '/b2b')
    // Not confirmed yet: "send the link again" works without the script too, and /account says so.
    await page.getByRole('button', { name: 'Enviar el enlace de nuevo' }).click()
    await page.waitForURL('**/account?done=verification')
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: `Hemos enviado un enlace nuevo a ${email}.` })
        .isVisible(),
    ).toBe(true)
    // The emailed link, opened as from the inbox (the page needs no script).
    await page.goto(await emailedLink(shop.dataDir, email, 'verify-email', '/api/auth/verify-email'))
    expect(await page.locator('h1').textContent()).toBe('Su dirección de correo está confirmada')

    await page.goto('/b2b')
    await page.getByRole('link', { name: 'Solicitar acceso B2B' }).click()
    await page.waitForURL((url) => url.pathname === '/b2b/request')
    await page.getByLabel('Empresa').fill('Reformas Sin Script S.L.')
    await page.getByLabel(/^Identificación fiscal/).fill('12345678A')
    await page.getByLabel('Teléfono').fill('600 111 222')
    await page.getByRole('button', { name: 'Enviar' }).click()
    await expect.poll(() => page.getByLabel(/^Identificación fiscal/).getAttribute('aria-invalid')).toBe('true')
    expect(await page.getByLabel('Empresa').inputValue()).toBe('Reformas Sin Script S.L.')
    await page.getByLabel(/^Identificación fiscal/).fill('B03999992')
    await page.getByRole('button', { name: 'Enviar' }).click()
    await page.waitForURL((url) => url.pathname === '/b2b')
    expect(await page.getByRole('heading', { name: 'Solicitud enviada' }).isVisible()).toBe(true)

    // The header's "Cuenta" is a link to /account until the menu's script runs; there, "Cerrar sesión" works without it.
    await page.getByRole('link', { name: 'Menú de la cuenta' }).click()
    await page.waitForURL((url) => url.pathname === '/account')
    await page.getByRole('form', { name: 'Cerrar sesión' }).getByRole('button', { name: 'Cerrar sesión' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    expect(await page.getByRole('link', { name: 'Iniciar sesión' }).first().isVisible()).toBe(true)
    expect(problems.filter((problem) => !problem.includes('status of 400'))).toEqual([])
  })

  it('"¿Ha olvidado su contraseña?" opens its form on the sign-in page, which asks for the link', async () => {
    const { page, problems } = await openPage()
    await page.goto('/auth')
    await page.getByRole('link', { name: '¿Ha olvidado su contraseña?' }).click()
    await page.waitForURL((url) => url.searchParams.get('forgot') === '1')
    const form = page.getByRole('form', { name: 'Restablecer la contraseña' })
    await form.getByLabel('Correo electrónico').fill(typed.email)
    await form.getByRole('button', { name: 'Enviar el enlace' }).click()
    await page.waitForURL((url) => url.searchParams.get('sent') === '1')
    expect(await page.getByRole('status').filter({ hasText: 'Si existe una cuenta' }).isVisible()).toBe(true)
    expect(problems).toEqual([])
  })

  it('the try-again page is accessible', async () => {
    // axe needs script: the same post, sent by a browser with JavaScript on.
    const { page } = await openPage({})
    await page.route('**/account', (route) =>
      route.continue({
        method: 'POST',
        postData: `email=${encodeURIComponent(typed.email)}`,
        headers: { ...route.request().headers(), 'content-type': 'application/x-www-form-urlencoded' },
      }),
    )
    expect((await page.goto('/account'))?.status()).toBe(405)
    await expectAccessible(page, 'the try-again page')
  })
})

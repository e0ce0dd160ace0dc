import { describe, expect, inject, it } from 'vitest'
import { browserPerFile, expectAccessible, newPage, unexpected, visit } from './browser.ts'
import { emailedLink, signIn, signUp, uniqueEmail } from './helpers.ts'

// Password reset (docs/product.md#accounts): the link arrives by email (the embedded outbox), works
// once, and the new password signs in.
const session = browserPerFile({ baseURL: inject('baseUrl'), reducedMotion: 'reduce' })

const resetLinkFor = (email: string) => emailedLink(inject('dataDir'), email, 'password-reset', '/auth/reset?token=')

describe('password reset', () => {
  it('sends a link that sets a new password once', async () => {
    const { page, problems } = await newPage(session.context)
    const email = uniqueEmail('forgetful')
    await signUp(page, { name: 'Olvido Pérez', email, password: 'the-first-password' })
    await session.context.clearCookies()

    await visit(page, '/auth')
    await page.getByRole('link', { name: '¿Ha olvidado su contraseña?' }).click()
    const dialog = page.getByRole('dialog', { name: 'Restablecer la contraseña' })
    await dialog.getByLabel('Correo electrónico').fill(email)
    await dialog.getByRole('button', { name: 'Enviar el enlace' }).click()
    await expect.poll(() => dialog.getByRole('status').textContent()).toContain('Si existe una cuenta con esa dirección')
    await expectAccessible(page, '/auth forgot password')

    const link = await resetLinkFor(email)
    await visit(page, link)
    await page.getByLabel('Nueva contraseña').fill('short')
    await page.getByLabel('Confirmar contraseña').fill('short')
    await page.getByRole('button', { name: 'Guardar la nueva contraseña' }).click()
    await expect.poll(() => page.locator('main').textContent()).toContain('La contraseña debe tener al menos 8 caracteres')
    await expectAccessible(page, '/auth/reset')
    await page.getByLabel('Nueva contraseña').fill('the-second-password')
    await page.getByLabel('Confirmar contraseña').fill('the-second-password')
    await page.getByRole('button', { name: 'Guardar la nueva contraseña' }).click()
    await expect.poll(() => page.getByText('Su contraseña ha cambiado. Inicie sesión con la nueva.').isVisible()).toBe(true)
    await page.waitForURL((url) => url.pathname === '/auth')

    await signIn(page, { email, password: 'the-second-password' })
    // The same link does not work twice.
    await visit(page, link)
    await page.getByLabel('Nueva contraseña').fill('a-third-password')
    await page.getByLabel('Confirmar contraseña').fill('a-third-password')
    await page.getByRole('button', { name: 'Guardar la nueva contraseña' }).click()
    await expect.poll(() => page.getByText('Este enlace no es válido o ha caducado.', { exact: false }).first().isVisible()).toBe(true)
    expect(unexpected(problems).filter((p) => !p.includes('400'))).toEqual([])
  })
})

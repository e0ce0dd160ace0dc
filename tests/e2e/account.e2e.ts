import { describe, expect, inject, it } from 'vitest'
import { seedProducts } from '../../server/db/seed-data.ts'
import { browserPerFile, expectAccessible, hydrated, newPage, unexpected, visit } from './browser.ts'
import { addFromProductPage, emailedLink, sendSignIn, signUp, uniqueEmail, verifyEmail } from './helpers.ts'
import type { Page } from 'playwright-core'
import { addressFieldOrder } from '../../core/address.ts'

// Trusted accounts (docs/decisions/012) as a new customer lives them: the header's reminder until
// the emailed link is opened, the /account page's address prefilling checkout, and deleting the
// account for good.
const session = browserPerFile({ baseURL: inject('baseUrl'), reducedMotion: 'reduce' })
const dataDir = inject('dataDir')
const password = 'a-long-password'

/** The names of the page's address inputs (AddressFields), in the page's order. */
const addressOrder = (page: Page) =>
  page.evaluate(
    (names: string[]) => {
      const found = [...document.querySelectorAll('form [name]')].map((element) => element.getAttribute('name') ?? '')
      return found.filter((name) => names.includes(name))
    },
    [...addressFieldOrder],
  )

describe('the account', () => {
  it('reminds until the address is verified, keeps the default address for checkout, and deletes the account', async () => {
    const { page, problems } = await newPage(session.context)
    const email = uniqueEmail('account')
    await signUp(page, { name: 'Carmen Ruiz', email, password })

    // On the narrowest phone the reminder fits in the header beside the cart and the menu.
    const viewport = page.viewportSize()!
    await page.setViewportSize({ width: 360, height: 800 })
    await visit(page, '/')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await page.setViewportSize(viewport)

    // The reminder: a button in the header, a popover that can send the link again.
    const reminder = page.getByRole('button', { name: 'Confirme su correo electrónico' })
    await reminder.click()
    const popover = page.getByRole('dialog', { name: 'Confirme su dirección de correo, por favor' })
    await expect.poll(() => popover.textContent()).toContain(`Le enviamos un enlace a ${email}`)
    await expectAccessible(page, 'verification reminder')
    await popover.getByRole('button', { name: 'Enviar el enlace de nuevo' }).click()
    await expect.poll(() => page.getByText(`Hemos enviado un enlace nuevo a ${email}.`).isVisible()).toBe(true)
    await page.keyboard.press('Escape')

    await verifyEmail(page, dataDir, email)
    await expectAccessible(page, '/auth/verified')
    expect(await reminder.count()).toBe(0)

    // The account page, reached from the account menu.
    await page.getByRole('button', { name: 'Menú de la cuenta' }).click()
    await page.getByRole('menuitem', { name: 'Mi cuenta' }).click()
    await page.waitForURL((url) => url.pathname === '/account')
    await hydrated(page)
    const profile = page.getByRole('form', { name: 'Perfil' })
    await profile.getByLabel('Teléfono (opcional)').fill('12')
    await profile.getByLabel('Dirección', { exact: true }).fill('Avenida de las Habaneras 20')
    await profile.getByRole('button', { name: 'Guardar mis datos' }).click()
    // One rule for this form and account.update: the message beside the field, focus on it.
    // Under 6 characters: the client's specification's words, as checkout says them.
    await expect.poll(() => profile.textContent()).toContain('El teléfono debe tener al menos 6 caracteres')
    await expect.poll(() => profile.textContent()).toContain('La ciudad es obligatoria')
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('phone')
    await expectAccessible(page, '/account with errors')
    await profile.getByLabel('Teléfono (opcional)').fill('+34 622 333 444')
    await profile.getByLabel('Ciudad').fill('Torrevieja')
    await profile.getByLabel('Código postal').fill('03181')
    // The province from the postal code, as at checkout (docs/product.md#delivery).
    expect(await profile.getByLabel('Provincia', { exact: true }).inputValue()).toBe('Alicante')
    await profile.getByLabel('País').selectOption({ label: 'España' })
    await profile.getByRole('button', { name: 'Guardar mis datos' }).click()
    await expect.poll(() => page.getByText('Sus datos se han guardado.').isVisible()).toBe(true)
    expect(await page.getByTestId('account-email-address').textContent()).toBe(email)
    await expectAccessible(page, '/account')
    const accountOrder = await addressOrder(page)
    expect(accountOrder).toEqual(addressFieldOrder)

    await addFromProductPage(page, seedProducts[0]!.slug, 1)
    await visit(page, '/checkout')
    // One address form for both pages: the same fields in the same order.
    expect(await addressOrder(page)).toEqual(accountOrder)
    // Stored in E.164 (docs/product.md#delivery).
    expect(await page.getByLabel('Teléfono', { exact: true }).inputValue()).toBe('+34622333444')
    expect(await page.getByLabel('Dirección', { exact: true }).inputValue()).toBe('Avenida de las Habaneras 20')
    expect(await page.getByLabel('Ciudad').inputValue()).toBe('Torrevieja')
    expect(await page.getByLabel('Código postal').inputValue()).toBe('03181')

    // Deleting: the password again, then the account is gone.
    await page.setViewportSize({ width: 360, height: 800 })
    await visit(page, '/account')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    // Saved with its province (it stayed empty before: issue 35, row 15).
    expect(await page.getByLabel('Provincia', { exact: true }).inputValue()).toBe('Alicante')
    await page.setViewportSize(viewport)
    // A disclosure (it opens without the page's script too): the password, then the account is gone.
    await page.locator('summary', { hasText: 'Eliminar mi cuenta' }).click()
    const confirm = page.getByRole('form', { name: '¿Eliminar su cuenta?' })
    await confirm.getByLabel('Contraseña').fill('not-my-password')
    await confirm.getByRole('button', { name: 'Eliminar mi cuenta definitivamente' }).click()
    await expect.poll(() => confirm.textContent()).toContain('La contraseña no es correcta.')
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('form')?.getAttribute('aria-label'))).toBe('¿Eliminar su cuenta?')
    await expectAccessible(page, '/account delete confirmation')
    await confirm.getByLabel('Contraseña').fill(password)
    await confirm.getByRole('button', { name: 'Eliminar mi cuenta definitivamente' }).click()
    await expect.poll(() => page.getByText('Su cuenta ha sido eliminada.').isVisible()).toBe(true)
    await page.waitForURL((url) => url.pathname === '/')
    await page.getByRole('link', { name: 'Iniciar sesión' }).first().waitFor()

    await sendSignIn(page, { email: email, password })
    await expect.poll(() => page.getByLabel('Menú de la cuenta', { exact: true }).count()).toBe(0)
    expect(await page.getByRole('link', { name: 'Iniciar sesión' }).count()).toBeGreaterThan(0)
    // The browser logs the refused password (400) and sign-in (401) answers; nothing else.
    expect(unexpected(problems).filter((p) => !/status of 40[01]/.test(p))).toEqual([])
  })

  it('changes the address with the password, and the old address takes it back', async () => {
    const { page, problems } = await newPage(session.context)
    const email = uniqueEmail('moving')
    const newEmail = uniqueEmail('moved')
    await signUp(page, { name: 'Andrés Gil', email, password })
    await visit(page, '/account')
    const change = page.getByRole('form', { name: 'Cambiar la dirección de correo' })
    await change.getByLabel('Nueva dirección de correo').fill(newEmail)
    await change.getByLabel('Contraseña actual').fill('not-my-password')
    await change.getByRole('button', { name: 'Cambiar la dirección de correo' }).click()
    await expect.poll(() => change.textContent()).toContain('La contraseña no es correcta.')
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('password')
    await change.getByLabel('Contraseña actual').fill(password)
    await change.getByRole('button', { name: 'Cambiar la dirección de correo' }).click()
    await expect.poll(() => change.textContent()).toContain(`desde donde se puede cancelar el cambio durante 7 días`)
    await expectAccessible(page, '/account after a change of address')

    // The old address's notice: its link opens a page that cancels only on a click.
    await visit(page, await emailedLink(dataDir, email, 'email-change-notice', '/auth/cancel-change'))
    await expect.poll(() => page.locator('h1').textContent()).toBe('Cancelar el cambio de dirección')
    await expectAccessible(page, '/auth/cancel-change')
    await page.getByRole('button', { name: 'Cancelar el cambio' }).click()
    await expect.poll(() => page.getByTestId('change-cancelled').textContent()).toContain(`su cuenta vuelve a usar ${email}`)
    // Every session ended, this one included; the link to a new password went to the old address.
    await page.goto('/account')
    await page.waitForURL((url) => url.pathname === '/auth')
    expect(await emailedLink(dataDir, email, 'email-change-cancelled', '/auth/reset')).toContain('token=')
    expect(unexpected(problems).filter((p) => !/status of 400/.test(p))).toEqual([])
  })

  it('says a refused password beside its field, where the keyboard goes, not in a toast over the page', async () => {
    const { page, problems } = await newPage(session.context)
    await page.goto('/auth')
    await hydrated(page)
    await page.getByRole('tab', { name: 'Registrarse' }).click()
    const panel = page.getByRole('tabpanel')
    await panel.getByLabel('Nombre completo').fill('Marta Ruiz')
    await panel.getByLabel('Correo electrónico').fill(uniqueEmail('common-password'))
    await panel.getByLabel('Contraseña', { exact: true }).fill('password1')
    await panel.getByLabel('Confirmar contraseña').fill('password1')
    await panel.getByRole('button', { name: 'Crear cuenta' }).click()
    const passwordField = panel.getByLabel('Contraseña', { exact: true })
    await expect.poll(() => passwordField.getAttribute('aria-invalid')).toBe('true')
    const describedBy = (await passwordField.getAttribute('aria-describedby'))!.split(' ')
    const said = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()))
    expect(said.join(' ')).toContain('Esta contraseña es demasiado común')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('password')
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0)
    await expectAccessible(page, '/auth with a refused password')

    // Signing in with a wrong password: said beside the password.
    await page.getByRole('tab', { name: 'Iniciar sesión' }).click()
    const signIn = page.getByRole('tabpanel')
    await signIn.getByLabel('Correo electrónico').fill(uniqueEmail('nobody'))
    await signIn.getByLabel('Contraseña').fill('not-the-password')
    await signIn.getByRole('button', { name: 'Iniciar sesión' }).click()
    await expect.poll(() => signIn.getByLabel('Contraseña').getAttribute('aria-invalid')).toBe('true')
    expect(await signIn.textContent()).toMatch(/correo electrónico o contraseña/i)
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('password')
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0)
    expect(unexpected(problems).filter((p) => !/status of (400|401)/.test(p))).toEqual([])
  })
})

import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { seedProducts } from '../../server/db/seed-data.ts'
import { browserPerFile, expectAccessible, hydrated, newPage, unexpected, visit } from './browser.ts'
import { addFromProductPage, euros, signIn, signUp, uniqueEmail } from './helpers.ts'

const baseUrl = inject('baseUrl')
const [productA, productB] = [seedProducts[0]!, seedProducts[5]!]
const password = 'a-long-password'
const session = browserPerFile({ baseURL: baseUrl, reducedMotion: 'reduce' })

async function openCart(page: Page) {
  await page.getByRole('link', { name: /^Carrito,/ }).click()
  const drawer = page.getByRole('dialog', { name: 'Su carrito' })
  await drawer.waitFor()
  return drawer
}

describe('accounts and the cart', () => {
  it('signs up, fills the cart, edits it in the drawer, keeps it across a reload, and merges it on sign-in', async () => {
    const { page, problems } = await newPage(session.context)
    const email = uniqueEmail('journey')
    await visit(page, '/auth')
    await expectAccessible(page, '/auth')
    await signUp(page, { name: 'Lucía Pérez', email, password })
    await page.getByRole('button', { name: 'Menú de la cuenta' }).click()
    await expect.poll(() => page.getByRole('menu').textContent()).toContain(email)
    await page.keyboard.press('Escape')

    await addFromProductPage(page, productA.slug, 2)
    await addFromProductPage(page, productB.slug, 1)
    let drawer = await openCart(page)
    await expectAccessible(page, 'cart drawer')
    const lineA = drawer.getByRole('listitem').filter({ hasText: productA.nameEs })
    const lineB = drawer.getByRole('listitem').filter({ hasText: productB.nameEs })
    const subtotal = drawer.getByTestId('cart-subtotal')
    await expect.poll(() => subtotal.textContent()).toBe(euros(2 * productA.priceRetailCents + productB.priceRetailCents, 'es'))
    expect(await lineA.getByRole('link', { name: productA.nameEs }).getAttribute('href')).toBe(`/product/${productA.slug}`)

    await lineA.getByRole('button', { name: `Un panel más de ${productA.nameEs}` }).click()
    await expect.poll(() => subtotal.textContent()).toBe(euros(3 * productA.priceRetailCents + productB.priceRetailCents, 'es'))
    expect(await lineB.getByRole('button', { name: `Un panel menos de ${productB.nameEs}` }).isDisabled()).toBe(true)
    await lineA.getByRole('button', { name: `Un panel menos de ${productA.nameEs}` }).click()
    await expect.poll(() => subtotal.textContent()).toBe(euros(2 * productA.priceRetailCents + productB.priceRetailCents, 'es'))
    await lineB.getByRole('button', { name: /Eliminar/ }).click()
    await expect.poll(() => drawer.getByRole('listitem').count()).toBe(1)
    await expect.poll(() => subtotal.textContent()).toBe(euros(2 * productA.priceRetailCents, 'es'))
    await page.keyboard.press('Escape')

    await page.reload()
    await hydrated(page)
    expect(await page.getByTestId('cart-count').textContent()).toBe('2')

    // Signing out leaves an empty anonymous cart; what is added then joins the account on sign-in.
    await page.getByRole('button', { name: 'Menú de la cuenta' }).click()
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click()
    await page.getByRole('link', { name: 'Iniciar sesión' }).first().waitFor()
    await expect.poll(() => page.getByTestId('cart-count').count()).toBe(0)
    await addFromProductPage(page, productB.slug, 3)
    expect(await page.getByTestId('cart-count').textContent()).toBe('3')
    await signIn(page, { email, password })
    drawer = await openCart(page)
    await expect.poll(() => drawer.getByRole('listitem').count()).toBe(2)
    await expect
      .poll(() => drawer.getByTestId('cart-subtotal').textContent())
      .toBe(euros(2 * productA.priceRetailCents + 3 * productB.priceRetailCents, 'es'))
    expect(unexpected(problems)).toEqual([])
  })

  it('refuses an empty sign-in and mismatched passwords with the spec’s messages', async () => {
    const { page } = await newPage(session.context)
    await visit(page, '/auth')
    await page.getByRole('tabpanel').getByRole('button', { name: 'Iniciar sesión' }).click()
    await expect.poll(() => page.getByText('Por favor, complete todos los campos').isVisible()).toBe(true)
    await page.getByRole('tab', { name: 'Registrarse' }).click()
    const panel = page.getByRole('tabpanel')
    await panel.getByLabel('Nombre completo').fill('Ana')
    await panel.getByLabel('Correo electrónico').fill(uniqueEmail('mismatch'))
    await panel.getByLabel('Contraseña', { exact: true }).fill(password)
    await panel.getByLabel('Confirmar contraseña').fill(`${password}x`)
    await panel.getByRole('button', { name: 'Crear cuenta' }).click()
    await expect.poll(() => page.getByText('Las contraseñas no coinciden').first().isVisible()).toBe(true)
    expect(await page.getByLabel('Menú de la cuenta', { exact: true }).count()).toBe(0)
  })

  it('sends a signed-in user away from /auth, and honours ?redirect= after signing in', async () => {
    const { page } = await newPage(session.context)
    const email = uniqueEmail('redirect')
    await signUp(page, { name: 'Redirect', email, password })
    await page.goto('/auth')
    await page.waitForURL(`${baseUrl}/`)
    await hydrated(page)
    await page.getByRole('button', { name: 'Menú de la cuenta' }).click()
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click()
    await page.getByRole('link', { name: 'Iniciar sesión' }).first().waitFor()
    await visit(page, `/auth?redirect=${encodeURIComponent(`/product/${productA.slug}`)}`)
    const panel = page.getByRole('tabpanel')
    await panel.getByLabel('Correo electrónico').fill(email)
    await panel.getByLabel('Contraseña').fill(password)
    await panel.getByRole('button', { name: 'Iniciar sesión' }).click()
    await page.waitForURL(`**/product/${productA.slug}`)
  })

  it('sets the quantity from the panel calculator', async () => {
    const { page, problems } = await newPage(session.context)
    await visit(page, `/product/${productA.slug}`)
    const calculator = page.getByRole('region', { name: '¿Cuántos paneles necesito?' })
    await calculator.getByRole('button', { name: 'Calcular' }).click()
    await expect.poll(() => calculator.getByText('Introduzca una medida en metros').count()).toBe(2)
    await calculator.getByLabel('Ancho (m)').fill('4')
    await calculator.getByLabel('Alto (m)').fill('2,5')
    // 10 m² + 10 % = 11 m² over 3.66 m² panels → 4 panels (3 without the margin).
    await calculator.getByRole('button', { name: 'Usar 4 paneles' }).click()
    expect(await page.getByLabel('Cantidad (paneles)').inputValue()).toBe('4')
    await calculator.getByLabel('Añadir un 10 % para cortes y mermas').uncheck()
    await calculator.getByRole('button', { name: 'Usar 3 paneles' }).click()
    expect(await page.getByLabel('Cantidad (paneles)').inputValue()).toBe('3')
    await expect.poll(() => page.locator('main').textContent()).toContain(euros(3 * productA.priceRetailCents, 'es'))
    expect(unexpected(problems)).toEqual([])
  })
})

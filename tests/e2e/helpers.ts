import type { Page } from 'playwright-core'
import { expect } from 'vitest'

export const euros = (cents: number, lang: 'es' | 'en') =>
  new Intl.NumberFormat(lang === 'es' ? 'es-ES' : 'en-IE', { style: 'currency', currency: 'EUR' }).format(cents / 100)

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`

/** Signs up through the /auth screen (Spanish UI) and waits for the account menu. */
export async function signUp(page: Page, opts: { name: string; email: string; password: string }) {
  await page.goto('/auth')
  // Radix tabs switch only once React has hydrated the page.
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  await page.getByRole('tab', { name: 'Registrarse' }).click()
  const panel = page.getByRole('tabpanel')
  await panel.getByLabel('Nombre completo').fill(opts.name)
  await panel.getByLabel('Correo electrónico').fill(opts.email)
  await panel.getByLabel('Contraseña', { exact: true }).fill(opts.password)
  await panel.getByLabel('Confirmar contraseña').fill(opts.password)
  await panel.getByRole('button', { name: 'Crear cuenta' }).click()
  await expect.poll(() => page.getByText('Cuenta creada correctamente').isVisible()).toBe(true)
  await page.getByRole('button', { name: 'Menú de la cuenta' }).waitFor()
}

export async function signIn(page: Page, opts: { email: string; password: string }) {
  await page.goto('/auth')
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  const panel = page.getByRole('tabpanel')
  await panel.getByLabel('Correo electrónico').fill(opts.email)
  await panel.getByLabel('Contraseña').fill(opts.password)
  await panel.getByRole('button', { name: 'Iniciar sesión' }).click()
  await expect.poll(() => page.getByText('Sesión iniciada correctamente').isVisible()).toBe(true)
  await page.getByRole('button', { name: 'Menú de la cuenta' }).waitFor()
}

/** Adds a quantity of a product from its page and waits for the server's answer. */
export async function addFromProductPage(page: Page, slug: string, quantity: number) {
  await page.goto(`/product/${slug}`)
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  await page.getByLabel('Cantidad (paneles)').fill(String(quantity))
  await page.getByRole('button', { name: 'Añadir al carrito' }).click()
  await expect.poll(() => page.getByText('Añadido al carrito').last().isVisible()).toBe(true)
}

import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { linkIn, readOutbox, waitForMail } from '../helpers/mail-links.ts'
import { hydrated } from './browser.ts'

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
  // The journeys share one client address: better-auth allows it 3 sign-ups or sign-ins in 10 s.
  const created = page.getByText('Cuenta creada correctamente')
  const tooMany = page.getByText('Demasiados intentos', { exact: false })
  await expect.poll(async () => (await created.isVisible()) || (await tooMany.isVisible())).toBe(true)
  if (!(await created.isVisible())) {
    await page.waitForTimeout(10_000)
    await panel.getByRole('button', { name: 'Crear cuenta' }).click()
    await expect.poll(() => created.isVisible()).toBe(true)
  }
  await page.getByRole('button', { name: 'Menú de la cuenta' }).waitFor()
}

/** Fills in and sends the sign-in form on /auth (Spanish UI), without waiting for its answer. */
export async function sendSignIn(page: Page, opts: { email: string; password: string }) {
  await page.goto('/auth')
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  const panel = page.getByRole('tabpanel')
  await panel.getByLabel('Correo electrónico').fill(opts.email)
  await panel.getByLabel('Contraseña').fill(opts.password)
  await panel.getByRole('button', { name: 'Iniciar sesión' }).click()
}

export async function signIn(page: Page, opts: { email: string; password: string }) {
  await sendSignIn(page, opts)
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

/** The newest link of a kind of email to an address in a shop's outbox (DATA_DIR/outbox). */
export async function emailedLink(dataDir: string, to: string, kind: string, path: string): Promise<string> {
  const outbox = join(dataDir, 'outbox')
  const mail = await waitForMail(
    () => readOutbox(outbox),
    to,
    (m) => m.includes(`X-Mail-Kind: ${kind}`),
  )
  return linkIn(mail, path)
}

/** Opens the verification link emailed at sign-up, as the customer would from their inbox. */
export async function verifyEmail(page: Page, dataDir: string, email: string) {
  await page.goto(await emailedLink(dataDir, email, 'verify-email', '/api/auth/verify-email'))
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  await expect.poll(() => page.locator('h1').textContent()).toBe('Su dirección de correo está confirmada')
}

/** "Proceder al pago", then paying on the test payment page: the order number /payment-success shows. */
export async function payOrder(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Proceder al pago' }).click()
  await page.waitForURL('**/test-payment/**')
  await hydrated(page)
  await page.getByRole('button', { name: /^Pagar/ }).click()
  await page.waitForURL('**/payment-success?**')
  await expect.poll(() => page.getByTestId('order-number').count()).toBe(1)
  return (await page.getByTestId('order-number').textContent())!
}

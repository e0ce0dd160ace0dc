import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { seedProducts } from '../../server/db/seed-data.ts'
import { browserPerFile, expectAccessible, hydrated, newPage, unexpected, visit } from './browser.ts'
import { addFromProductPage, uniqueEmail } from './helpers.ts'

// docs/product.md#delivery: the checkout's address rules, the zones not served online, and the form
// kept across a trip to sign in.
const baseUrl = inject('baseUrl')
const product = seedProducts[2]!
const session = browserPerFile({ baseURL: baseUrl, reducedMotion: 'reduce' })

const labels = {
  full_name: 'Nombre completo',
  email: 'Correo electrónico',
  phone: 'Teléfono',
  address_line1: 'Dirección',
  postal_code: 'Código postal',
  city: 'Ciudad',
  state: 'Provincia',
  country: 'País',
} as const
type Field = keyof typeof labels

const field = (page: Page, name: Field) => page.locator('form').getByLabel(labels[name], { exact: true })

async function fill(page: Page, values: Partial<Record<Field, string>>) {
  for (const [name, value] of Object.entries(values) as Array<[Field, string]>) await field(page, name).fill(value)
}

/** The text of the elements that describe a field (its error, its hint, the quote notice). */
async function description(page: Page, name: Field): Promise<string> {
  const ids = (await field(page, name).getAttribute('aria-describedby')) ?? ''
  const texts = await Promise.all(
    ids
      .split(' ')
      .filter(Boolean)
      .map((id) => page.locator(`[id="${id}"]`).textContent()),
  )
  return texts.join(' ')
}

const submit = (page: Page) => page.getByRole('button', { name: 'Proceder al pago' }).click()
const toasts = (page: Page) => page.locator('[data-sonner-toast]')

describe('the checkout’s address (docs/product.md#delivery)', () => {
  it('refuses ABCDE beside the field, tells 35001 it is not served with a quote link, fills Alicante for 03181', async () => {
    const { page, problems } = await newPage(session.context)
    await addFromProductPage(page, product.slug, 1)
    await visit(page, '/checkout')
    // Shipping costs nothing, and the summary says so before payment.
    expect(await page.getByTestId('checkout-shipping').textContent()).toBe('Gratis')
    expect(await field(page, 'country').evaluate((select: HTMLSelectElement) => [...select.options].map((o) => [o.value, o.text]))).toEqual([
      ['ES', 'España'],
    ])
    expect(await field(page, 'state').getAttribute('readonly')).not.toBeNull()
    await expectAccessible(page, '/checkout')

    await fill(page, {
      full_name: 'Lucía Pérez',
      email: 'lucia@example.com',
      phone: '0034 612-345-678',
      address_line1: 'Calle Mayor 12',
      postal_code: 'ABCDE',
      city: 'Torrevieja',
    })
    await submit(page)
    await expect.poll(() => description(page, 'postal_code')).toBe('Introduzca un código postal de 5 cifras, p. ej. 03181')
    expect(await field(page, 'postal_code').getAttribute('aria-invalid')).toBe('true')
    // Focus goes to the field to fix; no toast repeats its message.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('postal_code')
    expect(await toasts(page).count()).toBe(0)
    expect(page.url()).toMatch(/\/checkout$/)
    await expectAccessible(page, '/checkout with an error')

    await fill(page, { postal_code: '35001' })
    const notice =
      'Las Islas Canarias, Ceuta y Melilla tienen otros impuestos (IGIC, IPSI): no podemos tomar el pedido en línea. Pídanos un presupuesto.'
    await expect.poll(() => description(page, 'postal_code')).toContain(notice)
    const quote = page.getByRole('link', { name: 'Pedir presupuesto' })
    const quoteHref = await quote.getAttribute('href')
    expect(quoteHref).toMatch(/^\/contact\?quote=/)
    expect(await field(page, 'state').inputValue()).toBe('Las Palmas')
    await submit(page)
    // Said once, beside the field, and the order is not taken.
    await expect.poll(() => page.getByText(notice).count()).toBe(1)
    expect(page.url()).toMatch(/\/checkout$/)
    expect(await toasts(page).count()).toBe(0)
    await expectAccessible(page, '/checkout with the islands notice')

    await fill(page, { postal_code: '03181' })
    expect(await field(page, 'state').inputValue()).toBe('Alicante')
    expect(await quote.count()).toBe(0)
    expect(await field(page, 'postal_code').getAttribute('aria-invalid')).toBeNull()

    // The quote link opens the contact form with the request started.
    await visit(page, quoteHref!)
    expect(await page.getByLabel('Mensaje').inputValue()).toContain('entrega en el código postal 35001')
    expect(unexpected(problems)).toEqual([])
  })

  it('a guest signs in from checkout (creating an account) and comes back to the form as it was', async () => {
    const { page, problems } = await newPage(session.context)
    await addFromProductPage(page, product.slug, 2)
    await visit(page, '/checkout')
    const typed = {
      full_name: 'Lucía Pérez',
      phone: '612 345 678',
      address_line1: 'Carrer de la Mar 4',
      postal_code: '07001',
      city: 'Palma',
    }
    await fill(page, typed)
    expect(await field(page, 'state').inputValue()).toBe('Illes Balears')
    // The town offered for 07001 never runs into the one typed.
    expect(await field(page, 'city').inputValue()).toBe('Palma')

    await page.getByRole('link', { name: 'Inicie sesión' }).click()
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('redirect') === '/checkout')
    await hydrated(page)
    await page.getByRole('tab', { name: 'Registrarse' }).click()
    const panel = page.getByRole('tabpanel')
    const email = uniqueEmail('checkout-return')
    await panel.getByLabel('Nombre completo').fill('Lucía Cuenta')
    await panel.getByLabel('Correo electrónico').fill(email)
    await panel.getByLabel('Contraseña', { exact: true }).fill('a-long-password')
    await panel.getByLabel('Confirmar contraseña').fill('a-long-password')
    await panel.getByRole('button', { name: 'Crear cuenta' }).click()

    // Back on /checkout, signed in, with what was typed (it wins over the profile's prefill).
    await page.waitForURL((url) => url.pathname === '/checkout', { timeout: 15_000 })
    await hydrated(page)
    await page.getByRole('button', { name: 'Menú de la cuenta' }).waitFor()
    for (const [name, value] of Object.entries(typed) as Array<[Field, string]>) await expect.poll(() => field(page, name).inputValue()).toBe(value)
    expect(await field(page, 'state').inputValue()).toBe('Illes Balears')
    // What was not typed comes from the account.
    expect(await field(page, 'email').inputValue()).toBe(email)
    expect(await page.getByRole('link', { name: 'Inicie sesión' }).count()).toBe(0)
    expect(await page.getByTestId('cart-count').textContent()).toBe('2')
    await expectAccessible(page, '/checkout after signing in')
    expect(unexpected(problems)).toEqual([])
  })
})

import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seedProducts } from '../../server/db/seed-data.ts'
import { browserPerFile, desktop, expectAccessible, hydrated, newPage, unexpected, visit } from './browser.ts'
import { addFromProductPage, euros, signUp, uniqueEmail, verifyEmail } from './helpers.ts'
import { shopPerFile } from './shop-per-file.ts'
import { pdfContents } from '../helpers/pdf-contents.ts'

// Delivery priced at checkout (docs/product.md#delivery): the owner sets a parcel and a pallet rate
// for the Peninsula on /admin/delivery; a product page quotes "Entrega desde"; a shopper sending
// panels to Valencia pays the panels plus the delivery, and the invoice has its line; another
// collects at the showroom and pays the panels only. axe on the settings and on checkout.
const session = browserPerFile({ reducedMotion: 'reduce' })
const password = 'a-long-password'
const ownerEmail = uniqueEmail('owner-delivery')
const product = seedProducts[1]!
const shop = shopPerFile({ ADMIN_EMAILS: ownerEmail })

const context = async () => newPage(await session.browser.newContext({ baseURL: shop.baseUrl, ...desktop, reducedMotion: 'reduce' }))

async function fillAddress(page: Page, postalCode: string) {
  for (const [label, value] of Object.entries({
    Teléfono: '612 345 678',
    Dirección: 'Calle Colón 5',
    Ciudad: 'Valencia',
    'Código postal': postalCode,
  })) {
    await page.getByLabel(label, { exact: true }).fill(value)
  }
}

/** "Proceder al pago", the test payment page's "Pagar {total}" (it must be that amount), and the order's number. */
async function payExactly(page: Page, totalCents: number): Promise<string> {
  await page.getByRole('button', { name: 'Proceder al pago' }).click()
  await page.waitForURL('**/test-payment/**')
  await hydrated(page)
  await page.getByRole('button', { name: `Pagar ${euros(totalCents, 'es')}` }).click()
  await page.waitForURL('**/payment-success?**')
  await expect.poll(() => page.getByTestId('order-number').count()).toBe(1)
  return (await page.getByTestId('order-number').textContent())!
}

describe('delivery at checkout', () => {
  it('the owner prices delivery; home delivery to Valencia is charged and invoiced; pickup costs nothing', { timeout: 240_000 }, async () => {
    const owner = await context()
    await signUp(owner.page, { name: 'Dueña de la tienda', email: ownerEmail, password })
    await verifyEmail(owner.page, shop.dataDir, ownerEmail)
    await visit(owner.page, '/admin')
    await owner.page.getByRole('navigation', { name: 'Secciones de administración' }).getByRole('link', { name: 'Entrega' }).click()
    await expect.poll(() => owner.page.locator('h1').textContent()).toBe('Entrega')
    await hydrated(owner.page)
    await expectAccessible(owner.page, '/admin/delivery')
    const retail = owner.page.getByRole('group', { name: 'Península' }).getByRole('group', { name: 'Clientes' })
    await retail.getByRole('button', { name: 'Añadir un tramo' }).click()
    await retail.getByLabel('Hasta (paneles)').fill('10')
    await retail.getByLabel('Hasta 10 paneles (€)').fill('25')
    await retail.getByLabel('Más paneles (€)').fill('89')
    await owner.page
      .getByRole('group', { name: 'Islas Baleares' })
      .getByRole('group', { name: 'Clientes' })
      .getByLabel('Cualquier número de paneles (€)')
      .fill('45')
    await owner.page.getByRole('button', { name: 'Guardar' }).click()
    await expect.poll(() => owner.page.locator('[data-sonner-toast]').filter({ hasText: 'Entrega guardada' }).count()).toBe(1)

    // A shopper sees the new price on the product page at once (the page cache follows the settings).
    const shopper = await context()
    const { page, problems } = shopper
    await signUp(page, { name: 'Vicente Ferrer', email: uniqueEmail('buyer-delivery'), password })
    await visit(page, `/product/${product.slug}`)
    expect(await page.getByTestId('product-delivery').textContent()).toContain(`Entrega desde ${euros(2_500, 'es')} · 3–7 días laborables`)
    await addFromProductPage(page, product.slug, 2)
    // The cart estimates the delivery for a postal code it remembers, and checkout starts from it.
    await page.getByRole('link', { name: /^Carrito/ }).click()
    const drawer = page.getByRole('dialog', { name: 'Su carrito' })
    await drawer.getByLabel('Código postal').fill('46001')
    await drawer.getByRole('button', { name: 'Calcular' }).click()
    const estimate = drawer.getByTestId('cart-delivery-estimate')
    await expect.poll(() => estimate.textContent()).toContain('Envío a domicilio (Península) · 3–5 días laborables · 46001')
    expect(await drawer.getByTestId('cart-total').textContent()).toBe(euros(2 * product.priceRetailCents + 2_500, 'es'))
    await expectAccessible(page, 'cart drawer with a delivery estimate')
    await page.keyboard.press('Escape')
    await visit(page, '/checkout')
    expect(await page.getByLabel('Código postal', { exact: true }).inputValue()).toBe('46001')
    await fillAddress(page, '46001')
    const delivery = page.getByTestId('checkout-delivery')
    await expect.poll(() => delivery.getByText('Envío a domicilio (Península)').count()).toBe(1)
    expect(await delivery.getByRole('radio', { name: /Envío a domicilio/ }).isChecked()).toBe(true)
    const total = 2 * product.priceRetailCents + 2_500
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe(euros(total, 'es'))
    expect(await page.getByTestId('checkout-shipping').textContent()).toBe(euros(2_500, 'es'))
    await expectAccessible(page, '/checkout with delivery')
    const homeOrder = await payExactly(page, total)

    // Its invoice has the delivery as a line, and the order says how and when it travels.
    await visit(page, '/orders')
    const card = page.getByRole('article', { name: homeOrder })
    expect(await card.getByTestId('order-delivery').textContent()).toBe(`Envío a domicilio (Península) · 3–5 días laborables${euros(2_500, 'es')}`)
    const link = card.getByRole('link', { name: /^Descargar factura/ })
    await expect.poll(() => link.count()).toBe(1)
    const invoice = await pdfContents(await (await page.request.get((await link.getAttribute('href'))!)).body())
    // The PDF's text has plain spaces where the page has no-break ones.
    const plain = (cents: number) => euros(cents, 'es').replace(/\u00a0/g, ' ')
    expect(invoice.text).toContain(`Envío a domicilio (Península) 1 20,6612 € ${plain(2_500)} ${plain(2_500)}`)
    expect(invoice.text).toContain(`Total ${plain(total)}`)

    // Collected at the showroom: the panels only, and no address asked for.
    await addFromProductPage(page, product.slug, 2)
    await visit(page, '/checkout')
    await delivery.getByRole('radio', { name: /Recogida en la exposición/ }).check()
    await expect.poll(() => page.getByLabel('Dirección', { exact: true }).count()).toBe(0)
    await page.getByLabel('Teléfono', { exact: true }).fill('612 345 678')
    await expectAccessible(page, '/checkout pickup')
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe(euros(2 * product.priceRetailCents, 'es'))
    expect(await page.getByTestId('checkout-shipping').textContent()).toBe('Gratis')
    const pickupOrder = await payExactly(page, 2 * product.priceRetailCents)
    await visit(page, '/orders')
    expect(await page.getByRole('article', { name: pickupOrder }).getByTestId('order-delivery').textContent()).toBe(
      'Recogida en la exposición (Torrevieja) · Lista 1 día laborable después del pagoGratis',
    )
    expect(unexpected(problems)).toEqual([])
    expect(unexpected(owner.problems)).toEqual([])
  })
})

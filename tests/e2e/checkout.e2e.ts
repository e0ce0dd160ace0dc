import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { seedProducts } from '../../server/db/seed-data.ts'
import { browserPerFile, expectAccessible, hydrated, newPage, unexpected, visit } from './browser.ts'
import { addFromProductPage, euros, payOrder, signUp, uniqueEmail } from './helpers.ts'
import { decodedQr, pdfContents } from '../helpers/pdf-contents.ts'

const baseUrl = inject('baseUrl')
const product = seedProducts[3]!
const session = browserPerFile({ baseURL: baseUrl, reducedMotion: 'reduce' })

async function fillShipping(page: Page, values: Record<string, string>) {
  const labels: Record<string, string> = {
    full_name: 'Nombre completo',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    address_line1: 'Dirección',
    city: 'Ciudad',
    postal_code: 'Código postal',
    country: 'País',
  }
  for (const [field, value] of Object.entries(values)) {
    const input = page.getByLabel(labels[field]!, { exact: true })
    // The country is a list (docs/product.md#delivery).
    if (field === 'country') await input.selectOption({ label: value })
    else await input.fill(value)
  }
}

const validShipping = {
  full_name: 'Lucía Pérez',
  email: 'lucia@example.com',
  phone: '600 111 222',
  address_line1: 'Calle Mayor 12',
  city: 'Torrevieja',
  postal_code: '03181',
  country: 'España',
}

describe('checkout with the built-in test payment provider', () => {
  it('guest: validation messages, then a valid form → test payment → Pay → paid order, empty cart', async () => {
    const { page, problems } = await newPage(session.context)
    await addFromProductPage(page, product.slug, 2)
    await visit(page, '/checkout')
    await expectAccessible(page, '/checkout')
    expect(await page.getByTestId('checkout-total').textContent()).toBe(euros(2 * product.priceRetailCents, 'es'))
    // A staging shop (ALLOW_TEST_PAYMENTS=1) says on every page that payments are simulated.
    expect(await page.getByTestId('test-mode-banner').textContent()).toBe('Modo de prueba: los pagos son simulados y no se cobra ninguna tarjeta.')

    await fillShipping(page, { ...validShipping, full_name: ' A ', email: 'not-an-email' })
    await page.getByRole('button', { name: 'Proceder al pago' }).click()
    // Beside the field only: no toast repeats an inline message.
    await expect.poll(() => page.getByText('El nombre debe tener al menos 2 caracteres').count()).toBe(1)
    expect(await page.getByText('Correo electrónico no válido').count()).toBe(1)
    expect(await page.getByLabel('Nombre completo').getAttribute('aria-invalid')).toBe('true')
    expect(page.url()).toContain('/checkout')

    await fillShipping(page, validShipping)
    await page.getByRole('button', { name: 'Proceder al pago' }).click()
    await page.waitForURL('**/test-payment/**')
    await hydrated(page)
    expect(await page.getByText('Modo de prueba: no se realiza ningún pago real').isVisible()).toBe(true)
    await page.getByRole('button', { name: `Pagar ${euros(2 * product.priceRetailCents, 'es')}` }).click()
    await page.waitForURL('**/payment-success?**')
    await hydrated(page)
    await expect.poll(() => page.locator('h1').textContent()).toBe('¡Pago realizado con éxito!')
    expect(await page.getByTestId('order-number').textContent()).toMatch(/^ORD-\d{13}[A-Z]{9}$/)
    // A guest learns where the confirmation went, and how the order reaches My orders.
    expect(await page.locator('main').textContent()).toContain('La confirmación se ha enviado a lucia@example.com.')
    expect(await page.getByTestId('guest-orders-hint').textContent()).toContain('cree una cuenta con lucia@example.com')
    await expectAccessible(page, '/payment-success')
    await expect.poll(() => page.getByTestId('cart-count').count()).toBe(0)
    expect(unexpected(problems)).toEqual([])
  })

  it('cancel on the payment page returns to /checkout with the cart intact', async () => {
    const { page, problems } = await newPage(session.context)
    await addFromProductPage(page, product.slug, 1)
    await visit(page, '/checkout')
    await fillShipping(page, validShipping)
    await page.getByRole('button', { name: 'Proceder al pago' }).click()
    await page.waitForURL('**/test-payment/**')
    await hydrated(page)
    await page.getByRole('link', { name: 'Cancelar y volver a la tienda' }).click()
    await page.waitForURL('**/checkout?cancelled=*')
    await hydrated(page)
    expect(await page.getByRole('status').first().textContent()).toContain('Se ha cancelado el pago')
    expect(await page.getByTestId('checkout-total').textContent()).toBe(euros(product.priceRetailCents, 'es'))
    expect(await page.getByTestId('cart-count').textContent()).toBe('1')
    expect(unexpected(problems)).toEqual([])
  })

  it('shows an empty cart with a way back to the shop', async () => {
    const { page } = await newPage(session.context)
    await visit(page, '/checkout')
    expect(await page.getByText('El carrito está vacío').isVisible()).toBe(true)
    await page.getByRole('link', { name: 'Ir a la tienda' }).click()
    await page.waitForURL('**/shop')
  })

  it('a signed-in customer’s paid order appears on /orders, with the form prefilled', async () => {
    const { page, problems } = await newPage(session.context)
    const email = uniqueEmail('orders')
    await signUp(page, { name: 'Marta Gómez', email, password: 'a-long-password' })
    await addFromProductPage(page, product.slug, 3)
    await visit(page, '/checkout')
    expect(await page.getByLabel('Nombre completo').inputValue()).toBe('Marta Gómez')
    expect(await page.getByLabel('Correo electrónico', { exact: true }).inputValue()).toBe(email)
    await fillShipping(page, {
      phone: '611 222 333',
      address_line1: 'Avenida de la Libertad 5',
      city: 'Elche',
      postal_code: '03201',
      country: 'España',
    })
    const orderNumber = await payOrder(page)
    expect(await page.getByTestId('guest-orders-hint').count()).toBe(0)
    await page.getByRole('link', { name: 'Ver mis pedidos' }).click()
    await page.waitForURL('**/orders')
    await hydrated(page)
    const order = page.getByRole('article', { name: orderNumber })
    await expect.poll(() => order.textContent()).toContain('Pagado')
    expect(await order.textContent()).toContain(euros(3 * product.priceRetailCents, 'es'))
    await expectAccessible(page, '/orders')
    expect(unexpected(problems)).toEqual([])
  })

  it('a buyer who needs a full invoice names the company and its NIF (a wrong one is refused beside the field) and gets a full invoice', async () => {
    const { page, problems } = await newPage(session.context)
    await signUp(page, { name: 'Andrés Soler', email: uniqueEmail('invoice'), password: 'a-long-password' })
    await addFromProductPage(page, product.slug, 1)
    await visit(page, '/checkout')
    await fillShipping(page, { phone: '611 222 333', address_line1: 'Calle del Mar 8', city: 'Torrevieja', postal_code: '03181', country: 'España' })
    // A simplified invoice unless asked: the fields appear with the box.
    expect(await page.getByLabel('Nombre o empresa de la factura').count()).toBe(0)
    await page.getByLabel('Necesito factura completa').check()
    await page.getByLabel('Nombre o empresa de la factura').fill('Reformas Soler S.L.')
    await page.getByLabel('Número de identificación fiscal').fill('B03999993')
    await expectAccessible(page, '/checkout full invoice')
    await page.getByRole('button', { name: 'Proceder al pago' }).click()
    const invalid = 'Introduzca un NIF, NIE o CIF español válido, o un número de IVA de la UE con su código de país (por ejemplo, DE136695976)'
    await expect.poll(() => page.getByText(invalid).count()).toBe(1)
    expect(await page.getByLabel('Número de identificación fiscal').getAttribute('aria-invalid')).toBe('true')
    expect(page.url()).toContain('/checkout')

    await page.getByLabel('Número de identificación fiscal').fill('B03999992')
    const orderNumber = await payOrder(page)
    await visit(page, '/orders')
    const order = page.getByRole('article', { name: orderNumber })
    // A full invoice, not a simplified one, made out to the NIF given, with the AEAT's QR code.
    const link = order.getByRole('link', { name: /^Descargar factura \d{4}-\d{6}$/ })
    await expect.poll(() => link.count()).toBe(1)
    expect(await order.getByRole('link', { name: /simplificada/ }).count()).toBe(0)
    const invoiceNumber = /\d{4}-\d{6}/.exec((await link.textContent())!)![0]
    const pdf = await page.request.get((await link.getAttribute('href'))!)
    expect(pdf.headers()['content-type']).toBe('application/pdf')
    const invoice = await pdfContents(await pdf.body())
    expect(invoice.text).toContain('Reformas Soler S.L.')
    expect(invoice.text).toContain('NIF/CIF: B03999992')
    expect(invoice.text).toContain('Factura verificable en la sede electrónica de la AEAT')
    expect(await decodedQr(invoice.images[0]!)).toMatch(
      new RegExp(
        `^https://prewww2\\.aeat\\.es/wlpl/TIKE-CONT/ValidarQR\\?nif=[A-Z0-9]{9}&numserie=${invoiceNumber}&fecha=\\d{2}-\\d{2}-\\d{4}&importe=${(product.priceRetailCents / 100).toFixed(2)}$`,
      ),
    )

    // The next checkout offers the same details.
    await addFromProductPage(page, product.slug, 1)
    await visit(page, '/checkout')
    expect(await page.getByLabel('Necesito factura completa').isChecked()).toBe(true)
    expect(await page.getByLabel('Nombre o empresa de la factura').inputValue()).toBe('Reformas Soler S.L.')
    expect(await page.getByLabel('Número de identificación fiscal').inputValue()).toBe('B03999992')
    expect(unexpected(problems)).toEqual([])
  })
})

import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seedProducts } from '../../server/db/seed-data.ts'
import { browserPerFile, desktop, expectAccessible, hydrated, newPage, unexpected, visit } from './browser.ts'
import { addFromProductPage, euros, signUp, uniqueEmail, verifyEmail } from './helpers.ts'
import { shopPerFile } from './shop-per-file.ts'

// Orders and fulfilment (docs/product.md#fulfilment): a customer pays two orders through the test
// provider; the owner finds them in /admin/orders by the customer's email, ships one with its
// carrier and tracking number (the customer sees both on /orders and downloads the invoice) and
// refunds the other (it shows Refunded, with its corrective invoice). axe on the order screens in
// both languages. The owner is an admin by ADMIN_EMAILS once verified.
const session = browserPerFile({ reducedMotion: 'reduce' })
const password = 'a-long-password'
const ownerEmail = uniqueEmail('owner-orders')
const customerEmail = uniqueEmail('buyer-orders')
const product = seedProducts[2]!

// Invoicing as a real shop does, with VERI*FACTU records (the staging settings turn them off).
const shop = shopPerFile({ ADMIN_EMAILS: ownerEmail, VERIFACTU: 'test' })

/** From the product page to a paid order through the test payment page: its number. */
async function buy(page: Page, quantity: number): Promise<string> {
  await addFromProductPage(page, product.slug, quantity)
  await visit(page, '/checkout')
  for (const [label, value] of Object.entries({
    Teléfono: '612 345 678',
    Dirección: 'Calle Apolo 21',
    Ciudad: 'Torrevieja',
    'Código postal': '03182',
  })) {
    await page.getByLabel(label, { exact: true }).fill(value)
  }
  await page.getByRole('button', { name: 'Proceder al pago' }).click()
  await page.waitForURL('**/test-payment/**')
  await hydrated(page)
  await page.getByRole('button', { name: `Pagar ${euros(quantity * product.priceRetailCents, 'es')}` }).click()
  await page.waitForURL('**/payment-success?**')
  await expect.poll(() => page.getByTestId('order-number').count()).toBe(1)
  return (await page.getByTestId('order-number').textContent())!
}

/** What a link's PDF answers to this browser (its cookies): status, type and the file's first bytes. */
function download(page: Page, href: string) {
  return page.evaluate(async (url) => {
    const response = await fetch(url)
    const bytes = new Uint8Array(await response.arrayBuffer())
    return { status: response.status, type: response.headers.get('content-type'), start: String.fromCharCode(...bytes.slice(0, 4)) }
  }, href)
}

const orderCard = (page: Page, number: string) => page.locator(`[data-testid="order"][data-order-number="${number}"]`)
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text })

describe('the owner’s order screens', () => {
  it('find an order by email, ship it with its tracking number, refund another; the customer sees both', { timeout: 240_000 }, async () => {
    const customer = await newPage(await session.browser.newContext({ baseURL: shop.baseUrl, ...desktop, reducedMotion: 'reduce' }))
    await signUp(customer.page, { name: 'Rosa Martín', email: customerEmail, password })
    const shipped = await buy(customer.page, 2)
    const refunded = await buy(customer.page, 1)

    const owner = await newPage(await session.browser.newContext({ baseURL: shop.baseUrl, ...desktop, reducedMotion: 'reduce' }))
    const { page } = owner
    await signUp(page, { name: 'Dueña de la tienda', email: ownerEmail, password })
    await verifyEmail(page, shop.dataDir, ownerEmail)

    // The dashboard's recent orders lead to the whole list.
    await visit(page, '/admin')
    await page.getByRole('navigation', { name: 'Secciones de administración' }).getByRole('link', { name: 'Pedidos' }).click()
    // A client-side visit: the address changes before the new page is shown.
    await expect.poll(() => page.locator('h1').textContent()).toBe('Pedidos')
    const table = page.getByTestId('admin-orders')
    await table.waitFor()
    await expectAccessible(page, '/admin/orders')

    // The search finds the customer's two orders by their email; the filters live in the URL.
    await page.getByLabel('Buscar por número, correo electrónico o nombre').fill(customerEmail)
    await page.waitForURL((url) => url.searchParams.get('q') === customerEmail)
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2)
    expect(await table.textContent()).toContain('Rosa Martín')
    expect(await table.locator(`tr[data-order-number="${shipped}"]`).textContent()).toContain(euros(2 * product.priceRetailCents, 'es'))
    await page.getByLabel('Pago', { exact: true }).selectOption({ label: 'Pagado' })
    await page.waitForURL((url) => url.searchParams.get('payment') === 'paid')
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2)
    await page.getByLabel('Estado', { exact: true }).selectOption({ label: 'Enviado' })
    await page.waitForURL((url) => url.searchParams.get('status') === 'shipped')
    await expect.poll(() => page.getByText('Ningún pedido coincide con estos filtros.').isVisible()).toBe(true)
    await page.goBack()
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2)
    // Days in Spain: placed today, both orders; a range that ends before it starts is explained.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date())
    await page.getByLabel('Fecha desde').fill(today)
    await page.waitForURL((url) => url.searchParams.get('from') === today)
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2)
    const to = page.getByLabel('Fecha hasta')
    await to.fill('2020-01-31')
    await expect.poll(() => to.getAttribute('aria-invalid')).toBe('true')
    expect(await page.locator(`[id="${await to.getAttribute('aria-describedby')}"]`).textContent()).toBe(
      'La fecha final es anterior a la fecha inicial.',
    )
    expect(await page.getByText('Ningún pedido coincide con estos filtros.').isVisible()).toBe(true)
    await expectAccessible(page, '/admin/orders filtered')
    await page.getByRole('link', { name: 'Quitar los filtros' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/orders' && url.search === '')
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2)

    // The order's page: what was bought, by whom, its payment and invoice, and what can be done.
    await table.getByRole('link', { name: shipped }).click()
    await page.waitForURL(/\/admin\/orders\/[0-9a-f-]{36}$/)
    await hydrated(page)
    const shippedUrl = new URL(page.url()).pathname
    expect(await page.getByTestId('order-number').textContent()).toBe(shipped)
    expect(await page.getByTestId('order-status').textContent()).toBe('Confirmado')
    expect(await page.getByTestId('order-items').textContent()).toContain(product.nameEs)
    expect(await page.getByTestId('order-total').textContent()).toBe(euros(2 * product.priceRetailCents, 'es'))
    expect(await page.getByRole('link', { name: customerEmail }).getAttribute('href')).toBe(`mailto:${customerEmail}`)
    expect(await page.getByTestId('order-address').textContent()).toContain('Calle Apolo 21')
    expect(await page.getByTestId('payment-reference').textContent()).not.toBe('Todavía ninguna')
    const timeline = page.getByTestId('order-timeline')
    expect(await timeline.textContent()).toContain('Pedido realizado')
    expect(await timeline.textContent()).toContain('Pago recibido')
    expect(await timeline.textContent()).toContain('Proveedor de pagos')
    const actions = page.getByTestId('order-actions')
    expect(await actions.getByRole('button').allTextContents()).toEqual(['Marcar como enviado', 'Reembolsar'])
    await expectAccessible(page, '/admin/orders/$id')

    // Shipped with its carrier and tracking number, from a dialog that the keyboard can use.
    await actions.getByRole('button', { name: 'Marcar como enviado' }).click()
    const shipDialog = page.getByRole('dialog', { name: `Enviar el pedido ${shipped}` })
    await shipDialog.waitFor()
    await expectAccessible(page, '/admin/orders/$id ship dialog')
    await shipDialog.getByLabel('Transportista (opcional)').fill('SEUR')
    await shipDialog.getByLabel('Número de seguimiento (opcional)').fill('ABC123')
    await shipDialog.getByLabel('Número de seguimiento (opcional)').press('Enter')
    await expect.poll(() => toast(page, `Pedido ${shipped} marcado como enviado`).count()).toBe(1)
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('Enviado')
    expect(await shipDialog.count()).toBe(0)
    // The button used is gone: the keyboard waits on the actions' heading.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('order-actions-heading')
    const shipment = page.getByTestId('order-shipment')
    expect(await shipment.textContent()).toContain('SEUR')
    expect(await shipment.textContent()).toContain('ABC123')
    await expect.poll(() => timeline.textContent()).toContain('Transportista: SEUR')
    expect(await timeline.textContent()).toContain('Número de seguimiento: ABC123')
    expect(await timeline.textContent()).toContain(`Por: ${ownerEmail}`)
    expect(await actions.getByRole('button').allTextContents()).toEqual(['Marcar como entregado', 'Reembolsar'])

    // The customer sees the carrier and tracking number, and downloads the invoice.
    await visit(customer.page, '/orders')
    const card = orderCard(customer.page, shipped)
    expect(await card.textContent()).toContain('Enviado')
    expect(await card.getByTestId('order-shipment').textContent()).toContain('SEUR')
    expect(await card.getByTestId('order-shipment').textContent()).toContain('ABC123')
    const invoice = card.getByRole('link', { name: /^Descargar factura simplificada \d{4}-\d{6}$/ })
    const invoiceHref = (await invoice.getAttribute('href'))!
    expect(await download(customer.page, invoiceHref)).toEqual({ status: 200, type: 'application/pdf', start: '%PDF' })
    await expectAccessible(customer.page, '/orders with a shipped order')

    // The other order, refunded after the dialog says what happens.
    await visit(page, '/admin/orders')
    await page.getByLabel('Buscar por número, correo electrónico o nombre').fill(refunded)
    await page.getByLabel('Buscar por número, correo electrónico o nombre').press('Enter')
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1)
    await table.getByRole('link', { name: refunded }).click()
    await page.waitForURL(/\/admin\/orders\/[0-9a-f-]{36}$/)
    await hydrated(page)
    const refundedUrl = new URL(page.url()).pathname
    // A second tab on the same order, left as it is while the first refunds it.
    const stale = await newPage(page.context())
    await visit(stale.page, refundedUrl)
    await actions.getByRole('button', { name: 'Reembolsar' }).click()
    const refundDialog = page.getByRole('alertdialog', { name: `¿Reembolsar el pedido ${refunded}?` })
    await refundDialog.waitFor()
    const amount = euros(product.priceRetailCents, 'es')
    expect(await refundDialog.textContent()).toContain(amount)
    expect(await refundDialog.textContent()).toContain('factura rectificativa')
    expect(await refundDialog.textContent()).toContain(customerEmail)
    await expectAccessible(page, '/admin/orders/$id refund dialog')
    await refundDialog.getByRole('button', { name: `Reembolsar ${amount}` }).click()
    await expect.poll(() => toast(page, `Pedido ${refunded} reembolsado`).count()).toBe(1)
    // The money went back; the panels never left, so the order stays confirmed.
    await expect.poll(() => page.getByTestId('payment-status').textContent()).toBe('Reembolsado')
    expect(await page.getByTestId('order-status').textContent()).toBe('Confirmado')
    await expect.poll(() => page.getByRole('link', { name: /^Descargar factura rectificativa R\d{4}-\d{6}$/ }).count()).toBe(1)
    expect(await actions.textContent()).toContain('Con este pedido ya no se puede hacer nada más.')

    // The stale tab still offers to ship it: the server refuses, the tab says why and shows the order as it is.
    await stale.page.getByRole('button', { name: 'Marcar como enviado' }).click()
    await stale.page.getByRole('dialog').getByRole('button', { name: 'Marcar como enviado' }).click()
    await expect.poll(() => toast(stale.page, 'Solo se puede enviar un pedido pagado que aún no se haya enviado').count()).toBe(1)
    await expect.poll(() => stale.page.getByTestId('payment-status').textContent()).toBe('Reembolsado')
    expect(await stale.page.getByTestId('order-actions').getByRole('button').count()).toBe(0)
    // The refused ship (409) is a refusal the browser logs: expected here.
    expect(unexpected(stale.problems).filter((p) => !p.includes('status of 409'))).toEqual([])
    expect(await timeline.textContent()).toContain('Factura emitida')
    await expectAccessible(page, '/admin/orders/$id refunded')
    // An invoice issued in error can be voided (its VERI*FACTU anulación), asked first; this one is kept.
    await page.getByRole('button', { name: /^Anular factura R\d{4}-\d{6}$/ }).click()
    const voidDialog = page.getByRole('alertdialog', { name: /^¿Anular la factura R\d{4}-\d{6}\?$/ })
    await voidDialog.waitFor()
    expect(await voidDialog.textContent()).toContain('Solo para una factura emitida por error')
    await expectAccessible(page, '/admin/orders/$id void invoice dialog')
    await voidDialog.getByRole('button', { name: 'Mantener la factura' }).click()
    await voidDialog.waitFor({ state: 'detached' })

    // The customer sees it refunded, with both invoices.
    await visit(customer.page, '/orders')
    const refundedCard = orderCard(customer.page, refunded)
    expect(await refundedCard.textContent()).toContain('Reembolsado')
    const corrective = refundedCard.getByRole('link', { name: /^Descargar factura rectificativa R\d{4}-\d{6}$/ })
    expect(await download(customer.page, (await corrective.getAttribute('href'))!)).toEqual({ status: 200, type: 'application/pdf', start: '%PDF' })
    expect(await refundedCard.getByRole('link', { name: /^Descargar factura simplificada \d{4}-\d{6}$/ }).count()).toBe(1)

    // In English: the same screens, in the owner's other language.
    await visit(page, '/en/admin/orders')
    expect(await page.locator('h1').textContent()).toBe('Orders')
    await table.waitFor()
    await expectAccessible(page, '/en/admin/orders')
    await visit(page, `/en${shippedUrl}`)
    expect(await page.getByTestId('order-status').textContent()).toBe('Shipped')
    expect(await page.getByTestId('order-timeline').textContent()).toContain('Carrier: SEUR')
    await expectAccessible(page, '/en/admin/orders/$id')
    await visit(page, `/en${refundedUrl}`)
    expect(await page.getByRole('link', { name: /^Download corrective invoice R\d{4}-\d{6}$/ }).count()).toBe(1)
    await expectAccessible(page, '/en/admin/orders/$id refunded')

    expect(unexpected(owner.problems)).toEqual([])
    expect(unexpected(customer.problems)).toEqual([])
  })
})

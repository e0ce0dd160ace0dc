import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { seedProducts } from '../../server/db/seed-data.ts'
import { browserPerFile, desktop, expectAccessible, hydrated, newPage, unexpected, visit } from './browser.ts'
import { addFromProductPage, euros, payOrder, signIn, signUp, uniqueEmail, verifyEmail } from './helpers.ts'
import { shopPerFile } from './shop-per-file.ts'
import { attachmentIn, linkIn, readOutbox, waitForMail } from '../helpers/mail-links.ts'
import { decodedQr, pdfContents } from '../helpers/pdf-contents.ts'
import { join } from 'node:path'

// Orders and fulfilment (docs/product.md#fulfilment): a customer pays two orders through the test
// provider; the owner finds them in /admin/orders by the customer's email, ships one in two parts,
// the first with SEUR and its tracking number (the customer sees both, with SEUR's tracking link, on
// /orders and downloads the invoice) and
// refunds the other: 2 of its 10 panels first (Partially refunded), then the rest (Refunded), each
// with its corrective invoice; before shipping it fixes the
// address, and it exports the filtered list as CSV. axe on the order screens in
// both languages. The owner is an admin by ADMIN_EMAILS once verified.
const session = browserPerFile({ reducedMotion: 'reduce' })
const password = 'a-long-password'
const ownerEmail = uniqueEmail('owner-orders')
const customerEmail = uniqueEmail('buyer-orders')
const product = seedProducts[2]!

// Invoicing as a real shop does, with VERI*FACTU records (the staging settings turn them off),
// sent to a fake AEAT that asks for no wait between messages (the real one asks 60 s), so each
// record is answered within the sender's 10 s pass.
const shop = shopPerFile({ ADMIN_EMAILS: ownerEmail, VERIFACTU: 'test' })
beforeAll(() => {
  shop.aeat!.behaviour.waitSeconds = 0
})

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
    const refunded = await buy(customer.page, 10)

    const owner = await newPage(await session.browser.newContext({ baseURL: shop.baseUrl, ...desktop, reducedMotion: 'reduce' }))
    const { page } = owner
    await signUp(page, { name: 'Dueña de la tienda', email: ownerEmail, password })
    await verifyEmail(page, shop.dataDir, ownerEmail)

    // The admin's nav leads to the whole list.
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
    // What the table shows, as a file: every order its filters select.
    // (The table lists these two orders before the search applies too: the link is what follows it.)
    const csvHref = `/admin/orders/export.csv?${new URLSearchParams({ q: customerEmail })}`
    await expect.poll(() => page.getByRole('link', { name: 'Exportar CSV' }).getAttribute('href')).toBe(csvHref)
    const csv = await page.evaluate(async (url) => (await fetch(url)).text(), csvHref)
    expect(csv.trim().split('\r\n')).toHaveLength(3)
    expect(csv).toContain(shipped)
    expect(csv).toContain(refunded)
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

    // Before it ships, the owner fixes the address the customer mistyped (same zone); the history keeps the old one.
    await page.getByRole('button', { name: 'Editar contacto y dirección' }).click()
    const detailsDialog = page.getByRole('dialog', { name: `Datos del pedido ${shipped}` })
    await detailsDialog.waitFor()
    expect(await detailsDialog.getByLabel('Dirección', { exact: true }).inputValue()).toBe('Calle Apolo 21')
    await expectAccessible(page, '/admin/orders/$id details dialog')
    await detailsDialog.getByLabel('Dirección', { exact: true }).fill('Calle Apolo 23, 2º A')
    await detailsDialog.getByRole('button', { name: 'Guardar y avisar al cliente' }).click()
    await expect.poll(() => toast(page, `Pedido ${shipped} actualizado: se ha avisado al cliente por correo`).count()).toBe(1)
    await expect.poll(() => page.getByTestId('order-address').textContent()).toContain('Calle Apolo 23, 2º A')
    await expect.poll(() => timeline.textContent()).toContain('Dirección de entrega: Calle Apolo 21, 03182 Torrevieja')
    expect(await timeline.textContent()).toContain('Contacto o dirección de entrega cambiados')

    // Shipped in two parts, from a dialog that the keyboard can use: one panel now with SEUR and its tracking number...
    await actions.getByRole('button', { name: 'Marcar como enviado' }).click()
    const shipDialog = page.getByRole('dialog', { name: `Enviar el pedido ${shipped}` })
    await shipDialog.waitFor()
    await expectAccessible(page, '/admin/orders/$id ship dialog')
    await shipDialog.getByLabel(`${product.nameEs}: quedan 2 de 2 por enviar`).fill('1')
    await shipDialog.getByLabel('Transportista', { exact: true }).selectOption({ label: 'SEUR' })
    await shipDialog.getByLabel('Número de seguimiento (opcional)').fill('ABC123')
    expect(await shipDialog.getByRole('button', { name: 'Registrar este envío' }).count()).toBe(1)
    await shipDialog.getByLabel('Número de seguimiento (opcional)').press('Enter')
    await expect.poll(() => toast(page, `Parte del pedido ${shipped} enviada`).count()).toBe(1)
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('Enviado en parte')
    expect(await shipDialog.count()).toBe(0)
    // The button used is gone: the keyboard waits on the actions' heading.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('order-actions-heading')
    // ...and the other one later, with a carrier the list does not have.
    await actions.getByRole('button', { name: 'Enviar el resto' }).click()
    await shipDialog.waitFor()
    expect(await shipDialog.getByLabel(`${product.nameEs}: quedan 1 de 2 por enviar`).inputValue()).toBe('1')
    await shipDialog.getByLabel('Transportista', { exact: true }).selectOption({ label: 'Otro' })
    await shipDialog.getByRole('button', { name: 'Marcar como enviado' }).click()
    // "Otro" needs its name: said beside the field, where the keyboard goes.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('carrierName')
    await shipDialog.getByLabel('Nombre del transportista').fill('Transportes Vega')
    await shipDialog.getByRole('button', { name: 'Marcar como enviado' }).click()
    await expect.poll(() => toast(page, `Pedido ${shipped} marcado como enviado`).count()).toBe(1)
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('Enviado')
    const shipment = page.getByTestId('order-shipment')
    for (const said of ['SEUR', 'ABC123', 'Transportes Vega', `1 × ${product.nameEs}`]) expect(await shipment.textContent()).toContain(said)
    await expect.poll(() => timeline.textContent()).toContain('Transportista: Transportes Vega')
    expect(await timeline.textContent()).toContain('Transportista: SEUR')
    expect(await timeline.textContent()).toContain('Paneles: 1')
    expect(await timeline.textContent()).toContain('Número de seguimiento: ABC123')
    expect(await timeline.textContent()).toContain(`Por: ${ownerEmail}`)
    expect(await actions.getByRole('button').allTextContents()).toEqual(['Marcar como entregado', 'Reembolsar'])

    // The customer sees the carrier and tracking number, and downloads the invoice.
    await visit(customer.page, '/orders')
    const card = orderCard(customer.page, shipped)
    expect(await card.textContent()).toContain('Enviado')
    expect(await card.getByTestId('order-shipment').textContent()).toContain('SEUR')
    expect(await card.getByTestId('order-shipment').textContent()).toContain('ABC123')
    // SEUR's shipment links to SEUR's tracking page for its number.
    expect(await card.getByRole('link', { name: 'Seguir el envío en la web de SEUR' }).getAttribute('href')).toBe(
      'https://www.seur.com/livetracking/?segOnlineIdentificador=ABC123&segOnlineIdioma=es',
    )
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
    // Two of its ten panels arrived broken: the owner refunds those two, with the reason.
    const price = (panels: number) => euros(panels * product.priceRetailCents, 'es')
    await actions.getByRole('button', { name: 'Reembolsar' }).click()
    const refundDialog = page.getByRole('dialog', { name: `Reembolsar el pedido ${refunded}` })
    await refundDialog.waitFor()
    expect(await refundDialog.textContent()).toContain(`Pendiente de reembolsar: ${price(10)}`)
    expect(await refundDialog.textContent()).toContain('factura rectificativa')
    expect(await refundDialog.textContent()).toContain(customerEmail)
    await refundDialog.getByLabel(/quedan 10 de 10/).fill('2')
    await refundDialog.getByLabel('Motivo', { exact: true }).fill('Dos paneles llegaron rotos')
    await expect.poll(() => refundDialog.getByTestId('refund-total').textContent()).toBe(`A reembolsar: ${price(2)}`)
    await expectAccessible(page, '/admin/orders/$id refund dialog')
    await refundDialog.getByRole('button', { name: `Reembolsar ${price(2)}` }).click()
    await expect.poll(() => toast(page, `Reembolsados ${price(2)} del pedido ${refunded}`).count()).toBe(1)
    await expect.poll(() => page.getByTestId('payment-status').textContent()).toBe('Reembolsado parcialmente')
    expect(await page.getByTestId('refunded-total').textContent()).toContain(price(2))
    expect(await page.getByTestId('order-refunds').textContent()).toContain('Dos paneles llegaron rotos')
    await expect.poll(() => page.getByRole('link', { name: /^Descargar factura rectificativa R\d{4}-\d{6}$/ }).count()).toBe(1)
    // The eight left can still be shipped, or refunded: the owner refunds the rest.
    expect(await actions.getByRole('button').allTextContents()).toEqual(['Marcar como enviado', 'Reembolsar'])
    await actions.getByRole('button', { name: 'Reembolsar' }).click()
    await refundDialog.waitFor()
    expect(await refundDialog.getByLabel(/quedan 8 de 10/).count()).toBe(1)
    await refundDialog.getByLabel('Qué reembolsar').selectOption({ label: `Todo lo pendiente (${price(8)})` })
    await refundDialog.getByLabel('Motivo', { exact: true }).fill('El cliente anula el resto')
    await refundDialog.getByRole('button', { name: `Reembolsar ${price(8)}` }).click()
    await expect.poll(() => toast(page, `Reembolsados ${price(8)} del pedido ${refunded}`).count()).toBe(1)
    // The money went back; the panels never left, so the order stays confirmed.
    await expect.poll(() => page.getByTestId('payment-status').textContent()).toBe('Reembolsado')
    expect(await page.getByTestId('order-status').textContent()).toBe('Confirmado')
    await expect.poll(() => page.getByRole('link', { name: /^Descargar factura rectificativa R\d{4}-\d{6}$/ }).count()).toBe(2)
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
    await page
      .getByRole('button', { name: /^Anular factura R\d{4}-\d{6}$/ })
      .first()
      .click()
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
    const corrective = refundedCard.getByRole('link', { name: /^Descargar factura rectificativa R\d{4}-\d{6}$/ }).first()
    expect(await refundedCard.getByRole('link', { name: /^Descargar factura rectificativa R\d{4}-\d{6}$/ }).count()).toBe(2)
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
    expect(await page.getByRole('link', { name: /^Download corrective invoice R\d{4}-\d{6}$/ }).count()).toBe(2)
    await expectAccessible(page, '/en/admin/orders/$id refunded')

    expect(unexpected(owner.problems)).toEqual([])
    expect(unexpected(customer.problems)).toEqual([])
  })

  it(
    'invoices reach Hacienda: a guest’s simplified invoice with the QR, a full one with the NIF, each record and its answer on the owner’s page, the book',
    { timeout: 240_000 },
    async () => {
      // The fake AEAT refuses invoices made out to this tax id (as the real one refuses a NIF it does not know).
      const refusedNif = 'B03999992'
      shop.aeat!.behaviour.rejectBuyer.set(refusedNif, { code: '1110', description: 'El NIF no está identificado en el censo de la AEAT.' })
      const guestEmail = uniqueEmail('guest-invoice')
      const companyEmail = uniqueEmail('company-invoice')

      // A guest buys: a simplified invoice (no buyer data), with the AEAT's QR code and legend, in the confirmation email.
      const guest = await newPage(await session.browser.newContext({ baseURL: shop.baseUrl, ...desktop, reducedMotion: 'reduce' }))
      const simplified = await guestBuys(guest.page, guestEmail)
      const simplifiedPdf = await pdfContents(attachmentIn(await confirmation(guestEmail), 'application/pdf'))
      expect(simplifiedPdf.text).toContain('Factura simplificada')
      expect(simplifiedPdf.text).toContain('Factura verificable en la sede electrónica de la AEAT')
      const simplifiedNumber = /\b(\d{4}-\d{6})\b/.exec(simplifiedPdf.text)![1]!
      expect(await decodedQr(simplifiedPdf.images[0]!)).toMatch(
        new RegExp(
          `^https://prewww2\\.aeat\\.es/wlpl/TIKE-CONT/ValidarQR\\?nif=[A-Z0-9]{9}&numserie=${simplifiedNumber}&fecha=\\d{2}-\\d{2}-\\d{4}&importe=`,
        ),
      )

      // Another guest needs a full invoice for the company: made out to its NIF.
      const company = await newPage(await session.browser.newContext({ baseURL: shop.baseUrl, ...desktop, reducedMotion: 'reduce' }))
      await guestBuys(company.page, companyEmail, { name: 'Reformas Costa Blanca S.L.', taxId: refusedNif })
      const fullPdf = await pdfContents(attachmentIn(await confirmation(companyEmail), 'application/pdf'))
      expect(fullPdf.text).toContain('Reformas Costa Blanca S.L.')
      expect(fullPdf.text).toContain(`NIF/CIF: ${refusedNif}`)
      expect(fullPdf.text).not.toContain('Factura simplificada')
      const fullNumber = /\b(\d{4}-\d{6})\b/.exec(fullPdf.text)![1]!
      expect(simplified).not.toBe('')

      // The owner: every admin page warns of the rejected record, and leads to it.
      const owner = await newPage(await session.browser.newContext({ baseURL: shop.baseUrl, ...desktop, reducedMotion: 'reduce' }))
      const { page } = owner
      await signIn(page, { email: ownerEmail, password })
      const warning = page.getByTestId('verifactu-attention-rejected')
      await expect.poll(async () => (await visit(page, '/admin/orders'), await warning.count()), { timeout: 40_000, interval: 2000 }).toBe(1)
      expect(await warning.textContent()).toContain('Hacienda ha rechazado 1 registro de facturación: vea por qué y corríjalo.')
      await warning.getByRole('link').click()
      await page.waitForURL((url) => url.pathname === '/admin/verifactu' && url.searchParams.get('state') === 'rejected')
      const table = page.getByTestId('verifactu-records')
      await expect.poll(() => table.locator('tbody tr').count()).toBe(1)
      const rejectedRow = table.locator(`tr[data-invoice-number="${fullNumber}"]`)
      expect(await rejectedRow.getAttribute('data-state')).toBe('rejected')
      expect(await rejectedRow.textContent()).toContain('1110')
      expect(await rejectedRow.textContent()).toContain('El NIF no está identificado en el censo de la AEAT.')
      expect(await rejectedRow.textContent()).toContain('Factura completa')
      await expectAccessible(page, '/admin/verifactu rejected')

      // The NIF is right but not in the census: the owner corrects the record (a subsanación), asked first.
      await rejectedRow.getByRole('button', { name: `Corregir el registro de la factura ${fullNumber}` }).click()
      const dialog = page.getByRole('dialog')
      await dialog.waitFor()
      await expectAccessible(page, '/admin/verifactu correction dialog')
      const notCensused = dialog.getByLabel('El NIF del comprador es correcto pero no figura en el censo de Hacienda: enviarlo como no censado')
      if (!(await notCensused.isChecked())) await notCensused.check()
      await dialog.getByRole('button', { name: 'Enviar la corrección' }).click()
      await expect.poll(() => toast(page, `Corrección de la factura ${fullNumber}`).count()).toBe(1)
      await dialog.waitFor({ state: 'detached' })
      // Sent with the next records and accepted; the rejected record stays as it was, said to be corrected; the warning is gone.
      await page.getByLabel('Estado', { exact: true }).selectOption({ label: 'Todos los estados' })
      await page.waitForURL((url) => url.pathname === '/admin/verifactu' && !url.searchParams.has('state'))
      const records = table.locator(`tr[data-invoice-number="${fullNumber}"]`)
      await expect.poll(() => records.count()).toBe(2)
      await expect
        .poll(
          async () => (await visit(page, '/admin/verifactu'), await records.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-state')))),
          {
            timeout: 40_000,
            interval: 2000,
          },
        )
        .toEqual(['accepted', 'rejected'])
      expect(await records.nth(1).textContent()).toContain('Corregido por el registro')
      expect(await page.getByTestId('verifactu-attention-rejected').count()).toBe(0)

      // All of them: the guest's simplified invoice accepted, each with its fingerprint, a link to its order.
      const accepted = table.locator(`tr[data-invoice-number="${simplifiedNumber}"]`)
      await expect.poll(() => accepted.getAttribute('data-state')).toBe('accepted')
      expect(await accepted.textContent()).toContain('Factura simplificada')
      await accepted.locator('summary').click()
      expect(await accepted.locator('code').textContent()).toMatch(/^[0-9A-F]{64}$/)
      expect(await accepted.getByRole('link', { name: simplifiedNumber }).getAttribute('href')).toMatch(/^\/admin\/orders\/[0-9a-f-]{36}$/)
      expect(await page.getByTestId('verifactu-service').textContent()).toContain('Entorno de pruebas de la AEAT')
      await expectAccessible(page, '/admin/verifactu')
      // Nothing waits: "Reintentar ahora" says so.
      await expect.poll(() => table.locator('tr[data-state="pending"]').count(), { timeout: 30_000 }).toBe(0)
      await page.getByRole('button', { name: 'Reintentar ahora' }).click()
      await expect.poll(() => toast(page, 'No hay registros pendientes de enviar a Hacienda.').count()).toBe(1)

      // The accountant's book of the month: both invoices, the full one with the buyer's NIF.
      const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit' }).format(new Date())
      const book = await page.request.get(`/admin/verifactu/book.csv?period=${month}`)
      expect(book.status()).toBe(200)
      const csv = await book.text()
      expect(csv).toContain(simplifiedNumber)
      expect(csv.split('\n').find((line) => line.includes(fullNumber))).toContain(refusedNif)

      // In English, the same page.
      await visit(page, '/en/admin/verifactu')
      expect(await page.locator('h1').textContent()).toBe('Hacienda (VERI*FACTU)')
      await expect.poll(() => table.locator(`tr[data-invoice-number="${simplifiedNumber}"]`).textContent()).toContain('Accepted')
      await expectAccessible(page, '/en/admin/verifactu')
      for (const person of [guest, company, owner]) expect(unexpected(person.problems)).toEqual([])
    },
  )

  it('the owner takes an order on the phone; the customer pays it from the emailed link', { timeout: 180_000 }, async () => {
    const buyerEmail = uniqueEmail('phone-order')
    const owner = await newPage(await session.browser.newContext({ baseURL: shop.baseUrl, ...desktop, reducedMotion: 'reduce' }))
    const { page } = owner
    await signIn(page, { email: ownerEmail, password })
    await visit(page, '/admin/orders')
    await page.getByRole('link', { name: 'Nuevo pedido' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/orders/new')
    await hydrated(page)
    for (const [label, value] of Object.entries({
      'Correo electrónico': buyerEmail,
      'Nombre completo': 'Javier Soler',
      Teléfono: '612 345 680',
      Dirección: 'Avenida del Puerto 3',
      'Código postal': '46024',
      Ciudad: 'Valencia',
    })) {
      await page.getByLabel(label, { exact: true }).fill(value)
    }
    await page.getByLabel('Producto', { exact: true }).selectOption({ label: `${product.nameEs} · ${euros(product.priceRetailCents, 'es')}` })
    await page.getByLabel('Paneles', { exact: true }).fill('6')
    // Six panels at the price agreed on the phone.
    await page.getByLabel('Precio acordado por panel (€, IVA incluido)').fill('20')
    const summary = page.getByTestId('new-order-summary')
    await expect.poll(() => summary.textContent()).toContain('Cliente nuevo: precios de venta al público.')
    await expect.poll(() => summary.textContent()).toContain(euros(6 * 2000, 'es'))
    await expect.poll(() => page.getByTestId('new-order-total').textContent()).toMatch(/\d/)
    await expectAccessible(page, '/admin/orders/new')
    await page.getByRole('button', { name: 'Crear el pedido y enviar el enlace de pago' }).click()
    await expect.poll(() => toast(page, `creado: se ha enviado el enlace de pago a ${buyerEmail}`).count()).toBe(1)
    await page.waitForURL(/\/admin\/orders\/[0-9a-f-]{36}$/)
    const orderUrl = new URL(page.url()).pathname
    const linkField = page.getByLabel('Enlace para pagar el pedido')
    await expect.poll(() => linkField.inputValue()).toMatch(/\/pay\/[0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]{43}$/)
    await expectAccessible(page, '/admin/orders/$id with its payment link')

    // The customer's email: what was agreed, and the link, the same the owner can copy for WhatsApp.
    const mail = await waitForMail(
      () => readOutbox(join(shop.dataDir, 'outbox')),
      buyerEmail,
      (raw) => raw.includes('X-Mail-Kind: order-payment-link'),
    )
    expect(mail).toContain('tal como acordamos')
    expect(mail).toContain(
      `Total (IVA incluido): ${euros(6 * 2000, 'es')
        .replace('\u00a0', '=C2=A0')
        .replace('€', '=E2=82=AC')}`,
    )
    const link = linkIn(mail, '/pay/')
    expect(link).toBe(await linkField.inputValue())

    // The customer, on another device, pays from the link at the provider's page.
    const customer = await newPage(await session.browser.newContext({ baseURL: shop.baseUrl, ...desktop, reducedMotion: 'reduce' }))
    await customer.page.goto(link)
    await customer.page.waitForURL('**/test-payment/**')
    await hydrated(customer.page)
    await customer.page.getByRole('button', { name: /^Pagar/ }).click()
    await customer.page.waitForURL('**/payment-success?**')
    await expect.poll(() => customer.page.getByTestId('order-number').count()).toBe(1)

    // An ordinary paid order now: the link is gone from the owner's page.
    await visit(page, orderUrl)
    await expect.poll(() => page.getByTestId('payment-status').textContent()).toBe('Pagado')
    expect(await linkField.count()).toBe(0)
    // The link again, once paid, shows the confirmation.
    await customer.page.goto(link)
    await customer.page.waitForURL('**/payment-success?**')
    expect(unexpected(owner.problems)).toEqual([])
    expect(unexpected(customer.problems)).toEqual([])
  })
})

/** A guest's purchase through the test payment page, with a full invoice's details when given; its order number. */
async function guestBuys(page: Page, email: string, fullInvoice?: { name: string; taxId: string }): Promise<string> {
  await addFromProductPage(page, product.slug, 1)
  await visit(page, '/checkout')
  for (const [label, value] of Object.entries({
    'Nombre completo': 'Marta Ruiz',
    'Correo electrónico': email,
    Teléfono: '612 345 679',
    Dirección: 'Calle Ramón Gallud 10',
    Ciudad: 'Torrevieja',
    'Código postal': '03181',
  })) {
    await page.getByLabel(label, { exact: true }).fill(value)
  }
  if (fullInvoice) {
    await page.getByLabel('Necesito factura completa').check()
    await page.getByLabel('Nombre o empresa de la factura').fill(fullInvoice.name)
    await page.getByLabel('Número de identificación fiscal').fill(fullInvoice.taxId)
  }
  return payOrder(page)
}

/** The order confirmation emailed to an address, raw (its invoice attached): it leaves through the email queue, within seconds. */
async function confirmation(email: string): Promise<string> {
  let mail = ''
  await expect
    .poll(
      async () =>
        (mail = await waitForMail(
          () => readOutbox(join(shop.dataDir, 'outbox')),
          email,
          (raw) => raw.includes('X-Mail-Kind: order-confirmation'),
        ).catch(() => '')),
      { timeout: 30_000 },
    )
    .not.toBe('')
  return mail
}

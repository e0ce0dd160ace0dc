import type { BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/client.ts'
import { seedProducts } from '../../server/db/seed-data.ts'
import { testServices } from '../helpers/services.ts'
import { silentLog } from '../helpers/silent-log.ts'
import { browserPerFile, expectAccessible, hydrated, newPage, unexpected } from './browser.ts'
import { addFromProductPage, euros, signUp, uniqueEmail } from './helpers.ts'
import { linkIn, readOutbox, waitForMail } from '../helpers/mail-links.ts'
import { join } from 'node:path'
import { startShop, type RunningShop } from './start-app.ts'

// Pending orders (docs/product.md#checkout, docs/decisions/014): back from the payment page to the
// same order with the form kept; "Pay now" and "Cancel" on /orders; a pending order cancelled when
// its payment lapses. This file runs its own shop, so it can stop it, move the expiry job's clock
// on its database, and start it again on the same data.
const product = seedProducts[2]!
let shop: RunningShop
// Each test's browser context is made from these options: the shop's address is known once it runs.
const contextOptions: BrowserContextOptions = { reducedMotion: 'reduce' }
const session = browserPerFile(contextOptions)

beforeAll(async () => {
  shop = await startShop()
  contextOptions.baseURL = shop.baseUrl
})
afterAll(async () => {
  await shop?.stop()
})

async function visit(page: Page, path: string) {
  await page.goto(path)
  await hydrated(page)
}

/** Signs up a new customer in this page's browser: their email. */
async function signedInCustomer(page: Page): Promise<string> {
  const email = uniqueEmail('pending')
  await signUp(page, { name: 'Rosa Martín', email, password: 'a-long-password' })
  return email
}

const shipping = {
  Teléfono: '612 345 678',
  Dirección: 'Calle Apolo 21',
  Ciudad: 'Torrevieja',
  'Código postal': '03182',
}

async function fillCheckout(page: Page) {
  for (const [label, value] of Object.entries(shipping)) await page.getByLabel(label, { exact: true }).fill(value)
}

/** From /checkout to the test payment page; returns the order number it shows. */
async function toPaymentPage(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Proceder al pago' }).click()
  await page.waitForURL('**/test-payment/**')
  await hydrated(page)
  const number = await page.getByText(/^ORD-\d{13}[A-Z]{9}$/).textContent()
  return number!
}

/** A signed-in customer with one panel in the cart, left on the payment page of its pending order: its number. */
async function customerOnPaymentPage(page: Page): Promise<string> {
  await signedInCustomer(page)
  await addFromProductPage(page, product.slug, 1)
  await visit(page, '/checkout')
  await fillCheckout(page)
  return toPaymentPage(page)
}

const orderCard = (page: Page, number: string) => page.locator(`[data-testid="order"][data-order-number="${number}"]`)

describe('pending orders', () => {
  it('cancel on the payment page, back to the same order with the form kept, then pay it from /orders', async () => {
    const { page, problems } = await newPage(session.context)
    await signedInCustomer(page)
    await addFromProductPage(page, product.slug, 2)
    await visit(page, '/checkout')
    await fillCheckout(page)
    const first = await toPaymentPage(page)

    await page.getByRole('link', { name: 'Cancelar y volver a la tienda' }).click()
    await page.waitForURL('**/checkout?cancelled=*')
    await hydrated(page)
    // What was typed is still there.
    for (const [label, value] of Object.entries(shipping)) {
      await expect.poll(() => page.getByLabel(label, { exact: true }).inputValue()).toBe(value)
    }
    // The same order, not another number.
    expect(await toPaymentPage(page)).toBe(first)
    await page.getByRole('link', { name: 'Cancelar y volver a la tienda' }).click()
    await page.waitForURL('**/checkout?cancelled=*')

    await visit(page, '/orders')
    expect(await page.locator('[data-testid="order"]').count()).toBe(1)
    const card = orderCard(page, first)
    expect(await card.textContent()).toContain('Pendiente de pago')
    await expectAccessible(page, '/orders with a pending order')
    await card.getByRole('button', { name: `Pagar ahora el pedido ${first}` }).click()
    await page.waitForURL('**/test-payment/**')
    await hydrated(page)
    expect(await page.getByText(first).count()).toBe(1)
    await page.getByRole('button', { name: `Pagar ${euros(2 * product.priceRetailCents, 'es')}` }).click()
    await page.waitForURL('**/payment-success?**')
    await expect.poll(() => page.locator('h1').textContent()).toBe('¡Pago realizado con éxito!')
    expect(await page.getByTestId('order-number').textContent()).toBe(first)

    await visit(page, '/orders')
    expect(await page.locator('[data-testid="order"]').count()).toBe(1)
    expect(await orderCard(page, first).textContent()).toContain('Pagado')
    expect(
      await orderCard(page, first)
        .getByRole('button', { name: /Pagar ahora/ })
        .count(),
    ).toBe(0)
    expect(unexpected(problems)).toEqual([])
  })

  it('paid at the payment page, the tab closed before the shop confirmed it: /orders shows it paid, never "Pagar ahora"', async () => {
    const { page } = await newPage(session.context)
    const number = await customerOnPaymentPage(page)
    // The way back never arrives: the tab is closed while "Comprobando el pago…".
    await page.route('**/payment-success**', (route) => route.abort())
    const back = page.waitForRequest('**/payment-success**')
    await page.getByRole('button', { name: `Pagar ${euros(product.priceRetailCents, 'es')}` }).click()
    await back
    await page.close()

    const { page: later, problems: laterProblems } = await newPage(session.context)
    await visit(later, '/orders')
    const card = orderCard(later, number)
    expect(await card.getByTestId('payment-status').textContent()).toBe('Pagado')
    expect(await card.getByRole('button', { name: /Pagar ahora/ }).count()).toBe(0)
    expect(await card.getByTestId('confirming-payment').count()).toBe(0)
    expect(await card.getByTestId('order-invoices').count()).toBe(1)
    // The first tab's console holds its cut-off navigation: only the later visit must be clean.
    expect(unexpected(laterProblems)).toEqual([])
  })

  it('cancels a pending order from /orders after asking, and it stays cancelled', async () => {
    const { page, problems } = await newPage(session.context)
    const number = await customerOnPaymentPage(page)
    await visit(page, '/orders')
    const card = orderCard(page, number)
    await card.getByRole('button', { name: `Cancelar pedido ${number}` }).click()
    const dialog = page.getByRole('dialog', { name: `¿Cancelar el pedido ${number}?` })
    await dialog.waitFor()
    await expectAccessible(page, '/orders, cancel dialog')
    await dialog.getByRole('button', { name: 'Sí, cancelarlo' }).click()
    await expect.poll(() => card.textContent()).toContain('Usted canceló este pedido.')
    expect(await card.textContent()).toContain('Cancelado')
    // Nothing was charged, and nothing is awaited any more.
    expect(await card.getByTestId('payment-status').textContent()).toBe('Sin cobrar')
    expect(await card.getByRole('button', { name: /Pagar ahora/ }).count()).toBe(0)
    // The cart is untouched: the panel can be ordered again, as a new order.
    expect(await page.getByTestId('cart-count').textContent()).toBe('1')
    await visit(page, '/checkout')
    const again = await toPaymentPage(page)
    expect(again).not.toBe(number)
    expect(unexpected(problems)).toEqual([])
  })

  it('without JavaScript, "Cancelar pedido" and "Desistir del contrato" ask in the page itself, and do it', { timeout: 90_000 }, async () => {
    const { page, problems } = await newPage(session.context)
    const paid = await customerOnPaymentPage(page)
    await page.getByRole('button', { name: `Pagar ${euros(product.priceRetailCents, 'es')}` }).click()
    await page.waitForURL('**/payment-success?**')
    await expect.poll(() => page.locator('h1').textContent()).toBe('¡Pago realizado con éxito!')
    await addFromProductPage(page, product.slug, 1)
    await visit(page, '/checkout')
    await fillCheckout(page)
    const pending = await toPaymentPage(page)
    // The questions in the page, as a browser with the script reads them (axe runs scripts).
    await visit(page, `/orders?cancel=${pending}`)
    await expectAccessible(page, '/orders, cancelling in the page')
    await visit(page, `/orders?withdraw=${paid}`)
    await expectAccessible(page, '/orders, withdrawing in the page')

    // The same customer in a browser without JavaScript.
    const off = await newPage(
      await session.browser.newContext({ ...contextOptions, javaScriptEnabled: false, storageState: await page.context().storageState() }),
    )
    await off.page.goto('/orders')
    // "Copiar" needs the script: without it, no button that does nothing.
    expect(await off.page.getByRole('button', { name: /^Copiar/ }).count()).toBe(0)
    await orderCard(off.page, pending)
      .getByRole('link', { name: `Cancelar pedido ${pending}` })
      .click()
    const question = off.page.getByRole('region', { name: `¿Cancelar el pedido ${pending}?` })
    await question.waitFor()
    await question.getByRole('button', { name: 'Sí, cancelarlo' }).click()
    await off.page.waitForURL((url) => url.searchParams.get('cancelled') === pending)
    expect(
      await off.page
        .getByRole('status')
        .filter({ hasText: `Pedido ${pending} cancelado` })
        .count(),
    ).toBe(1)
    expect(await orderCard(off.page, pending).getByTestId('payment-status').textContent()).toBe('Sin cobrar')

    await orderCard(off.page, paid)
      .getByRole('link', { name: `Desistir del contrato del pedido ${paid}` })
      .click()
    const statement = off.page.getByRole('region', { name: `¿Desistir del pedido ${paid}?` })
    expect(await statement.getByLabel('Nombre', { exact: true }).inputValue()).toBe('Rosa Martín')
    await statement.getByLabel('Correo electrónico').fill('rosa-sin-arroba')
    await statement.getByLabel('Comentario (opcional)').fill('Sin JavaScript')
    await statement.getByRole('button', { name: 'Confirmar el desistimiento' }).click()
    // Refused: the page again, the message beside the field, what was typed kept.
    const email = off.page.getByRole('region', { name: `¿Desistir del pedido ${paid}?` }).getByLabel('Correo electrónico')
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true')
    expect(await off.page.getByText('Correo electrónico no válido').isVisible()).toBe(true)
    expect(await off.page.getByLabel('Comentario (opcional)').inputValue()).toBe('Sin JavaScript')
    await email.fill('rosa@example.com')
    await off.page.getByRole('button', { name: 'Confirmar el desistimiento' }).click()
    await off.page.waitForURL((url) => url.searchParams.get('withdrawn') === paid)
    expect(
      await off.page
        .getByRole('status')
        .filter({ hasText: `Desistimiento del pedido ${paid} recibido` })
        .count(),
    ).toBe(1)
    expect(await orderCard(off.page, paid).getByTestId('withdrawal').textContent()).toContain('Desistimiento recibido el')
    expect(unexpected(problems)).toEqual([])
    expect(unexpected(off.problems).filter((problem) => !problem.includes('status of 400'))).toEqual([])
  })

  it('a pending order whose payment time is over (the expiry job, clock moved 25 hours) shows as cancelled', async () => {
    const { page, problems } = await newPage(session.context)
    const number = await customerOnPaymentPage(page)

    // The embedded database is the server's alone: stop the shop, run the job on its data with a
    // clock 25 hours ahead, and start the shop again on the same data and port.
    await shop.stop({ keepData: true })
    const database = openDatabase({ dataDir: shop.dataDir })
    try {
      const cancelled = await testServices(database.db).services.orders.expireLapsed(
        { now: new Date(Date.now() + 25 * 3_600_000) },
        { log: silentLog },
      )
      expect(cancelled).toBeGreaterThanOrEqual(1)
    } finally {
      await database.close()
    }
    shop = await startShop({}, { port: shop.port, dataDir: shop.dataDir })

    await visit(page, '/orders')
    const card = orderCard(page, number)
    expect(await card.textContent()).toContain('Cancelado automáticamente: no se pagó en 24 horas.')
    expect(await card.getByRole('button', { name: /Pagar ahora/ }).count()).toBe(0)
    expect(unexpected(problems)).toEqual([])
  })

  it('withdraws from a paid order on /orders; a guest withdraws from the emailed link with JavaScript off', { timeout: 90_000 }, async () => {
    const { page, problems } = await newPage(session.context)
    const email = await signedInCustomer(page)
    const outbox = () => readOutbox(join(shop.dataDir, 'outbox'))
    /** Buys one panel and pays it at the test provider: the order's number. */
    const paidOrder = async () => {
      await addFromProductPage(page, product.slug, 1)
      await visit(page, '/checkout')
      await fillCheckout(page)
      const number = await toPaymentPage(page)
      await page.getByRole('button', { name: `Pagar ${euros(product.priceRetailCents, 'es')}` }).click()
      await page.waitForURL('**/payment-success?**')
      await expect.poll(() => page.locator('h1').textContent()).toBe('¡Pago realizado con éxito!')
      return number
    }
    const first = await paidOrder()
    await visit(page, '/orders')
    const card = orderCard(page, first)
    await card.getByRole('button', { name: `Desistir del contrato del pedido ${first}` }).click()
    const dialog = page.getByRole('dialog', { name: `¿Desistir del pedido ${first}?` })
    await dialog.waitFor()
    await expectAccessible(page, '/orders, withdrawal dialog')
    await dialog.getByRole('button', { name: 'Confirmar el desistimiento' }).click()
    await expect.poll(() => card.getByTestId('withdrawal').textContent()).toContain('Desistimiento recibido el')
    expect(await card.getByRole('button', { name: /Desistir/ }).count()).toBe(0)
    // The acknowledgment, at once, names the order.
    const receipt = await waitForMail(outbox, email, (m) => m.includes('X-Mail-Kind: order-withdrawal-received') && m.includes(first))
    expect(receipt).toContain(first)

    // A second order, withdrawn as a guest would: the link in its confirmation email, in a browser without JavaScript.
    const second = await paidOrder()
    const confirmation = await waitForMail(outbox, email, (m) => m.includes('X-Mail-Kind: order-confirmation') && m.includes(second))
    const link = linkIn(confirmation, '/withdraw/')
    // The page, as anyone with the link sees it (axe runs scripts, so it reads the page with them).
    await visit(page, link)
    expect(await page.locator('h1').textContent()).toBe('Desistimiento del contrato')
    expect(await page.locator('main').textContent()).toContain(second)
    await expectAccessible(page, '/withdraw/<token>')
    const guest = await newPage(await session.browser.newContext({ ...contextOptions, javaScriptEnabled: false }))
    await guest.page.goto(link)
    expect(await guest.page.getByLabel('Nombre', { exact: true }).inputValue()).toBe('Rosa Martín')
    await guest.page.getByLabel('Comentario (opcional)').fill('Me he equivocado de color')
    await guest.page.getByRole('button', { name: 'Confirmar el desistimiento' }).click()
    await expect.poll(() => guest.page.locator('main').textContent()).toContain('Desistimiento recibido el')
    await waitForMail(outbox, email, (m) => m.includes('X-Mail-Kind: order-withdrawal-received') && m.includes(second))
    // The same link again: the withdrawal is recorded once, and the page says when.
    await guest.page.goto(link)
    expect(await guest.page.locator('main').textContent()).toContain('Desistimiento recibido el')
    expect(await guest.page.getByRole('button', { name: 'Confirmar el desistimiento' }).count()).toBe(0)
    // The buyer's /orders says it too.
    await visit(page, '/orders')
    await expect.poll(() => orderCard(page, second).getByTestId('withdrawal').count()).toBe(1)
    expect(unexpected(problems)).toEqual([])
    expect(unexpected(guest.problems)).toEqual([])
  })
})

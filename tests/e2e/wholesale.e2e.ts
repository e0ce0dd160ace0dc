import { spawnSync } from 'node:child_process'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seedProducts } from '../../server/db/seed-data.ts'
import { browserPerFile, expectAccessible, hydrated, peoplePerFile, visit } from './browser.ts'
import { addFromProductPage, euros, signUp, uniqueEmail, verifyEmail } from './helpers.ts'
import { shopPerFile } from './shop-per-file.ts'

// docs/product.md#b2b as a new owner tries it from the README, on the embedded database: sign up
// twice, stop the shop, `npm run admin -- grant` the first account, start it again, then request
// (a bad tax id first), approve on /admin, and see wholesale prices; another request is rejected.
// The approved customer, a self-employed retailer, is put under the recargo de equivalencia
// (docs/decisions/029) and sees it in the cart and at checkout before paying.
const root = new URL('../..', import.meta.url).pathname
const product = seedProducts[0]!
const password = 'a-long-password'
const session = browserPerFile({ reducedMotion: 'reduce' })

const shop = shopPerFile()
const person = peoplePerFile(session, () => shop.baseUrl)

async function requestAccess(page: Page, opts: { company: string; taxId: string; phone: string }) {
  await page.getByRole('button', { name: 'Solicitar acceso B2B' }).click()
  const form = page.getByRole('dialog', { name: 'Solicitud de acceso mayorista' })
  await form.getByLabel('Empresa').fill(opts.company)
  await form.getByLabel(/^Identificación fiscal/).fill(opts.taxId)
  await form.getByLabel('Teléfono').fill(opts.phone)
  await form.getByRole('button', { name: 'Enviar' }).click()
  return form
}

describe('wholesale access from request to wholesale prices', () => {
  it('is requested with a checked tax id, approved on /admin in one click, and shows wholesale prices', async () => {
    const visitor = await person()
    await visit(visitor.page, '/b2b')
    const visitorMain = visitor.page.locator('main')
    expect(await visitorMain.getByRole('heading', { level: 2 }).textContent()).toBe('Inicie sesión para solicitar acceso mayorista')
    expect(await visitorMain.getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe('/auth?redirect=%2Fb2b')
    expect(await visitorMain.getByText('Solicitar acceso B2B', { exact: true }).count()).toBe(0)
    await expectAccessible(visitor.page, '/b2b signed out')
    // A visitor's question, for the admin's messages tab.
    await visit(visitor.page, '/contact')
    const contact = visitor.page.getByRole('form', { name: 'Escríbanos' })
    await contact.getByLabel('Nombre', { exact: true }).fill('Visitante Curioso')
    await contact.getByLabel('Correo electrónico').fill('curioso@example.com')
    await contact.getByLabel('Mensaje').fill('¿Hacen envíos a Murcia?')
    await contact.getByRole('button', { name: 'Enviar mensaje' }).click()
    await expect.poll(() => visitor.page.getByText('Mensaje enviado correctamente. Le contactaremos pronto.').isVisible()).toBe(true)
    await visit(visitor.page, '/catalog')
    const catalog = visitor.page.getByRole('form', { name: 'Descargue el catálogo' })
    await catalog.getByLabel('Nombre').fill('Visitante Curioso')
    await catalog.getByLabel('Correo electrónico').fill('curioso@example.com')
    await catalog.getByRole('button', { name: 'Enviarme el catálogo' }).click()
    await expect.poll(() => visitor.page.getByText('¡Catálogo enviado! Revise su email.').isVisible()).toBe(true)

    const owner = await person()
    const ownerEmail = uniqueEmail('owner')
    await signUp(owner.page, { name: 'Dueña de la tienda', email: ownerEmail, password })

    // The customer: a bad tax id is explained beside its field, then a good one is sent.
    const buyer = await person()
    const buyerEmail = uniqueEmail('buyer')
    await signUp(buyer.page, { name: 'Reformas Levante', email: buyerEmail, password })
    // Not before the address is proven (docs/decisions/012): the header reminds, /b2b explains.
    await visit(buyer.page, '/b2b')
    expect(await buyer.page.locator('main h2').textContent()).toBe('Primero confirme su dirección de correo')
    expect(await buyer.page.getByText('Solicitar acceso B2B', { exact: true }).count()).toBe(0)
    await expectAccessible(buyer.page, '/b2b unverified')
    await verifyEmail(buyer.page, shop.dataDir, buyerEmail)
    await visit(buyer.page, '/b2b')
    expect(await buyer.page.locator('main h2').textContent()).toBe('Solicitud pendiente')
    await expectAccessible(buyer.page, '/b2b pending')
    // The form's own page (where the button leads before or without JavaScript) is accessible too.
    await visit(buyer.page, '/b2b/request')
    expect(await buyer.page.getByLabel('Correo electrónico').inputValue()).toBe(buyerEmail)
    await expectAccessible(buyer.page, '/b2b/request')
    await visit(buyer.page, '/b2b')
    // A self-employed retailer: a DNI (its control letter wrong first).
    const form = await requestAccess(buyer.page, { company: 'Reformas Levante', taxId: '12345678A', phone: '600 111 222' })
    const taxId = form.getByLabel(/^Identificación fiscal/)
    await expect.poll(() => taxId.getAttribute('aria-invalid')).toBe('true')
    expect(await form.textContent()).toContain('Introduzca un NIF, NIE o CIF español válido')
    await expectAccessible(buyer.page, '/b2b request form with an error')
    await taxId.fill('12345678Z')
    await form.getByRole('button', { name: 'Enviar' }).click()
    await expect.poll(() => buyer.page.getByText('Solicitud enviada. Le contactaremos pronto.').isVisible()).toBe(true)
    await expect.poll(() => form.isVisible()).toBe(false)
    await expect.poll(() => buyer.page.locator('main h2').textContent()).toBe('Solicitud enviada')
    expect(await buyer.page.locator('main time').count()).toBe(1)
    await buyer.page.reload()
    await hydrated(buyer.page)
    expect(await buyer.page.locator('main h2').textContent()).toBe('Solicitud enviada')
    expect(await buyer.page.getByText('Solicitar acceso B2B', { exact: true }).count()).toBe(0)
    await expectAccessible(buyer.page, '/b2b requested')
    // Panels in the cart at retail price while the request waits.
    await addFromProductPage(buyer.page, product.slug, 2)

    // A second customer whose request will be rejected.
    const other = await person()
    const otherEmail = uniqueEmail('other')
    await signUp(other.page, { name: 'Otra Empresa', email: otherEmail, password })
    await verifyEmail(other.page, shop.dataDir, otherEmail)
    await visit(other.page, '/b2b')
    await requestAccess(other.page, { company: 'Otra Empresa S.A.', taxId: 'A58818501', phone: '600 333 444' })
    await expect.poll(() => other.page.locator('main h2').textContent()).toBe('Solicitud enviada')

    // The README's way to the first admin: the shop stopped, the command, the shop started again.
    await shop.stop({ keepData: true })
    const grant = spawnSync('npm', ['run', '--silent', 'admin', '--', 'grant', ownerEmail], {
      cwd: root,
      env: { ...process.env, DATA_DIR: shop.dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
    })
    expect(grant.stdout, grant.stderr).toContain(`admin role granted to ${ownerEmail}`)
    expect(grant.status).toBe(0)
    await shop.startAgain()

    // The admin home counts both requests and leads to them; the section keeps its own URL.
    await visit(owner.page, '/admin')
    const waiting = owner.page.getByTestId('summary-requests')
    await expect.poll(() => waiting.textContent()).toBe('2 solicitudes mayoristas pendientes')
    await expectAccessible(owner.page, '/admin summary')
    await waiting.click()
    const pending = owner.page.getByTestId('pending-requests')
    await pending.waitFor()
    expect(new URL(owner.page.url()).pathname).toBe('/admin/requests')
    expect(await pending.textContent()).toContain('Reformas Levante')
    expect(await pending.textContent()).toContain('Solicitud de acceso mayorista. NIF: 12345678Z')
    await expectAccessible(owner.page, '/admin/requests')
    await pending
      .getByRole('row', { name: /Reformas Levante/ })
      .getByRole('button', { name: /^Aprobar/ })
      .click()
    await expect.poll(() => owner.page.getByText('Acceso B2B concedido').isVisible()).toBe(true)
    await expect.poll(async () => (await pending.textContent()) ?? '').not.toContain('Reformas Levante')
    await pending
      .getByRole('row', { name: /Otra Empresa S\.A\./ })
      .getByRole('button', { name: /^Rechazar/ })
      .click()
    await expect.poll(() => owner.page.getByText('Solicitud rechazada correctamente').isVisible()).toBe(true)
    const adminNav = owner.page.getByRole('navigation', { name: 'Secciones de administración' })
    await adminNav.getByRole('link', { name: 'Mayoristas' }).click()
    const approved = owner.page.getByTestId('approved-users')
    await expect.poll(async () => (await approved.textContent()) ?? '').toContain('Reformas Levante')
    await expectAccessible(owner.page, '/admin wholesale customers')
    // A retailer under the recargo de equivalencia: the owner applies it, asked first.
    const customerRow = approved.getByRole('row', { name: /Reformas Levante/ })
    expect(await customerRow.textContent()).toContain('12345678Z')
    await customerRow.getByRole('button', { name: /^Aplicar recargo de equivalencia a/ }).click()
    const applyDialog = owner.page.getByRole('alertdialog', { name: '¿Aplicar el recargo de equivalencia?' })
    expect(await applyDialog.textContent()).toContain('Los pedidos ya hechos no cambian.')
    await expectAccessible(owner.page, '/admin apply the recargo de equivalencia')
    await applyDialog.getByRole('button', { name: 'Aplicar recargo' }).click()
    await expect.poll(() => owner.page.getByText('Recargo de equivalencia aplicado').isVisible()).toBe(true)
    await expect.poll(() => customerRow.getByRole('button', { name: /^Quitar recargo de equivalencia a/ }).count()).toBe(1)
    await adminNav.getByRole('link', { name: 'Mensajes' }).click()
    const inbox = owner.page.getByTestId('admin-messages')
    await expect.poll(async () => (await inbox.textContent()) ?? '').toContain('¿Hacen envíos a Murcia?')
    expect(await inbox.textContent()).toContain('Solicitud de catálogo')
    expect(await inbox.textContent()).toContain('Catálogo en español')
    await expectAccessible(owner.page, '/admin messages')
    await inbox
      .getByRole('row', { name: /Mensaje de contacto/ })
      .getByRole('button', { name: 'Marcar como respondido el mensaje de Visitante Curioso' })
      .click()
    await expect.poll(() => owner.page.getByText('Marcado como respondido').isVisible()).toBe(true)
    await expect.poll(async () => (await inbox.textContent()) ?? '').toContain('Respondido')
    expect(owner.problems).toEqual([])

    // The customer's next request: wholesale prices, the retail price struck, savings, the B2B link.
    await visit(buyer.page, `/product/${product.slug}`)
    const main = buyer.page.locator('main')
    const percent = Math.round(((product.priceRetailCents - product.priceWholesaleCents) / product.priceRetailCents) * 100)
    await expect.poll(() => main.textContent()).toContain(euros(product.priceWholesaleCents, 'es'))
    expect(await main.locator('del').textContent()).toBe(euros(product.priceRetailCents, 'es'))
    expect(await main.textContent()).toContain(
      `Usted ahorra ${euros(product.priceRetailCents - product.priceWholesaleCents, 'es')} por panel (${percent}\u00a0%)`,
    )
    // The open cart follows: its panels are priced wholesale now.
    await buyer.page.getByRole('link', { name: /^Carrito,/ }).click()
    const drawer = buyer.page.getByRole('dialog', { name: 'Su carrito' })
    const gross = 2 * product.priceWholesaleCents
    await expect.poll(() => drawer.getByTestId('cart-subtotal').textContent()).toBe(euros(gross, 'es'))
    // 5,2 % of the order's taxable base (IVA included in the prices), on top.
    const surcharge = Math.round((Math.round((gross * 10_000) / 12_100) * 520) / 10_000)
    const surchargeLine = drawer.getByTestId('cart-surcharge')
    const spaced = (text: string | null) => text?.replace(/\s/g, ' ')
    expect(spaced(await surchargeLine.textContent())).toBe(spaced(`Recargo de equivalencia (5,2 %)${euros(surcharge, 'es')}`))
    expect(await drawer.getByTestId('cart-total').textContent()).toBe(euros(gross + surcharge, 'es'))
    await buyer.page.keyboard.press('Escape')
    await visit(buyer.page, '/checkout')
    await expect.poll(() => buyer.page.getByTestId('checkout-surcharge').textContent()).toBe(euros(surcharge, 'es'))
    expect(await buyer.page.getByTestId('checkout-total').textContent()).toBe(euros(gross + surcharge, 'es'))
    await expectAccessible(buyer.page, '/checkout under the recargo de equivalencia')
    await visit(buyer.page, `/category/${product.categorySlug}`)
    expect(await buyer.page.locator('main').textContent()).toContain(`B2B: ${euros(product.priceWholesaleCents, 'es')} / panel`)

    const nav = buyer.page.getByRole('navigation', { name: 'Principal' })
    await nav.getByRole('link', { name: 'Panel B2B' }).click()
    await expect.poll(() => buyer.page.locator('main h2').textContent()).toBe('Acceso B2B aprobado')
    expect(await buyer.page.getByRole('link', { name: 'Comprar ahora' }).getAttribute('href')).toBe('/shop')
    expect(await nav.getByRole('link', { name: 'Administración' }).count()).toBe(0)
    await expectAccessible(buyer.page, '/b2b approved')
    expect(buyer.problems).toEqual([])

    await visit(other.page, '/b2b')
    expect(await other.page.locator('main h2').textContent()).toBe('No hemos podido aprobar su solicitud')
    expect(await other.page.locator('main').textContent()).toContain('info@')
    await expectAccessible(other.page, '/b2b rejected')
    expect(other.problems).toEqual([])
    // Three sign-ups from the client address the other journeys use too: better-auth's limiter (3 in
    // 10 s) makes signUp() wait out its window when full, so on a busy machine this passed 60 s.
  }, 120_000)

  it('shows Access Denied on /admin to a customer and a visitor, then sends them home', async () => {
    const customer = await person()
    await signUp(customer.page, { name: 'Cliente Curioso', email: uniqueEmail('curious'), password })
    const visitor = await person()
    for (const { page } of [customer, visitor]) {
      await page.goto('/admin')
      const denied = page.getByTestId('access-denied')
      expect(await denied.textContent()).toContain('Acceso denegado')
      expect(await denied.textContent()).toContain('Esta página es solo para administradores')
      await expectAccessible(page, '/admin denied')
      await page.waitForURL(`${shop.baseUrl}/`)
    }
    // Replaced in history: going back does not return to /admin.
    await visitor.page.goBack()
    expect(visitor.page.url()).not.toContain('/admin')
    expect(customer.problems).toEqual([])
    expect(visitor.problems).toEqual([])
  })
})

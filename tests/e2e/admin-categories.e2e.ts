import type { BrowserContext, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedProducts } from '../../server/db/seed-data.ts'
import { browserPerFile, desktop, expectAccessible, hydrated, newPage, unexpected } from './browser.ts'
import { addFromProductPage, euros, signUp, uniqueEmail, verifyEmail } from './helpers.ts'
import { startShop, type RunningShop } from './start-app.ts'

// The owner's categories on /admin/categories (docs/product.md#owner): a new category in both
// languages (the empty form explained first), seen in the shop, moved up with the keyboard alone,
// renamed in English, a category with products refused, the new one deleted. Then a product the
// owner archives stays in a shopper's cart as no longer available, out of the total.
const session = browserPerFile({ reducedMotion: 'reduce' })
const password = 'a-long-password'
const ownerEmail = uniqueEmail('owner-categories')
const seededCategories = ['Mármol', 'Madera', 'Piedra']
const archived = seedProducts.find((product) => product.slug === 'madera-nogal-oscuro')!
const kept = seedProducts.find((product) => product.slug === 'piedra-granito-gris')!

let shop: RunningShop
const contexts: BrowserContext[] = []
beforeAll(async () => {
  shop = await startShop({ ADMIN_EMAILS: ownerEmail })
})
afterAll(async () => {
  for (const context of contexts) await context.close()
  await shop?.stop()
})

async function person() {
  const context = await session.browser.newContext({ baseURL: shop.baseUrl, ...desktop, reducedMotion: 'reduce' })
  contexts.push(context)
  return newPage(context)
}

async function visit(page: Page, path: string) {
  await page.goto(path)
  await hydrated(page)
}

/** The category names a shop page lists, in its order (/catalog's collections, the home's). */
async function shopCategories(page: Page, path: string) {
  await visit(page, path)
  const section = path.endsWith('/catalog') ? 'collections-heading' : 'collections-title'
  return page.locator(`section[aria-labelledby="${section}"] h3`).allTextContents()
}

/** The Spanish names in /admin/categories' table, in the shop's order. */
const adminRows = (page: Page) => page.getByTestId('admin-categories').locator('tbody th').allTextContents()

// The owner's session, kept from the first test for the archive in the second.
let owner: { page: Page; problems: string[] }

describe('the owner’s categories', () => {
  it('are created, shown in the shop, reordered with the keyboard, renamed and deleted when empty', async () => {
    owner = await person()
    const { page } = owner
    await signUp(page, { name: 'Dueña de la tienda', email: ownerEmail, password })
    // ADMIN_EMAILS: an admin once the address is verified.
    await verifyEmail(page, shop.dataDir, ownerEmail)

    await visit(page, '/admin/categories')
    expect(await page.locator('h1').textContent()).toBe('Categorías')
    expect(
      await page
        .getByRole('navigation', { name: 'Secciones de administración' })
        .getByRole('link', { name: 'Categorías' })
        .getAttribute('aria-current'),
    ).toBe('page')
    expect(await adminRows(page)).toEqual(seededCategories)
    await expectAccessible(page, '/admin/categories')

    // The empty form: every field explained beside it, the first one focused, nothing sent.
    const form = page.getByRole('form', { name: 'Nueva categoría' })
    await form.getByRole('button', { name: 'Añadir categoría' }).click()
    const nameEs = form.getByLabel('Nombre en español')
    await expect.poll(() => nameEs.getAttribute('aria-invalid')).toBe('true')
    for (const label of ['Nombre en español', 'Nombre en inglés', 'Descripción en español', 'Descripción en inglés']) {
      const field = form.getByLabel(label)
      expect(await field.getAttribute('aria-invalid'), label).toBe('true')
      const errorId = (await field.getAttribute('aria-describedby'))!.split(' ')[0]!
      expect(await page.locator(`[id="${errorId}"]`).textContent(), label).toBe('Obligatorio')
    }
    expect(await nameEs.evaluate((element) => element === document.activeElement)).toBe(true)
    await expectAccessible(page, '/admin/categories empty form')

    await nameEs.fill('Cerámica')
    await form.getByLabel('Nombre en inglés').fill('Ceramic')
    await form.getByLabel('Descripción en español').fill('Paneles de PVC con aspecto de cerámica esmaltada.')
    await form.getByLabel('Descripción en inglés').fill('PVC panels that look like glazed ceramic.')
    await form.getByRole('button', { name: 'Añadir categoría' }).click()
    await expect.poll(() => page.getByText('Categoría Cerámica creada').isVisible()).toBe(true)
    await expect.poll(() => adminRows(page)).toEqual([...seededCategories, 'Cerámica'])
    expect(await nameEs.inputValue()).toBe('')

    // The shop lists it last, in both languages.
    expect(await shopCategories(page, '/catalog')).toEqual([...seededCategories, 'Cerámica'])
    expect(await shopCategories(page, '/en/')).toEqual(['Marble', 'Wood', 'Stone', 'Ceramic'])
    expect(await page.locator('main').textContent()).toContain('PVC panels that look like glazed ceramic.')

    // Up twice with the keyboard alone: the focus stays on the same button, the position is said.
    await visit(page, '/admin/categories')
    const moved = page.getByTestId('category-moved')
    await page.getByRole('button', { name: 'Subir Cerámica' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => moved.textContent()).toBe('Cerámica ocupa ahora la posición 3 de 4')
    expect(await moved.getAttribute('role')).toBe('status')
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Subir Cerámica')
    await page.keyboard.press('Space')
    await expect.poll(() => moved.textContent()).toBe('Cerámica ocupa ahora la posición 2 de 4')
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Subir Cerámica')
    expect(await adminRows(page)).toEqual(['Mármol', 'Cerámica', 'Madera', 'Piedra'])
    expect(await shopCategories(page, '/catalog')).toEqual(['Mármol', 'Cerámica', 'Madera', 'Piedra'])

    // A new English name, seen on the English home.
    await visit(page, '/admin/categories')
    await page.getByRole('button', { name: 'Editar Cerámica' }).click()
    const dialog = page.getByRole('dialog', { name: 'Editar Cerámica' })
    expect(await dialog.getByLabel('Nombre en inglés').inputValue()).toBe('Ceramic')
    await expectAccessible(page, '/admin/categories edit dialog')
    // Its picture, uploaded from the same dialog: 3:2, served from /media, shown in the shop.
    const landscape = await sharp({ create: { width: 1500, height: 1000, channels: 3, background: { r: 190, g: 180, b: 160 } } })
      .jpeg()
      .toBuffer()
    await dialog.getByLabel('Subir una imagen').setInputFiles({ name: 'ceramica.jpg', mimeType: 'image/jpeg', buffer: landscape })
    await expect.poll(() => page.getByText('Imagen guardada').isVisible()).toBe(true)
    await dialog.getByLabel('Cambiar la imagen').waitFor()
    await dialog.getByLabel('Nombre en inglés').fill('Glazed ceramic')
    await dialog.getByRole('button', { name: 'Guardar cambios' }).click()
    await expect.poll(() => page.getByText('Categoría guardada').isVisible()).toBe(true)
    await expect.poll(() => dialog.count()).toBe(0)
    expect(await shopCategories(page, '/en/')).toEqual(['Marble', 'Glazed ceramic', 'Wood', 'Stone'])
    const card = page.locator('section[aria-labelledby="collections-title"] article', { hasText: 'Glazed ceramic' })
    expect(await card.locator('img').getAttribute('src')).toMatch(/^\/media\/categories\/[0-9a-f]{32}-1200\.webp$/)

    // A category that still holds products is refused, clearly; the empty one goes.
    await visit(page, '/admin/categories')
    await page.getByRole('button', { name: 'Eliminar Mármol' }).click()
    const confirm = page.getByRole('alertdialog', { name: '¿Eliminar la categoría Mármol?' })
    await confirm.getByRole('button', { name: 'Eliminar la categoría' }).click()
    const refusal = page.getByRole('alert').filter({ hasText: 'Esta categoría' })
    await expect.poll(() => refusal.textContent()).toContain('Esta categoría aún tiene 5 productos (incluidos los archivados)')
    expect(await adminRows(page)).toEqual(['Mármol', 'Cerámica', 'Madera', 'Piedra'])
    await expectAccessible(page, '/admin/categories refusal')
    await page.getByRole('button', { name: 'Eliminar Cerámica' }).click()
    await page.getByRole('alertdialog', { name: '¿Eliminar la categoría Cerámica?' }).getByRole('button', { name: 'Eliminar la categoría' }).click()
    await expect.poll(() => page.getByText('Categoría Cerámica eliminada').isVisible()).toBe(true)
    await expect.poll(() => adminRows(page)).toEqual(seededCategories)
    expect(await page.getByTestId('category-refusal').textContent()).toBe('')
    expect(await shopCategories(page, '/catalog')).toEqual(seededCategories)

    // The same screen in English.
    await visit(page, '/en/admin/categories')
    expect(await page.locator('h1').textContent()).toBe('Categories')
    expect(await page.getByRole('button', { name: 'Move Marble down' }).isEnabled()).toBe(true)
    expect(await page.getByRole('button', { name: 'Move Marble up' }).isDisabled()).toBe(true)
    await expectAccessible(page, '/en/admin/categories')

    // The refusal's 409 is the one answer the browser reports.
    expect(unexpected(owner.problems).filter((problem) => !problem.includes('status of 409'))).toEqual([])
    expect(owner.problems.filter((problem) => problem.includes('status of 409'))).toHaveLength(1)
  }, 120_000)

  it('leaves a product archived meanwhile in the shopper’s cart as no longer available, out of the total', async () => {
    const shopper = await person()
    await addFromProductPage(shopper.page, archived.slug, 2)
    await addFromProductPage(shopper.page, kept.slug, 3)

    // The owner archives the first product (the admin's products screen does it through the same procedure).
    const product = await owner.page.request.get(`/trpc/catalog.product?input=${encodeURIComponent(JSON.stringify({ slug: archived.slug }))}`)
    const productId = ((await product.json()) as { result: { data: { id: string } } }).result.data.id
    const archive = await owner.page.request.post('/trpc/admin.products.archive', { data: { id: productId }, headers: { origin: shop.baseUrl } })
    expect(archive.status(), await archive.text()).toBe(200)

    const { page } = shopper
    const keptTotal = euros(3 * kept.priceRetailCents, 'es')
    await visit(page, '/checkout')
    const summary = page.getByRole('region', { name: 'Resumen del pedido' })
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe(keptTotal)
    const unavailable = page.getByTestId('checkout-unavailable')
    expect(await unavailable.textContent()).toContain('Ya no está disponible')
    expect(await unavailable.textContent()).toContain(archived.nameEs)
    expect(await unavailable.textContent()).not.toContain('€')
    expect(await summary.getByRole('list', { name: 'Resumen del pedido' }).textContent()).not.toContain(archived.nameEs)
    await expectAccessible(page, '/checkout with an archived product')

    // The cart drawer: the line muted with its note and only Remove; the badge and sums leave it out.
    expect(await page.getByTestId('cart-count').textContent()).toBe('3')
    await page.getByRole('link', { name: /^Carrito,/ }).click()
    const drawer = page.getByRole('dialog', { name: 'Su carrito' })
    const line = drawer.getByTestId('cart-line-unavailable')
    await expect.poll(() => line.textContent()).toContain('Ya no está disponible')
    expect(await line.textContent()).toContain(archived.nameEs)
    expect(await line.getByRole('button').count()).toBe(1)
    expect(await line.getByRole('button', { name: `Eliminar ${archived.nameEs}` }).count()).toBe(1)
    expect(await line.getByRole('textbox').count()).toBe(0)
    expect(await drawer.getByTestId('cart-subtotal').textContent()).toBe(keptTotal)
    expect(await drawer.getByTestId('cart-total').textContent()).toBe(keptTotal)
    await expectAccessible(page, 'cart drawer with an archived product')

    expect(unexpected(shopper.problems)).toEqual([])
  }, 90_000)
})

import type { Locator, Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { slugify } from '../../core/catalog-admin.ts'
import { browserPerFile, desktop, expectAccessible, headerProblems, newPage, unexpected, visit } from './browser.ts'
import { euros, signUp, uniqueEmail, verifyEmail } from './helpers.ts'
import { shopPerFile } from './shop-per-file.ts'

// The owner runs the catalog from /admin (docs/product.md#owner): a product is created in both
// languages (its mistakes explained beside their fields first), shown to visitors at once,
// repriced, moved to a new address (the old one answers 308), archived (410, gone from its
// category) and restored; the edit page's history lists each step. The owner is an admin by
// ADMIN_EMAILS once verified.
const session = browserPerFile({ reducedMotion: 'reduce' })
const password = 'a-long-password'
const ownerEmail = uniqueEmail('owner-catalog')
const tag = Date.now().toString(36)
const nameEs = `Panel Ónix Verde ${tag}`
const nameEn = `Green Onyx Panel ${tag}`

const shop = shopPerFile({ ADMIN_EMAILS: ownerEmail })

/** The messages a field is described by (its hint and its error), once it is marked invalid. */
async function messagesOf(page: Page, field: Locator): Promise<string> {
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true')
  const ids = (await field.getAttribute('aria-describedby'))?.split(' ') ?? []
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()))
  return texts.join(' ')
}

/** A phone photo of a panel, big enough for the shop (at least 760 × 950); `green` makes each one's bytes its own. */
const photo = (green = 110) =>
  sharp({ create: { width: 900, height: 1200, channels: 3, background: { r: 60, g: green, b: 80 } } })
    .jpeg()
    .toBuffer()

/** The uploads the photo list shows, in its order (each row's thumbnail names its upload). */
const photoOrder = (page: Page) =>
  page
    .getByTestId('product-photos')
    .locator('li img')
    .evaluateAll((images) => images.map((img) => /\/media\/products\/([0-9a-f]{32})-/.exec(img.getAttribute('srcset') ?? '')?.[1]))

const isFocused = (field: Locator) => field.evaluate((element) => element === document.activeElement)

/** What a visitor without cookies gets for a path, without following redirects. */
const fetchPage = (path: string) => fetch(`${shop.baseUrl}${path}`, { redirect: 'manual' })

describe('the owner’s product screens', () => {
  // A long journey (a sign-up, about twenty-five page loads, eleven axe checks).
  it(
    'create a draft, preview and publish it, reprice, rename, archive and restore it, each seen by visitors at once',
    { timeout: 180_000 },
    async () => {
      const owner = await newPage(await session.browser.newContext({ baseURL: shop.baseUrl, ...desktop, reducedMotion: 'reduce' }))
      const { page } = owner
      await signUp(page, { name: 'Dueña de la tienda', email: ownerEmail, password })
      await verifyEmail(page, shop.dataDir, ownerEmail)
      // An admin's header holds the Admin link too: one row from 1200 px, the menu below.
      for (const width of [1100, 1200, 1280]) {
        await page.setViewportSize({ width, height: 900 })
        await visit(page, '/shop')
        await page.locator('header[data-transparent] a[href="/admin"]').first().waitFor({ state: 'attached' })
        expect(await headerProblems(page), `at ${width} px`).toEqual([])
      }

      // The table: every seeded product, with its category, prices and a link to its page.
      await visit(page, '/admin/products')
      expect(await page.locator('h1').textContent()).toBe('Productos')
      const table = page.getByTestId('admin-products')
      await table.waitFor()
      expect(await table.textContent()).toContain('Panel Mármol Carrara Blanco')
      await expectAccessible(page, '/admin/products')

      await page.getByRole('link', { name: 'Nuevo producto' }).click()
      await page.waitForURL('**/admin/products/new')
      const form = page.getByRole('form', { name: 'Datos del producto' })
      await form.waitFor()
      await expectAccessible(page, '/admin/products/new')

      // The address follows the Spanish name until the owner writes one.
      const slug = slugify(nameEs)
      await form.getByLabel('Nombre en español').fill(nameEs)
      expect(await form.getByLabel('Dirección web (slug)').inputValue()).toBe(slug)
      expect(await form.textContent()).toContain(`/product/${slug}`)
      await form.getByLabel('Nombre en inglés').fill(nameEn)
      await form.getByLabel('Descripción en español').fill('Panel de PVC con aspecto de ónix verde pulido.')
      await form.getByLabel('Descripción en inglés').fill('PVC panel with a polished green onyx look.')
      const retail = form.getByLabel('Precio de venta al público (€)')
      const wholesale = form.getByLabel('Precio mayorista (€)')
      await retail.fill('24,90')
      await wholesale.fill('30,00')
      await form.getByLabel('Ancho (cm)').fill('122')
      await form.getByLabel('Alto (cm)').fill('300')
      await form.getByLabel('Categoría').selectOption({ label: 'Mármol' })
      // Its first photo chosen with the form: uploaded once the product is saved.
      await form.getByLabel('Imágenes (opcional)').setInputFiles({ name: 'frente.jpg', mimeType: 'image/jpeg', buffer: await photo(110) })
      const save = form.getByRole('button', { name: 'Crear producto' })

      // A wholesale price above the retail price, then a price with three decimals: each explained
      // beside its field, which takes the focus.
      await save.click()
      expect(await messagesOf(page, wholesale)).toContain('El precio mayorista no puede ser mayor que el precio de venta al público')
      await expect.poll(() => isFocused(wholesale)).toBe(true)
      await expectAccessible(page, '/admin/products/new with an error')
      await wholesale.fill('19,90')
      await retail.fill('12,345')
      await save.click()
      expect(await messagesOf(page, retail)).toContain('Escriba un precio en euros con hasta 2 decimales, p. ej. 24,90')
      await expect.poll(() => isFocused(retail)).toBe(true)
      await retail.fill('24,90')

      // An address another product has: the server's answer, beside the address.
      const address = form.getByLabel('Dirección web (slug)')
      await address.fill('marmol-carrara-blanco')
      await save.click()
      expect(await messagesOf(page, address)).toContain('Otro producto ya usa esta dirección')
      await address.fill(slug)
      await save.click()
      await page.waitForURL(/\/admin\/products\/[0-9a-f-]{36}$/)
      await expect.poll(() => page.locator('h1').textContent()).toBe(nameEs)
      const editUrl = new URL(page.url()).pathname
      const history = page.getByTestId('product-history')
      await expect.poll(() => history.textContent()).toContain('Creado')
      await expectAccessible(page, '/admin/products/$id')

      // A draft with the photo chosen in the form: no visitor reaches it, and publishing waits for the photo's words.
      expect((await fetchPage(`/product/${slug}`)).status).toBe(404)
      expect(await (await fetchPage(`/search?q=${tag}`)).text()).toContain(`No hemos encontrado ningún panel para «${tag}»`)
      await expect.poll(() => photoOrder(page)).toHaveLength(1)
      expect(await page.getByTestId('publish-missing').textContent()).toContain('El texto alternativo de cada imagen')
      const publish = page.getByRole('button', { name: 'Publicar', exact: true })
      expect(await publish.isDisabled()).toBe(true)

      // More photos: a file that is no picture is refused beside the field; two real ones are stored
      // after the first, in the order chosen.
      const picture = page.getByLabel('Añadir imágenes')
      await picture.setInputFiles({ name: 'panel.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a picture') })
      expect(await messagesOf(page, picture)).toContain('Este archivo no se puede leer como imagen')
      await picture.setInputFiles([
        { name: 'detalle.jpg', mimeType: 'image/jpeg', buffer: await photo(120) },
        { name: 'ambiente.jpg', mimeType: 'image/jpeg', buffer: await photo(130) },
      ])
      await expect.poll(() => photoOrder(page)).toHaveLength(3)
      const [front, detail, room] = await photoOrder(page)
      expect(await page.getByTestId('publish-missing').textContent()).toContain('El texto alternativo de cada imagen')
      await expectAccessible(page, '/admin/products/$id with photos')

      // The third one first, by keyboard: its handle picks it up (Space), the arrows move it, Space puts it down.
      await page.getByRole('button', { name: 'Mover la imagen 3' }).focus()
      // A screen reader hears each step (dnd-kit's live region, in the admin's language).
      const heard = (text: string) => page.getByText(text, { exact: true }).waitFor({ state: 'attached' })
      await page.keyboard.press('Space')
      await heard('La imagen 3 está sobre el puesto 3.')
      // Picked up once its handle says so and the list has been measured (the frame after): an arrow
      // pressed sooner than a person could finds no place to move to.
      await expect.poll(() => page.getByRole('button', { name: 'Mover la imagen 3' }).getAttribute('aria-pressed')).toBe('true')
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
      await page.keyboard.press('ArrowUp')
      await heard('La imagen 3 está sobre el puesto 2.')
      await page.keyboard.press('ArrowUp')
      await heard('La imagen 3 está sobre el puesto 1.')
      await page.keyboard.press('Space')
      await heard('Imagen 3 soltada en el puesto 1.')
      await expect.poll(() => photoOrder(page)).toEqual([room, front, detail])
      await expect.poll(() => history.textContent()).toContain('Imágenes ordenadas de nuevo')

      // Each photo described in both languages.
      for (const [index, [es, en]] of [
        ['Ambiente', 'Room'],
        ['Frente', 'Front'],
        ['Detalle', 'Detail'],
      ].entries()) {
        const row = page.getByTestId('product-photos').getByRole('listitem').nth(index)
        await row.getByLabel('Texto alternativo en español').fill(`${es} del ${nameEs}`)
        await row.getByLabel('Texto alternativo en inglés').fill(`${en} of the ${nameEn}`)
        await row.getByRole('button', { name: 'Guardar textos' }).click()
        await expect.poll(() => history.textContent()).toContain(`${en} of the ${nameEn}`)
      }
      await page.getByTestId('publish-missing').waitFor({ state: 'detached' })

      // Its page as visitors will see it, under a ribbon that says it is a draft.
      await page.getByRole('link', { name: 'Vista previa de su página' }).click()
      await page.waitForURL(`**${editUrl}/preview`)
      expect(await page.getByTestId('preview-ribbon').textContent()).toContain('Borrador')
      expect(await page.locator('main h1').textContent()).toBe(nameEs)
      await expectAccessible(page, '/admin/products/$id/preview')
      await page.getByRole('link', { name: 'Volver a la edición' }).click()
      await page.waitForURL(`**${editUrl}`)

      // Published: a visitor sees it at once, in both languages, with its picture.
      await publish.click()
      await expect.poll(() => history.textContent()).toContain('Publicado')
      await page.getByRole('link', { name: 'Ver en la tienda' }).waitFor()
      const visitor = await newPage(await session.browser.newContext({ baseURL: shop.baseUrl, ...desktop, reducedMotion: 'reduce' }))
      expect((await visit(visitor.page, `/product/${slug}`))?.status()).toBe(200)
      expect(await visitor.page.locator('h1').textContent()).toBe(nameEs)
      const shown = visitor.page.locator('main picture img').first()
      expect(await shown.getAttribute('srcset')).toContain(`/media/products/${room}-760.webp 760w`)
      expect(await shown.getAttribute('alt')).toBe(`Ambiente del ${nameEs}`)
      const more = visitor.page.getByRole('list', { name: `Más imágenes de ${nameEs}` })
      expect(await more.locator('img').evaluateAll((images) => images.map((img) => img.getAttribute('alt')))).toEqual([
        `Frente del ${nameEs}`,
        `Detalle del ${nameEs}`,
      ])
      await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
      expect(await shown.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toMatch(
        /^\/media\/products\/[0-9a-f]{32}-\d+\.(avif|webp)$/,
      )
      expect(await visitor.page.locator('main').textContent()).toContain(euros(2490, 'es'))
      await visit(visitor.page, `/en/product/${slug}`)
      expect(await visitor.page.locator('h1').textContent()).toBe(nameEn)

      // The shop's search finds it at once in both languages (docs/product.md#search): the header's
      // dialog suggests it as one types, without the accent; the arrows and Enter open it.
      // (The shop's page: the bare home would send this visitor, who just read an English page, to /en/.)
      await visit(visitor.page, '/shop')
      await visitor.page.getByRole('link', { name: 'Buscar', exact: true }).click()
      const box = visitor.page.getByRole('combobox', { name: 'Busque paneles por nombre, aspecto, color o acabado' })
      await box.pressSequentially(`onix verde ${tag}`)
      const suggestion = visitor.page.getByRole('option', { name: new RegExp(nameEs) })
      await suggestion.waitFor()
      expect(await visitor.page.getByRole('option').count()).toBe(2)
      await visitor.page.getByRole('option', { name: 'Ver el 1 resultado de «onix verde' }).waitFor()
      await expectAccessible(visitor.page, 'the search dialog')
      await box.press('ArrowDown')
      expect(await suggestion.getAttribute('aria-selected')).toBe('true')
      expect(await box.getAttribute('aria-activedescendant')).toBe(await suggestion.getAttribute('id'))
      await box.press('Enter')
      await visitor.page.waitForURL(`**/product/${slug}`)
      await expect.poll(() => visitor.page.locator('h1').textContent()).toBe(nameEs)
      // In English, Enter alone opens the results page; Escape closes the suggestions, then the dialog.
      await visit(visitor.page, '/en/')
      const opener = visitor.page.getByRole('link', { name: 'Search', exact: true })
      await opener.click()
      const englishBox = visitor.page.getByRole('combobox', { name: 'Search for panels by name, look, colour or finish' })
      await englishBox.pressSequentially('green onyx')
      await visitor.page.getByRole('option', { name: new RegExp(nameEn) }).waitFor()
      await englishBox.press('Escape')
      await visitor.page.getByRole('listbox').locator('[role="option"]').first().waitFor({ state: 'detached' })
      expect(await englishBox.isVisible()).toBe(true)
      await englishBox.press('Escape')
      await englishBox.waitFor({ state: 'detached' })
      expect(await isFocused(opener)).toBe(true)
      await opener.press('Enter')
      await englishBox.fill(`green onyx ${tag}`)
      await englishBox.press('Enter')
      await visitor.page.waitForURL(/\/en\/search\?q=green/)
      await visitor.page.getByTestId('search-count').getByText('1 panel found').waitFor()
      expect(await visitor.page.getByRole('link', { name: nameEn }).getAttribute('href')).toBe(`/en/product/${slug}`)
      await expectAccessible(visitor.page, '/en/search')

      // A new retail price: the visitor's next request shows it.
      const edit = page.getByRole('form', { name: 'Datos del producto' })
      await edit.getByLabel('Precio de venta al público (€)').fill('29,90')
      await edit.getByRole('button', { name: 'Guardar cambios' }).click()
      await expect.poll(() => history.textContent()).toContain(`${euros(2490, 'es')} → ${euros(2990, 'es')}`)
      await visit(visitor.page, `/product/${slug}`)
      expect(await visitor.page.locator('main').textContent()).toContain(euros(2990, 'es'))

      // A new address: the old one answers 308 to it.
      const newSlug = `${slug}-nuevo`
      await edit.getByLabel('Dirección web (slug)').fill(newSlug)
      await edit.getByRole('button', { name: 'Guardar cambios' }).click()
      await expect.poll(() => history.textContent()).toContain(`${slug} → ${newSlug}`)
      const moved = await fetchPage(`/product/${slug}`)
      expect(moved.status).toBe(308)
      expect(moved.headers.get('location')).toMatch(new RegExp(`/product/${newSlug}$`))
      expect((await fetchPage(`/product/${newSlug}`)).status).toBe(200)

      // Archived: its page is gone (410) and its category no longer lists it.
      await page.getByRole('button', { name: 'Archivar' }).click()
      const confirm = page.getByRole('alertdialog', { name: '¿Archivar este producto?' })
      await expectAccessible(page, '/admin/products/$id archive dialog')
      await confirm.getByRole('button', { name: 'Archivar' }).click()
      await expect.poll(() => history.textContent()).toContain('Archivado')
      await page.getByRole('button', { name: 'Devolver a la tienda' }).waitFor()
      expect((await fetchPage(`/product/${newSlug}`)).status).toBe(410)
      await visit(visitor.page, '/category/marmol')
      expect(await visitor.page.locator('main').textContent()).not.toContain(nameEs)

      // Restored: back on its page and in its category.
      await page.getByRole('button', { name: 'Devolver a la tienda' }).click()
      await expect.poll(() => history.textContent()).toContain('Restaurado')
      await page.getByRole('link', { name: 'Ver en la tienda' }).waitFor()
      expect((await fetchPage(`/product/${newSlug}`)).status).toBe(200)
      await visit(visitor.page, '/category/marmol')
      expect(await visitor.page.locator('main').textContent()).toContain(nameEs)

      // The history, newest first: who did what, with each change's old and new value.
      const entries = history.getByRole('listitem').filter({ has: page.locator('time') })
      await expect.poll(() => entries.count()).toBe(13)
      const actions = await entries.evaluateAll((items) => items.map((item) => item.querySelector('strong')?.textContent))
      // Each photo's upload, their new order and each one's texts are changes too (their lines say what happened).
      expect(actions).toEqual(['Restaurado', 'Archivado', 'Modificado', 'Modificado', 'Publicado', ...Array<string>(7).fill('Modificado'), 'Creado'])
      expect(await history.textContent()).toContain(`por ${ownerEmail}`)
      expect(await history.textContent()).toContain(`Precio de venta al público (€): ${euros(2490, 'es')} → ${euros(2990, 'es')}`)

      // The table finds it by a word of its name, the filters are in the URL, and Back brings them.
      await visit(page, '/admin/products')
      await page.getByLabel('Buscar por nombre o dirección').fill(tag)
      await page.waitForURL((url) => url.searchParams.get('q') === tag)
      await expect.poll(() => table.getByRole('row').count()).toBe(2)
      expect(await table.textContent()).toContain(nameEs)
      await page.getByLabel('Mostrar').selectOption({ label: 'Archivado' })
      await page.waitForURL((url) => url.searchParams.get('state') === 'archived')
      await expect.poll(() => page.getByText('Ningún producto coincide con estos filtros.').isVisible()).toBe(true)
      await page.goBack()
      await expect.poll(() => table.getByRole('row').count()).toBe(2)
      await table.getByRole('link', { name: nameEs }).click()
      await page.waitForURL(`**${editUrl}`)

      // In English: the same screens, in the owner's other language.
      await visit(page, '/en/admin/products')
      expect(await page.locator('h1').textContent()).toBe('Products')
      await table.waitFor()
      await expectAccessible(page, '/en/admin/products')
      await visit(page, `/en${editUrl}`)
      expect(await page.locator('h1').textContent()).toBe(nameEn)
      expect(await history.textContent()).toContain(`Retail price (€): ${euros(2490, 'en')} → ${euros(2990, 'en')}`)
      await expectAccessible(page, '/en/admin/products/$id')

      // The slug taken by the first try (409) and the file that was no picture (400) are refusals the
      // browser logs: expected here.
      expect(unexpected(owner.problems).filter((p) => !/status of (409|400)/.test(p))).toEqual([])
      expect(unexpected(visitor.problems)).toEqual([])
    },
  )
})

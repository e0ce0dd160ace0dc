import type { Locator, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { seedProducts } from '../../server/db/seed-data.ts'
import { browserPerFile, expectAccessible, hydrated, newPage, visit } from './browser.ts'
import { addFromProductPage, euros } from './helpers.ts'

// The shopper's path: the catalog's chips and cards, the buy box on a phone, the WhatsApp button
// that never covers anything, the cart drawer (typed quantities, confirmation before emptying, the
// limit said) and toasts that stay out of the way and speak Spanish.
const baseUrl = inject('baseUrl')
const session = browserPerFile({ baseURL: baseUrl, reducedMotion: 'reduce' })
const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, baseURL: baseUrl, reducedMotion: 'reduce' } as const
const marble = seedProducts.filter((p) => p.categorySlug === 'marmol')
const product = marble[0]!
const other = marble[1]!

interface Box {
  x: number
  y: number
  width: number
  height: number
}

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox()
  if (!found) throw new Error('the element has no box (not visible)')
  return found
}

async function openCart(page: Page) {
  await page.getByRole('link', { name: /^Carrito/ }).click()
  const drawer = page.getByRole('dialog', { name: 'Su carrito' })
  await drawer.waitFor()
  return drawer
}

/**
 * The controls a visible WhatsApp button overlaps at the current scroll position, described for the
 * failure message. A button that has stepped aside (hidden) overlaps nothing, and a control already
 * hidden behind the fixed nav (which holds the button on a phone) is not one it covers: with the
 * button hidden for a moment, what shows at the overlap must be the control for it to count.
 */
function whatsappOverlaps(page: Page) {
  return page.evaluate(() => {
    const shown = (element: Element) => {
      const style = getComputedStyle(element)
      const rect = element.getBoundingClientRect()
      return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0 && rect.width > 0 && rect.height > 0
    }
    const overlaps: string[] = []
    for (const bubble of document.querySelectorAll<HTMLElement>('a[href^="https://wa.me/"]')) {
      if (!shown(bubble)) continue
      const b = bubble.getBoundingClientRect()
      for (const control of document.querySelectorAll('a, button, input, select, textarea')) {
        if (control === bubble || bubble.contains(control) || control.contains(bubble) || !shown(control)) continue
        const c = control.getBoundingClientRect()
        if (!(b.left < c.right && c.left < b.right && b.top < c.bottom && c.top < b.bottom)) continue
        const x = (Math.max(b.left, c.left) + Math.min(b.right, c.right)) / 2
        const y = (Math.max(b.top, c.top) + Math.min(b.bottom, c.bottom)) / 2
        const visibility = bubble.style.visibility
        bubble.style.visibility = 'hidden'
        const beneath = document.elementFromPoint(x, y)
        bubble.style.visibility = visibility
        if (beneath && control.contains(beneath)) {
          overlaps.push(`${control.tagName} “${(control.textContent ?? '').trim().slice(0, 40)}” at scroll ${Math.round(window.scrollY)}`)
        }
      }
    }
    return overlaps
  })
}

/** Scrolls through the page, stopping at several positions, and collects what the WhatsApp button covers. */
async function whatsappOverlapsWhileScrolling(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)
  const found: string[] = []
  for (const fraction of [0, 0.15, 0.3, 0.45, 0.6, 0.75, 0.9, 1]) {
    await page.evaluate((y) => window.scrollTo(0, y), Math.round(height * fraction))
    // The button re-checks on the next frame after a scroll.
    await page.waitForTimeout(120)
    found.push(...(await whatsappOverlaps(page)))
  }
  return found
}

const expectTapTarget = async (locator: Locator) => {
  const { width, height } = await box(locator)
  expect(width, 'tap target width').toBeGreaterThanOrEqual(44)
  expect(height, 'tap target height').toBeGreaterThanOrEqual(44)
}

describe('the catalog', () => {
  it('marks exactly one chip current on a filtered shop, and a card’s picture opens its product', async () => {
    const { page, problems } = await newPage(session.context)
    await visit(page, '/shop?category=marmol')
    const chips = page.getByRole('navigation', { name: 'Filtrar por categoría' }).getByRole('link')
    const current = chips.and(page.locator('[aria-current="page"]'))
    await expect.poll(() => current.count()).toBe(1)
    expect(await current.textContent()).toBe('Mármol')
    const all = chips.filter({ hasText: 'Todos los paneles' })
    const background = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).backgroundColor)
    expect(await background(all)).not.toBe(await background(current))
    await expectTapTarget(all)
    await expectAccessible(page, '/shop?category=marmol')

    // One link per card, named by the product; the picture is inside what it covers.
    const card = page.getByRole('article').first()
    expect(await card.getByRole('link').count()).toBe(1)
    const name = (await card.getByRole('heading').textContent()) ?? ''
    expect(await card.getByRole('link').textContent()).toBe(name)
    // A tap on the picture (what is on top there is the card's link).
    await card.locator('img').scrollIntoViewIfNeeded()
    const picture = await box(card.locator('img'))
    await page.mouse.click(picture.x + picture.width / 2, picture.y + picture.height / 2)
    await page.waitForURL(/\/product\//)
    await expect.poll(() => page.locator('h1').textContent()).toBe(name)
    expect(problems).toEqual([])
  })
})

describe('the cart drawer', () => {
  it('opens from the toast’s “Ver carrito”, takes a typed quantity, says the limit, and empties only after confirming', async () => {
    const { page, problems } = await newPage(session.context)
    await addFromProductPage(page, product.slug, 1)

    // The toast: in Spanish to screen readers, with its action opening the drawer.
    const toastBox = page.locator('[data-sonner-toast]').filter({ hasText: 'Añadido al carrito' })
    expect(await toastBox.locator('[data-close-button]').getAttribute('aria-label')).toBe('Cerrar')
    await expectTapTarget(toastBox.getByRole('button', { name: 'Ver carrito' }))
    await toastBox.getByRole('button', { name: 'Ver carrito' }).click()
    const drawer = page.getByRole('dialog', { name: 'Su carrito' })
    await drawer.waitFor()
    await expectAccessible(page, 'cart drawer')

    const line = drawer.getByRole('listitem').filter({ hasText: product.nameEs })
    expect(await line.locator('img').count()).toBe(1)
    await expectTapTarget(line.getByRole('button', { name: /Eliminar/ }))
    expect(await drawer.getByTestId('cart-shipping').innerText()).toMatch(/^Entrega\s+Gratis$/)

    // 20 panels typed in one go, stored by the server (they survive a reload).
    const quantity = line.getByRole('textbox', { name: `Paneles de ${product.nameEs}` })
    await quantity.fill('20')
    await quantity.press('Enter')
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('20')
    expect(await drawer.getByTestId('cart-subtotal').textContent()).toBe(euros(20 * product.priceRetailCents, 'es'))
    await page.keyboard.press('Escape')
    await page.reload()
    await hydrated(page)
    expect(await page.getByTestId('cart-count').textContent()).toBe('20')

    // Above the limit: the limit is said beside the field and nothing changes.
    const again = await openCart(page)
    const field = again.getByRole('textbox', { name: `Paneles de ${product.nameEs}` })
    await field.fill('1500')
    await field.blur()
    await expect.poll(() => again.getByRole('alert').textContent()).toBe('Puede pedir como máximo 999 paneles de cada producto.')
    expect(await field.inputValue()).toBe('20')
    expect(await page.getByTestId('cart-count').textContent()).toBe('20')

    // Emptying asks first; keeping the cart changes nothing.
    const clear = again.getByRole('button', { name: 'Vaciar carrito' })
    const checkout = again.getByRole('link', { name: 'Finalizar compra' })
    expect((await box(clear)).y - ((await box(checkout)).y + (await box(checkout)).height)).toBeGreaterThanOrEqual(16)
    await clear.click()
    const confirm = page.getByRole('alertdialog', { name: '¿Vaciar su carrito?' })
    await confirm.waitFor()
    await expectAccessible(page, 'empty-cart confirmation')
    await confirm.getByRole('button', { name: 'Conservar mi carrito' }).click()
    expect(await page.getByTestId('cart-count').textContent()).toBe('20')
    await clear.click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sí, vaciar el carrito' }).click()
    await expect.poll(() => again.getByTestId('cart-notice').textContent()).toBe('Carrito vaciado')
    await expect.poll(() => page.getByTestId('cart-count').count()).toBe(0)
    expect(problems).toEqual([])
  })

  it('says the per-product limit when Add to cart would pass it', async () => {
    const { page, problems } = await newPage(session.context)
    await addFromProductPage(page, other.slug, 999)
    await page.getByLabel('Cantidad (paneles)').fill('1')
    await page.getByRole('button', { name: 'Añadir al carrito' }).click()
    await expect.poll(() => page.getByText('Puede pedir como máximo 999 paneles de cada producto').isVisible()).toBe(true)
    expect(await page.getByText('Error al añadir al carrito').count()).toBe(0)
    // The browser logs the refused request (400); nothing else.
    expect(problems.filter((p) => !p.includes('status of 400'))).toEqual([])
  })
})

describe('toasts', () => {
  it('do not follow the shopper to the next page', async () => {
    const { page, problems } = await newPage(session.context)
    await addFromProductPage(page, product.slug, 1)
    const toastBox = page.locator('[data-sonner-toast]').filter({ hasText: 'Añadido al carrito' })
    // Past the moment the toast belongs to the click that made it.
    await page.waitForTimeout(1700)
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Contacto' }).click()
    await page.waitForURL('**/contact')
    await expect.poll(() => toastBox.count()).toBe(0)
    expect(problems).toEqual([])
  })

  it('never cover the field being corrected, and an inline error is not repeated in a toast', async () => {
    const { page, problems } = await newPage(session.context)
    await visit(page, '/contact')
    await page.getByRole('button', { name: 'Enviar mensaje' }).click()
    const focused = page.locator(':focus')
    await expect.poll(() => focused.getAttribute('name')).toBe('name')
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0)
    await expectAccessible(page, '/contact submitted empty')

    // A server's refusal (a wrong password) is said beside the field it is about, which gets the focus: no toast covers it.
    await visit(page, '/auth')
    const panel = page.getByRole('tabpanel')
    await panel.getByLabel('Correo electrónico').fill('nobody-here@example.com')
    await panel.getByLabel('Contraseña').fill('not-the-password-123')
    await panel.getByRole('button', { name: 'Iniciar sesión' }).click()
    await expect.poll(() => panel.getByLabel('Contraseña').getAttribute('aria-invalid')).toBe('true')
    await expect.poll(() => focused.getAttribute('name')).toBe('password')
    expect(await panel.textContent()).toContain('Correo electrónico o contraseña incorrectos')
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0)
    expect(problems.filter((p) => !p.includes('status of 401') && !p.includes('status of 429'))).toEqual([])
  })
})

describe('on a phone (390 × 844, touch)', () => {
  it('shows Add to cart on the first screen, and the WhatsApp button covers no control on any page', async () => {
    const context = await session.browser.newContext(phone)
    try {
      const { page, problems } = await newPage(context)
      await visit(page, `/product/${product.slug}`)
      const add = page.getByRole('button', { name: 'Añadir al carrito' })
      const addBox = await box(add)
      expect(addBox.y + addBox.height).toBeLessThanOrEqual(844)
      await expectAccessible(page, 'product page on a phone')

      for (const path of ['/', '/shop', `/product/${product.slug}`, '/contact']) {
        await visit(page, path)
        expect(await whatsappOverlapsWhileScrolling(page), path).toEqual([])
      }
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })
})

describe('on a desktop', () => {
  it('keeps the WhatsApp bubble off every control, and the language toggle is a 44 px target', async () => {
    const { page, problems } = await newPage(session.context)
    for (const path of ['/', '/shop', `/product/${product.slug}`, '/contact']) {
      await visit(page, path)
      expect(await whatsappOverlapsWhileScrolling(page), path).toEqual([])
    }
    await expectTapTarget(page.getByRole('link', { name: /Español/ }))
    await expectTapTarget(page.getByRole('link', { name: /English/ }))
    expect(problems).toEqual([])
  })
})

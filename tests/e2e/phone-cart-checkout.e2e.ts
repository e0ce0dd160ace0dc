import type { Locator, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { seedProducts } from '../../server/db/seed-data.ts'
import { browserPerFile, expectAccessible, headerProblems, newPage, visit } from './browser.ts'
import { addFromProductPage, euros } from './helpers.ts'

// On a phone (390 × 844): the cart drawer's compact lines (five on the screen), toasts that never
// sit over an open drawer or dialog, and the checkout's summary folded at the top, beside the form
// on a wide screen (issue 35, rows 8 and 9).
const baseUrl = inject('baseUrl')
const session = browserPerFile({ baseURL: baseUrl, reducedMotion: 'reduce' })
const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, baseURL: baseUrl, reducedMotion: 'reduce' } as const
const wide = { viewport: { width: 1366, height: 768 }, baseURL: baseUrl, reducedMotion: 'reduce' } as const

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

const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** The boxes of the toasts on screen. */
async function toastBoxes(page: Page): Promise<Box[]> {
  const toasts = page.locator('[data-sonner-toast][data-visible="true"]')
  const boxes: Box[] = []
  for (const toast of await toasts.all()) {
    const found = await toast.boundingBox()
    if (found) boxes.push(found)
  }
  return boxes
}

async function withContext(options: typeof phone | typeof wide, journey: (page: Page) => Promise<void>) {
  const context = await session.browser.newContext(options)
  try {
    const { page, problems } = await newPage(context)
    await journey(page)
    return problems
  } finally {
    await context.close()
  }
}

describe('the header', () => {
  it.each([320, 390])(
    'on a %i px phone, holds the logo, search, WhatsApp, cart and menu side by side; the language and account are in the menu',
    async (width) => {
      const { page } = await newPage(await session.browser.newContext({ ...phone, viewport: { width, height: 700 } }))
      for (const path of ['/shop', '/en/shop']) {
        await visit(page, path)
        const header = page.locator('header[data-transparent]')
        expect(await headerProblems(page), path).toEqual([])
        for (const shown of [header.getByTestId('header-search'), header.locator('a[href$="/cart"]'), header.locator('summary')]) {
          expect(await shown.isVisible(), path).toBe(true)
        }
        expect(await header.getByRole('link', { name: path.startsWith('/en') ? 'Sign in' : 'Iniciar sesión' }).isVisible()).toBe(false)
        expect(
          await header
            .getByRole('link', { name: path.startsWith('/en') ? 'EN – English' : 'ES – Español' })
            .first()
            .isVisible(),
        ).toBe(false)
      }
    },
  )

  it('fits in one row at every width of a tablet or a computer, the shop’s links in the menu until they fit', async () => {
    const { page } = await newPage(await session.browser.newContext({ ...wide }))
    for (const width of [600, 900, 999, 1000, 1100, 1366]) {
      await page.setViewportSize({ width, height: 768 })
      for (const path of ['/shop', '/en/shop']) {
        await visit(page, path)
        expect(await headerProblems(page), `${path} at ${width} px`).toEqual([])
        const links = page.getByRole('navigation', { name: path.startsWith('/en') ? 'Main' : 'Principal' })
        expect(await links.isVisible(), `${path} at ${width} px`).toBe(width >= 1000)
        expect(await page.locator('header[data-transparent] summary').isVisible(), `${path} at ${width} px`).toBe(width < 1000)
      }
    }
  })
})

describe('the cart drawer on a phone', () => {
  it('shows five compact lines on the screen, and the “Added to cart” toast does not stay over it', async () => {
    const problems = await withContext(phone, async (page) => {
      const five = seedProducts.slice(0, 5)
      for (const product of five) await addFromProductPage(page, product.slug, 1)
      // The last toast is still up when the shopper opens the cart from the nav.
      expect((await toastBoxes(page)).length).toBeGreaterThan(0)
      // The nav's cart control (a link to /cart that opens the drawer once the page runs).
      const cart = page.getByRole('banner').getByRole('link', { name: /^Carrito/ })
      await cart.or(page.getByRole('banner').getByRole('link', { name: /^Carrito/ })).click()
      const drawer = page.getByRole('dialog', { name: 'Su carrito' })
      await drawer.waitFor()

      const header = await box(drawer.getByRole('heading', { name: 'Su carrito' }).locator('..'))
      const close = await box(drawer.getByRole('button', { name: 'Cerrar carrito' }))
      await expect.poll(async () => (await toastBoxes(page)).filter((toast) => overlap(toast, header) || overlap(toast, close))).toEqual([])

      const lines = drawer.getByRole('listitem')
      expect(await lines.count()).toBe(5)
      for (const [index, product] of five.entries()) {
        const line = lines.nth(index)
        const lineBox = await box(line)
        expect(lineBox.y + lineBox.height, `line ${index + 1} ends on the screen`).toBeLessThanOrEqual(844)
        // The picture small and on the left; the name beside it, the quantity under the name.
        const picture = await box(line.locator('img'))
        const name = await box(line.getByRole('link', { name: product.nameEs }))
        const stepper = await box(line.getByRole('group', { name: `Cantidad de ${product.nameEs}` }))
        expect(picture.width).toBeLessThanOrEqual(64)
        expect(picture.x).toBeLessThan(name.x)
        expect(stepper.y).toBeGreaterThan(name.y)
        expect(stepper.x).toBeGreaterThan(picture.x + picture.width)
        expect(await line.textContent()).toContain(euros(product.priceRetailCents, 'es'))
      }
      await expectAccessible(page, 'cart drawer on a phone')
    })
    expect(problems).toEqual([])
  })
})

describe('a toast raised while a dialog is open', () => {
  it('shows inside the dialog under its title, clear of its buttons, and stays on the page once it closes', async () => {
    const problems = await withContext(phone, async (page) => {
      // The reset link cannot be sent: the dialog says so in a toast.
      await page.route('**/api/auth/request-password-reset', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"unavailable"}' }),
      )
      await visit(page, '/auth')
      // The toast area arrives once the page is idle (ToastHost.tsx).
      await page.locator('section[aria-live]').waitFor({ state: 'attached' })
      await page.getByRole('link', { name: '¿Ha olvidado su contraseña?' }).click()
      const dialog = page.getByRole('dialog', { name: 'Restablecer la contraseña' })
      await dialog.waitFor()
      await dialog.getByLabel('Correo electrónico').fill('someone@example.com')
      await dialog.getByRole('button', { name: 'Enviar el enlace' }).click()

      const toast = dialog.locator('[data-sonner-toast]').filter({ hasText: 'Algo ha salido mal' })
      await toast.waitFor()
      const toastBox = await box(toast)
      const dialogBox = await box(dialog)
      const title = await box(dialog.getByRole('heading', { name: 'Restablecer la contraseña' }))
      expect(toastBox.y).toBeGreaterThanOrEqual(dialogBox.y)
      expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(dialogBox.y + dialogBox.height)
      // No control of the dialog (outside the toast) under the toast.
      const covered = await toast.evaluate((element) => {
        const own = element.getBoundingClientRect()
        const dialogElement = element.closest('[role=dialog]')
        return [...(dialogElement?.querySelectorAll('a, button, input, select, textarea') ?? [])]
          .filter((control) => !element.contains(control))
          .filter((control) => {
            const other = control.getBoundingClientRect()
            return own.left < other.right && other.left < own.right && own.top < other.bottom && other.top < own.bottom
          })
          .map((control) => control.outerHTML.slice(0, 80))
      })
      expect(covered).toEqual([])
      expect(overlap(toastBox, title)).toBe(false)
      await expectAccessible(page, 'dialog with a toast')

      // Closed, the dialog leaves its message on the page.
      await page.keyboard.press('Escape')
      await expect.poll(() => page.locator('[data-sonner-toast]').filter({ hasText: 'Algo ha salido mal' }).isVisible()).toBe(true)
    })
    // The refused request the test answered, nothing else.
    expect(problems.filter((problem) => !problem.includes('status of 500'))).toEqual([])
  })
})

describe('the checkout’s summary', () => {
  const product = seedProducts[0]!
  const total = (language: 'es' | 'en') => euros(4 * product.priceRetailCents, language)

  it('is folded at the top on a phone, with the total, and opens and closes by keyboard', async () => {
    const problems = await withContext(phone, async (page) => {
      await addFromProductPage(page, product.slug, 4)
      await visit(page, '/checkout')
      const toggle = page.getByTestId('checkout-summary-toggle')
      expect((await toggle.innerText()).replace(/[ \t\n]+/g, ' ')).toBe(`Ver resumen · ${total('es')}`)
      const details = page.getByRole('heading', { name: 'Sus datos' })
      expect((await box(toggle)).y + (await box(toggle)).height).toBeLessThanOrEqual((await box(details)).y)
      expect((await box(toggle)).height).toBeGreaterThanOrEqual(44)
      expect(await page.getByTestId('checkout-total').isVisible()).toBe(false)
      await expectAccessible(page, 'checkout on a phone, summary folded')

      await toggle.focus()
      await page.keyboard.press('Enter')
      await expect.poll(() => page.getByTestId('checkout-total').isVisible()).toBe(true)
      expect(await page.getByTestId('checkout-total').textContent()).toBe(total('es'))
      expect((await toggle.innerText()).replace(/[ \t\n]+/g, ' ')).toBe(`Ocultar resumen · ${total('es')}`)
      await expectAccessible(page, 'checkout on a phone, summary open')
      await page.keyboard.press('Space')
      await expect.poll(() => page.getByTestId('checkout-total').isVisible()).toBe(false)

      await visit(page, '/en/checkout')
      expect((await page.getByTestId('checkout-summary-toggle').innerText()).replace(/[ \t\n]+/g, ' ')).toBe(`Show summary · ${total('en')}`)
    })
    expect(problems).toEqual([])
  })

  it('sits open beside the form on a wide screen, with no toggle', async () => {
    const problems = await withContext(wide, async (page) => {
      await addFromProductPage(page, product.slug, 4)
      await visit(page, '/checkout')
      expect(await page.getByTestId('checkout-summary-toggle').isVisible()).toBe(false)
      const summary = page.getByRole('region', { name: 'Resumen del pedido' })
      const form = page.getByRole('region', { name: 'Sus datos' })
      expect(await page.getByTestId('checkout-total').isVisible()).toBe(true)
      expect(await page.getByTestId('checkout-total').textContent()).toBe(total('es'))
      const summaryBox = await box(summary)
      const formBox = await box(form)
      expect(summaryBox.x).toBeGreaterThanOrEqual(formBox.x + formBox.width)
      expect(Math.abs(summaryBox.y - formBox.y)).toBeLessThan(40)
      await expectAccessible(page, 'checkout on a wide screen')
    })
    expect(problems).toEqual([])
  })
})

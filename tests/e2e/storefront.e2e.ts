import { describe, expect, inject, it } from 'vitest'
import { seedProducts } from '../../server/db/seed-data.ts'
import { browserPerFile, desktop, expectAccessible, hydrated, newPage, visit } from './browser.ts'
import { euros } from './helpers.ts'
import { publicPages } from '../helpers/constants.ts'
import { localizedPath } from '../../core/language-urls.ts'

const baseUrl = inject('baseUrl')
const marble = seedProducts.filter((p) => p.categorySlug === 'marmol')
const session = browserPerFile({ baseURL: baseUrl })

// The browser logs the 404 status of a page that is meant to be a 404.
const isExpected404 = (problem: string) => problem === 'error: Failed to load resource: the server responded with a status of 404 (Not Found)'

describe('storefront journey', () => {
  it('home → category → product → language toggle to /en/ (links, reload, back) → unknown path', async () => {
    const { page, problems } = await newPage(session.context)
    await visit(page, '/')
    expect(await page.getAttribute('html', 'lang')).toBe('es')
    await expect.poll(() => page.locator('h1').first().textContent()).toContain('mármol')

    await page
      .getByRole('link', { name: /Ver productos/ })
      .first()
      .click()
    await page.waitForURL('**/category/marmol')
    await expect.poll(() => page.locator('h1').textContent()).toBe('Mármol')
    const firstCard = page.getByRole('article').first()
    const productName = await firstCard.getByRole('heading').textContent()
    const product = marble.find((p) => p.nameEs === productName)
    expect(product, `a seeded marble product is named ${productName}`).toBeDefined()
    expect(product?.featured).toBe(true)
    // The card's one link is the product's name (it covers the whole card).
    await firstCard.getByRole('link', { name: productName ?? '' }).click()
    await page.waitForURL(`**/product/${product!.slug}`)
    await expect.poll(() => page.locator('h1').textContent()).toBe(product!.nameEs)
    await expect.poll(() => page.locator('main').textContent()).toContain(euros(product!.priceRetailCents, 'es'))

    // Quantity: empty or invalid input becomes 1; the running total follows the quantity.
    const quantity = page.getByLabel('Cantidad (paneles)')
    for (const invalid of ['', '0', '-5']) {
      await quantity.fill(invalid)
      await quantity.blur()
      expect(await quantity.inputValue()).toBe('1')
    }
    await quantity.fill('3')
    await expect.poll(() => page.locator('main').textContent()).toContain(euros(product!.priceRetailCents * 3, 'es'))

    // Language toggle (docs/product.md#language): a link to this page's English URL; with JavaScript
    // the text, <html lang>, title and canonical change without a reload.
    const englishPath = `/en/product/${product!.slug}`
    await page.evaluate(() => document.documentElement.setAttribute('data-same-document', 'yes'))
    const toEnglish = page.getByRole('link', { name: /English/ })
    expect(await toEnglish.getAttribute('href')).toBe(englishPath)
    await toEnglish.click()
    await page.waitForURL(`**${englishPath}`)
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('en')
    await expect.poll(() => page.locator('h1').textContent()).toBe(product!.nameEn)
    await expect.poll(() => page.title()).toContain(product!.nameEn)
    await expect.poll(() => page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${baseUrl}${englishPath}`)
    expect(await page.getAttribute('html', 'data-same-document')).toBe('yes')
    expect((await session.context.cookies()).find((c) => c.name === 'lang')?.value).toBe('en')
    // Every link of the page stays English, but the toggles' way back to Spanish (the header's, and
    // the phone menu's as it opens without script).
    const spanishPath = `/product/${product!.slug}`
    const links = await page.locator('a[href^="/"]').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''))
    expect(new Set(links.filter((href) => !href.startsWith('/en/') && !href.startsWith('/catalog.pdf')))).toEqual(new Set([spanishPath]))
    expect(await page.getByRole('link', { name: /Español/ }).getAttribute('href')).toBe(spanishPath)

    // A reload keeps English: the URL says so.
    await page.reload()
    await hydrated(page)
    expect(await page.getAttribute('html', 'lang')).toBe('en')
    expect(await page.locator('h1').textContent()).toBe(product!.nameEn)
    // Following a link stays in English.
    await page.getByRole('banner').getByRole('link', { name: 'Shop', exact: true }).click()
    await page.waitForURL('**/en/shop')
    await expect.poll(() => page.locator('h1').textContent()).toContain('Shop')
    await page.goBack()
    await page.waitForURL(`**${englishPath}`)
    await expect.poll(() => page.locator('h1').textContent()).toBe(product!.nameEn)

    // Back to Spanish with the toggle, then the browser's back button returns to English.
    await page.getByRole('link', { name: /Español/ }).click()
    await page.waitForURL(`**${spanishPath}`)
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('es')
    await expect.poll(() => page.locator('h1').textContent()).toBe(product!.nameEs)
    expect((await session.context.cookies()).find((c) => c.name === 'lang')?.value).toBe('es')
    await page.goBack()
    await page.waitForURL(`**${englishPath}`)
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('en')
    await expect.poll(() => page.locator('h1').textContent()).toBe(product!.nameEn)

    const response = await page.goto('/en/no-such-page')
    expect(response?.status()).toBe(404)
    await hydrated(page)
    await expect.poll(() => page.locator('h1').textContent()).toContain('Oops! Page not found')
    expect(problems.filter((p) => !isExpected404(p))).toEqual([])
  })

  it('answers an unknown product with 404 and “Producto no encontrado”', async () => {
    const { page, problems } = await newPage(session.context)
    const response = await page.goto('/product/no-such-panel')
    expect(response?.status()).toBe(404)
    await hydrated(page)
    expect(await page.locator('h1').textContent()).toBe('Producto no encontrado')
    expect(problems.filter((p) => !isExpected404(p))).toEqual([])
  })

  it('sends the product page HTML with its name, price and structured data before any script runs', async () => {
    const product = marble[1]!
    // A remembered English choice does not change a Spanish URL's page.
    const res = await fetch(`${baseUrl}/product/${product.slug}`, { headers: { cookie: 'lang=en' } })
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain(product.nameEs)
    expect(html).toContain(euros(product.priceRetailCents, 'es'))
    expect(html).toMatch(/<html lang="es"/)
    expect(html).toContain('"@type":"Product"')
    expect(html).toContain(`"price":"${(product.priceRetailCents / 100).toFixed(2)}"`)
    expect(html).toContain(`<link rel="canonical" href="${baseUrl}/product/${product.slug}"`)
    expect(html).toContain(`hrefLang="en" href="${baseUrl}/en/product/${product.slug}"`)
    expect(html).toContain(`hrefLang="x-default" href="${baseUrl}/product/${product.slug}"`)
    expect(html).not.toContain('priceWholesaleCents')
    const english = await (await fetch(`${baseUrl}/en/product/${product.slug}`)).text()
    expect(english).toContain(product.nameEn)
    expect(english).toMatch(/<html lang="en"/)
    expect(english).toContain(`<link rel="canonical" href="${baseUrl}/en/product/${product.slug}"`)
    // The old form answers 308 to the English URL.
    const old = await fetch(`${baseUrl}/product/${product.slug}?lang=en`, { redirect: 'manual' })
    expect(old.status).toBe(308)
    expect(old.headers.get('location')).toBe(`/en/product/${product.slug}`)
  })

  it('serves hashed assets with long-lived immutable caching and compression', async () => {
    const html = await (await fetch(`${baseUrl}/`)).text()
    const script = / data-entry="([^"]+)"/.exec(html)?.[1]
    expect(script).toMatch(/^\/assets\/.+-[\w-]{8}\.js$/)
    const res = await fetch(`${baseUrl}${script}`, { headers: { 'accept-encoding': 'br, gzip' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('content-encoding')).toMatch(/br|gzip/)
  })
})

describe('every page of the foundation', () => {
  it.each(publicPages)('%s answers 200 with its content, hydrates cleanly and passes axe in both languages', async (path) => {
    // Reduced motion: axe measures contrast of cards that have finished appearing.
    const still = await session.browser.newContext({ baseURL: baseUrl, ...desktop, reducedMotion: 'reduce' })
    for (const lang of ['es', 'en'] as const) {
      const { page, problems } = await newPage(still)
      const response = await page.goto(localizedPath(path, lang))
      expect(response?.status()).toBe(200)
      await hydrated(page)
      expect(await page.getAttribute('html', 'lang')).toBe(lang)
      expect((await page.locator('h1').count()) >= 1).toBe(true)
      expect(await page.title()).not.toBe('')
      await expectAccessible(page, `${path} (${lang})`)
      expect(problems).toEqual([])
      await page.close()
    }
    await still.close()
  })

  it('the 404 page passes axe', async () => {
    const { page } = await newPage(session.context)
    await visit(page, '/nothing-here')
    await expectAccessible(page, '404')
  })
})

describe('mobile', () => {
  it('opens the menu from the keyboard, passes axe with it open, and navigates', async () => {
    const mobile = await session.browser.newContext({ baseURL: baseUrl, viewport: { width: 375, height: 800 } })
    const { page, problems } = await newPage(mobile)
    await visit(page, '/')
    const trigger = page.getByLabel('Abrir menú')
    await trigger.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog')
    await dialog.waitFor()
    await expectAccessible(page, 'mobile menu')
    await dialog.getByRole('link', { name: 'Catálogo' }).click()
    await page.waitForURL('**/catalog')
    await expect.poll(() => dialog.isVisible()).toBe(false)
    expect(problems).toEqual([])
    await mobile.close()
  })
})

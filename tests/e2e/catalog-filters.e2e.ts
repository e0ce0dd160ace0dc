import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { seedProducts } from '../../server/db/seed-data.ts'
import { browserPerFile, desktop, expectAccessible, newPage, visit } from './browser.ts'
import { euros } from './helpers.ts'

// A shopper narrows the shop down (docs/product.md#filters): marble, gloss, under 100 €, cheapest
// first, then takes the filters away again; the same on an English category page; and without
// JavaScript, the same form sent as it is.
const baseUrl = inject('baseUrl')
const session = browserPerFile({ baseURL: baseUrl, ...desktop, reducedMotion: 'reduce' })

const marbleGloss = seedProducts.filter((p) => p.attributes.look === 'marble' && p.attributes.finish === 'gloss' && p.priceRetailCents < 100_00)

/** The cards' prices in cents, in the list's order. */
const cardPrices = (page: Page) =>
  page.getByRole('article').evaluateAll((cards) =>
    cards.map((card) =>
      Number(
        /(\d+),(\d{2})\s€/
          .exec(card.textContent ?? '')
          ?.slice(1, 3)
          .join('') ?? Number.NaN,
      ),
    ),
  )
const cardNames = (page: Page) => page.getByRole('article').getByRole('heading').allTextContents()
const count = (page: Page) => page.getByTestId('catalog-count').textContent()

describe('the shop’s filters', () => {
  it('narrow the shop to marble gloss panels under 100 €, cheapest first, and take them away again', { timeout: 90_000 }, async () => {
    const { page, problems } = await newPage(session.context)
    await visit(page, '/shop')
    await expect.poll(() => count(page)).toBe(`${seedProducts.length} paneles`)

    const panel = page.getByRole('group', { name: 'Aspecto' })
    await page.getByText('Filtros', { exact: true }).click()
    await panel.getByRole('checkbox', { name: /Mármol/ }).check()
    await page.waitForURL(/look=marble/)
    await expect.poll(() => count(page)).toBe('5 paneles')
    // The panel stays open while the list changes under it.
    await page
      .getByRole('group', { name: 'Acabado' })
      .getByRole('checkbox', { name: /Brillo/ })
      .check()
    await page.waitForURL(/finish=gloss/)
    await expect.poll(() => count(page)).toBe(`${marbleGloss.length} paneles`)
    await page.getByLabel('Hasta').fill('100')
    await page.getByRole('button', { name: 'Aplicar filtros' }).click()
    await page.waitForURL(/max=100/)
    expect((await cardNames(page)).sort()).toEqual(marbleGloss.map((p) => p.nameEs).sort())
    expect((await cardPrices(page)).every((cents) => cents < 100_00)).toBe(true)

    await page.getByLabel('Ordenar por').selectOption({ label: 'Precio, de menor a mayor' })
    await page.waitForURL(/sort=price-asc/)
    await expect.poll(() => cardPrices(page)).toEqual(marbleGloss.map((p) => p.priceRetailCents).sort((a, b) => a - b))
    expect(await page.getByRole('list', { name: 'Filtros aplicados' }).getByRole('link').allTextContents()).toEqual([
      'Mármol ×',
      'Brillo ×',
      `Hasta ${euros(100_00, 'es')} ×`,
    ])
    await expectAccessible(page, '/shop filtered')

    // A chip takes its filter away and keeps the rest; "Quitar los filtros" all of them, not the order.
    await page.getByRole('link', { name: 'Quitar filtro: Brillo' }).click()
    await page.waitForURL((url) => !url.search.includes('finish='))
    const marble = seedProducts.filter((p) => p.attributes.look === 'marble' && p.priceRetailCents <= 100_00)
    await expect.poll(() => count(page)).toBe(`${marble.length} paneles`)
    expect(await page.getByRole('form', { name: 'Filtrar y ordenar paneles' }).locator('a[aria-current]').count()).toBe(0)
    await page.getByRole('link', { name: 'Quitar los filtros' }).click()
    await expect.poll(() => count(page)).toBe(`${seedProducts.length} paneles`)
    expect(new URL(page.url()).search).toBe('?sort=price-asc')
    const all = await cardPrices(page)
    expect(all).toEqual([...all].sort((a, b) => a - b))
    expect(problems).toEqual([])
  })

  it('filter an English category page, and say when nothing is left', { timeout: 60_000 }, async () => {
    const { page, problems } = await newPage(session.context)
    await visit(page, '/en/category/marmol')
    await page.getByText('Filters', { exact: true }).click()
    await page.getByRole('group', { name: 'Finish' }).getByRole('checkbox', { name: /Matte/ }).check()
    await expect.poll(() => count(page)).toBe('1 panel')
    expect(await cardNames(page)).toEqual(['Beige Travertine Marble Panel'])
    await page.getByLabel('From', { exact: true }).fill('90')
    await page.getByRole('button', { name: 'Apply filters' }).click()
    await expect.poll(() => count(page)).toBe('0 panels')
    await expect.poll(() => page.locator('main').textContent()).toContain('No panels match these filters.')
    await expectAccessible(page, '/en/category/marmol filtered to nothing')
    await page.getByRole('main').getByRole('link', { name: 'Clear filters' }).last().click()
    await expect.poll(() => count(page)).toBe(`${seedProducts.filter((p) => p.categorySlug === 'marmol').length} panels`)
    expect(problems).toEqual([])
  })

  it('work without JavaScript: the form is sent as it is and the page answers it', { timeout: 60_000 }, async () => {
    const context = await session.browser.newContext({ baseURL: baseUrl, ...desktop, javaScriptEnabled: false })
    try {
      const page = await context.newPage()
      await page.goto('/shop')
      await page.getByText('Filtros', { exact: true }).click()
      await page
        .getByRole('group', { name: 'Aspecto' })
        .getByRole('checkbox', { name: /Mármol/ })
        .check()
      await page
        .getByRole('group', { name: 'Acabado' })
        .getByRole('checkbox', { name: /Brillo/ })
        .check()
      await page.getByLabel('Hasta').fill('100')
      await page.getByLabel('Ordenar por').selectOption('price-asc')
      await page.getByRole('button', { name: 'Aplicar filtros' }).click()
      await page.waitForURL(/max=100/)
      expect(await count(page)).toBe(`${marbleGloss.length} paneles`)
      expect(await cardPrices(page)).toEqual(marbleGloss.map((p) => p.priceRetailCents).sort((a, b) => a - b))
      // A chip is a link: it works as well.
      await page.getByRole('link', { name: 'Quitar filtro: Mármol' }).click()
      await page.waitForURL((url) => !url.search.includes('look='))
      expect(await count(page)).toBe(`${seedProducts.filter((p) => p.attributes.finish === 'gloss' && p.priceRetailCents <= 100_00).length} paneles`)
    } finally {
      await context.close()
    }
  })
})

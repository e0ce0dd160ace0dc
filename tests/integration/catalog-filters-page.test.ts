import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { products } from '../../server/db/schema/index.ts'
import { sharedTestApp } from '../helpers/shared-app.ts'

// The shop's filters and sort as the server renders them (docs/product.md#filters): what a visitor
// without JavaScript gets, a GET form with each value's count, the filtered list in order, links
// that take a filter away, in both languages, on /shop and on a category's page.
const t = sharedTestApp({ pages: true })

const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url })
  expect(res.statusCode, url).toBe(200)
  // React's markers between a text and a value ("(<!-- -->4<!-- -->)") are no part of what is read.
  return res.body.replaceAll('<!-- -->', '')
}
const cards = (html: string) => [...new Set([...html.matchAll(/href="(?:\/en)?\/product\/([a-z0-9-]+)"/g)].map((match) => match[1]))]
const checkbox = (html: string, name: string, value: string) =>
  new RegExp(`<input[^>]*type="checkbox"[^>]*name="${name}"[^>]*value="${value}"[^>]*>`).exec(html)?.[0] ?? null

describe('the shop filtered and sorted', () => {
  it('lists marble gloss panels under 100 € by price, says how many, and keeps them from search engines', async () => {
    const html = await page('/shop?sort=price-asc&look=marble&finish=gloss&max=100')
    expect(cards(html)).toEqual(['marmol-carrara-blanco', 'marmol-calacatta-oro', 'marmol-emperador-marron', 'marmol-nero-marquina'])
    expect(html).toMatch(/data-testid="catalog-count"[^>]*>4 paneles</)
    expect(html).toMatch(/<form[^>]*method="get"[^>]*action="\/shop"|<form[^>]*action="\/shop"[^>]*method="get"/)
    expect(checkbox(html, 'look', 'marble')).toContain('checked')
    expect(checkbox(html, 'finish', 'gloss')).toContain('checked')
    expect(checkbox(html, 'finish', 'matte')).not.toContain('checked')
    // What choosing it would show with the other filters kept: marble, matte, under 100 €.
    expect(html).toMatch(/value="matte"[^>]*>\s*<span>Mate <span[^>]*>\(1\)<\/span>/)
    expect(html).toMatch(/<input[^>]*name="max"[^>]*value="100"|<input[^>]*value="100"[^>]*name="max"/)
    expect(html).toContain('<option value="price-asc" selected="">Precio, de menor a mayor</option>')
    expect(html).toContain('<meta name="robots" content="noindex, follow"')
    // A chip takes one filter away, keeping the rest.
    expect(html).toContain('href="/shop?sort=price-asc&amp;finish=gloss&amp;max=100"')
    expect(html).toContain('aria-label="Quitar filtro: Mármol"')
  })

  it('answers what the form sends without JavaScript, empty fields and all', async () => {
    const html = await page('/shop?category=marmol&sort=featured&finish=gloss&min=&max=90')
    expect(cards(html)).toEqual(['marmol-carrara-blanco'])
    expect(html).toMatch(/data-testid="catalog-count"[^>]*>1 panel</)
  })

  it("filters a category's page in English, under its English address", async () => {
    const html = await page('/en/category/marmol?finish=matte')
    expect(cards(html)).toEqual(['marmol-travertino-beige'])
    expect(html).toMatch(/data-testid="catalog-count"[^>]*>1 panel</)
    expect(html).toMatch(/action="\/en\/category\/marmol"/)
    expect(html).toContain('aria-label="Remove filter: Matte"')
    // Only this category's looks are counted: no wood to choose here.
    expect(checkbox(html, 'look', 'wood')).toBeNull()
  })

  it('says when nothing matches and offers to clear the filters', async () => {
    const html = await page('/shop?category=madera&look=marble')
    expect(cards(html)).toEqual([])
    expect(html).toContain('Ningún panel coincide con estos filtros.')
    expect(html).toContain('href="/shop?category=madera"')
  })

  it('opens the whole shop for values it does not know, and an unfiltered list for search engines', async () => {
    const html = await page('/shop?look=velvet&max=abc&sort=cheapest')
    expect(cards(html)).toHaveLength(13)
    expect(html).not.toContain('noindex')
    expect(await page('/shop')).not.toContain('noindex')
  })

  it("shows a panel's attributes on its page in the page's language", async () => {
    const es = await page('/product/marmol-travertino-beige')
    expect(es).toMatch(/<dt>Acabado<\/dt><dd>Mate<\/dd>/)
    expect(es).toMatch(/<dt>Aspecto<\/dt><dd>Mármol<\/dd>/)
    const en = await page('/en/product/madera-roble-natural')
    expect(en).toMatch(/<dt>Texture<\/dt><dd>Embossed<\/dd>/)
  })
})

describe("a panel's availability (docs/product.md#availability)", () => {
  it('says in stock, or made to order and in how many working days, on its card and page, and adds them to the delivery window', async () => {
    const slug = 'marmol-travertino-beige'
    expect(await page(`/product/${slug}`)).toMatch(/data-testid="product-availability"[^>]*>En stock</)
    await t.database.db.update(products).set({ leadTimeDays: 15 }).where(eq(products.slug, slug))
    try {
      // The catalog's change reaches the page caches through the database's notification.
      await expect.poll(async () => page(`/product/${slug}`)).toContain('Fabricación bajo pedido en 15 días laborables')
      const html = await page(`/product/${slug}`)
      // The shop's widest window (3–7 working days) after its 15.
      expect(html).toContain('18–22 días laborables')
      expect(html).toContain('"availability":"https://schema.org/MadeToOrder"')
      expect(html).toContain('"handlingTime":{"@type":"QuantitativeValue","minValue":15,"maxValue":15,"unitCode":"DAY"}')
      expect(await page('/category/marmol')).toContain('Bajo pedido · 15 días laborables')
      expect(await page('/en/category/marmol')).toContain('Made to order · 15 working days')
    } finally {
      await t.database.db.update(products).set({ leadTimeDays: null }).where(eq(products.slug, slug))
    }
  })
})

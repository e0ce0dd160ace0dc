import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { DatabaseHandle } from '../db/client.ts'
import { products } from '../db/schema/index.ts'
import { seedProducts } from '../db/seed-data.ts'
import { createTestDatabase } from '../../tests/helpers/db.ts'
import { addSearchCatalog } from '../../tests/helpers/search-catalog.ts'
import { codeOf } from '../../tests/helpers/trpc-errors.ts'
import { callerAs } from '../../tests/helpers/users.ts'
import { attributeNames, productAttributes, type AttributeName, type ProductAttributes } from '../../core/product-attributes.ts'

// The shop's filters and sort (docs/product.md#filters) on the search's catalog of 78 panels on
// sale (the seed's 13 and 65 generated, tests/helpers/search-catalog.ts) with two drafts and an
// archived panel that must never be listed or counted. The expected answers are worked out here
// from the same data. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.

interface Panel {
  slug: string
  categorySlug: string
  attributes: ProductAttributes
  retail: number
  wholesale: number
  featured: boolean
}

let database: DatabaseHandle
let panels: Panel[]
let anonymous: Awaited<ReturnType<typeof callerAs>>
let b2b: Awaited<ReturnType<typeof callerAs>>
let hiddenSlugs: string[]

beforeAll(async () => {
  database = await createTestDatabase()
  const added = await addSearchCatalog(database.db)
  hiddenSlugs = added.hiddenSlugs
  // The hidden ones are marble and gloss, under 100 €: they would be in every answer below.
  for (const slug of hiddenSlugs)
    await database.db.update(products).set({ look: 'marble', finish: 'gloss', colour: 'white' }).where(eq(products.slug, slug))
  panels = [
    ...seedProducts.map((p) => ({
      slug: p.slug,
      categorySlug: p.categorySlug,
      attributes: p.attributes,
      retail: p.priceRetailCents,
      wholesale: p.priceWholesaleCents,
      featured: p.featured,
    })),
    ...added.panels.map((p) => ({
      slug: p.slug,
      categorySlug: p.categorySlug,
      attributes: p.attributes,
      retail: p.priceRetailCents,
      wholesale: Math.round(p.priceRetailCents * 0.6),
      featured: false,
    })),
  ]
  anonymous = await callerAs(database.db, 'anonymous')
  b2b = await callerAs(database.db, 'b2b')
})
afterAll(() => database.close())

type Chosen = Partial<{ [A in AttributeName]: ProductAttributes[A][] }>
const matches = (panel: Panel, chosen: Chosen, except?: AttributeName) =>
  attributeNames.every((name) => name === except || !chosen[name]?.length || (chosen[name] as (string | null)[]).includes(panel.attributes[name]))
const sorted = (slugs: string[]) => [...slugs].sort()

describe('catalog.browse', () => {
  it('lists marble and gloss panels under 100 € for a shopper, at retail prices, and nothing hidden', async () => {
    const { products: found } = await anonymous.catalog.browse({ look: ['marble'], finish: ['gloss'], maxEuros: 100 })
    const expected = panels.filter((p) => p.attributes.look === 'marble' && p.attributes.finish === 'gloss' && p.retail <= 100_00)
    expect(expected.length).toBeGreaterThan(5)
    expect(sorted(found.map((p) => p.slug))).toEqual(sorted(expected.map((p) => p.slug)))
    for (const slug of hiddenSlugs) expect(found.map((p) => p.slug)).not.toContain(slug)
    for (const product of found) {
      expect(product.look).toBe('marble')
      expect(product.finish).toBe('gloss')
      expect(product.priceRetailCents).toBeLessThanOrEqual(100_00)
      expect(product).not.toHaveProperty('priceWholesaleCents')
    }
    // Featured first, as the shop always lists them.
    const firstPlain = found.findIndex((p) => !p.featured)
    expect(found.slice(firstPlain).every((p) => !p.featured)).toBe(true)
  })

  it('takes any of several values of one attribute and all of the attributes chosen', async () => {
    const chosen: Chosen = { colour: ['white', 'black'], finish: ['matte'], texture: ['embossed'] }
    const { products: found } = await anonymous.catalog.browse({ colour: ['black', 'white'], finish: ['matte'], texture: ['embossed'] })
    expect(sorted(found.map((p) => p.slug))).toEqual(sorted(panels.filter((p) => matches(p, chosen)).map((p) => p.slug)))
    expect(found.length).toBeGreaterThan(0)
  })

  it('counts each value as if it were chosen with the other filters kept, and gives their price range', async () => {
    const chosen: Chosen = { look: ['marble'], finish: ['gloss'] }
    const { facets } = await anonymous.catalog.browse({ look: ['marble'], finish: ['gloss'], maxEuros: 100 })
    const cheap = panels.filter((p) => p.retail <= 100_00)
    for (const name of attributeNames) {
      const expected = productAttributes[name].map((value) => ({
        value,
        count: cheap.filter((p) => matches(p, chosen, name) && p.attributes[name] === value).length,
      }))
      expect(facets.attributes[name], name).toEqual(expected)
    }
    // "Wood" with the gloss kept: what choosing it too would add.
    expect(facets.attributes.look.find((f) => f.value === 'wood')!.count).toBe(
      cheap.filter((p) => p.attributes.look === 'wood' && p.attributes.finish === 'gloss').length,
    )
    // The price range ignores the price filter itself: the shopper sees how far they could go.
    const marbleGloss = panels.filter((p) => matches(p, chosen)).map((p) => p.retail)
    expect(facets.priceCents).toEqual({ min: Math.min(...marbleGloss), max: Math.max(...marbleGloss) })
  })

  it('filters and sorts a wholesale customer by the wholesale price, which only they receive', async () => {
    const { products: found } = await b2b.catalog.browse({ look: ['stone'], minEuros: 30, maxEuros: 50, sort: 'price-asc' })
    const expected = panels.filter((p) => p.attributes.look === 'stone' && p.wholesale >= 30_00 && p.wholesale <= 50_00)
    expect(sorted(found.map((p) => p.slug))).toEqual(sorted(expected.map((p) => p.slug)))
    const prices = found.map((p) => p.priceWholesaleCents!)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    expect(prices.every((cents) => cents >= 30_00 && cents <= 50_00)).toBe(true)
  })

  it('sorts by price both ways and by newest, every panel on sale once', async () => {
    const ascending = (await anonymous.catalog.browse({ sort: 'price-asc' })).products
    expect(ascending).toHaveLength(panels.length)
    const prices = ascending.map((p) => p.priceRetailCents)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    const descending = (await anonymous.catalog.browse({ sort: 'price-desc' })).products.map((p) => p.priceRetailCents)
    expect(descending).toEqual([...prices].sort((a, b) => b - a))
    // The generated panels were added after the seed: they come first, newest first.
    const newest = (await anonymous.catalog.browse({ sort: 'newest' })).products.map((p) => p.slug)
    expect(newest).toHaveLength(panels.length)
    expect(newest.slice(-seedProducts.length).sort()).toEqual(seedProducts.map((p) => p.slug).sort())
  })

  it("keeps to a category's panels, and counts only them", async () => {
    const wood = await anonymous.catalog.browse({ categorySlug: 'madera', finish: ['gloss'] })
    const expected = panels.filter((p) => p.categorySlug === 'madera' && p.attributes.finish === 'gloss')
    expect(sorted(wood.products.map((p) => p.slug))).toEqual(sorted(expected.map((p) => p.slug)))
    expect(wood.facets.attributes.look.find((f) => f.value === 'marble')!.count).toBe(0)
    const none = await anonymous.catalog.browse({ categorySlug: 'madera', look: ['marble'] })
    expect(none.products).toEqual([])
    expect(none.facets.priceCents).toBeNull()
  })

  it('turns a price range typed upside down round, and refuses values it does not know', async () => {
    const { products: found } = await anonymous.catalog.browse({ minEuros: 90, maxEuros: 40 })
    expect(sorted(found.map((p) => p.slug))).toEqual(sorted(panels.filter((p) => p.retail >= 40_00 && p.retail <= 90_00).map((p) => p.slug)))
    const input = (value: unknown) => anonymous.catalog.browse(value as never)
    expect(await codeOf(input({ look: ['velvet'] }))).toBe('BAD_REQUEST')
    expect(await codeOf(input({ sort: 'cheapest' }))).toBe('BAD_REQUEST')
    expect(await codeOf(input({ maxEuros: -1 }))).toBe('BAD_REQUEST')
    expect(await codeOf(input({ maxEuros: 10.5 }))).toBe('BAD_REQUEST')
  })
})

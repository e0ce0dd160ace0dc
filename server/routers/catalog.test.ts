import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../db/client.ts'
import { categories, products } from '../db/schema/index.ts'
import { seedProducts } from '../db/seed-data.ts'
import { createTestDatabase } from '../../tests/helpers/db.ts'
import { sharedTestDatabase } from '../../tests/helpers/shared-fixture.ts'
import { codeOf } from '../../tests/helpers/trpc-errors.ts'
import { callerAs, type Kind } from '../../tests/helpers/users.ts'

const database = sharedTestDatabase()

describe('catalog.categories', () => {
  it('lists marmol, madera and piedra in display order with both languages', async () => {
    const caller = await callerAs(database.db, 'anonymous')
    const categories = await caller.catalog.categories()
    expect(categories.map((c) => c.slug)).toEqual(['marmol', 'madera', 'piedra'])
    expect(categories[0]).toMatchObject({ nameEs: 'Mármol', nameEn: 'Marble' })
    for (const c of categories) {
      expect(c.descriptionEs.length).toBeGreaterThan(20)
      expect(c.descriptionEn.length).toBeGreaterThan(20)
    }
  })
})

/** The seed's cheapest retail and wholesale prices in a category. */
const seedCheapest = (slug: string) => {
  const inCategory = seedProducts.filter((p) => p.categorySlug === slug)
  return {
    retail: Math.min(...inCategory.map((p) => p.priceRetailCents)),
    wholesale: Math.min(...inCategory.map((p) => p.priceWholesaleCents)),
  }
}

describe('the "desde" prices (catalog.categories, catalog.wholesaleFrom)', () => {
  it.each<[Kind, 'retail' | 'wholesale']>([
    ['anonymous', 'retail'],
    ['customer', 'retail'],
    ['b2b', 'wholesale'],
    ['admin', 'wholesale'],
  ])('gives %s callers each category’s cheapest panel at the %s price they would pay', async (kind, price) => {
    const caller = await callerAs(database.db, kind)
    const listed = await caller.catalog.categories()
    expect(listed.map((c) => [c.slug, c.fromCents])).toEqual(listed.map((c) => [c.slug, seedCheapest(c.slug)[price]]))
    // The seed's panels: marble and stone start above the shop's 80 € (the old cards said 80 € on all three).
    if (price === 'retail') expect(listed.map((c) => c.fromCents)).toEqual([8500, 8000, 8900])
    expect(await caller.catalog.wholesaleFrom()).toBe(4000)
  })
})

describe('the "desde" prices follow the panels on sale', () => {
  let own: DatabaseHandle
  beforeAll(async () => {
    own = await createTestDatabase()
  })
  afterAll(async () => {
    await own.close()
  })

  it('moves to the next cheapest when the cheapest is archived or repriced, and is none for a category with nothing on sale', async () => {
    const anonymous = await callerAs(own.db, 'anonymous')
    const fromOf = async (slug: string) => (await anonymous.catalog.categories()).find((c) => c.slug === slug)?.fromCents
    // Wood's two 80 € panels archived: its next cheapest (85 €); then that one repriced.
    const wood = seedProducts.filter((p) => p.categorySlug === 'madera')
    const cheapest = wood.filter((p) => p.priceRetailCents === 8000).map((p) => p.slug)
    expect(cheapest).toHaveLength(2)
    await own.db.update(products).set({ archivedAt: new Date() }).where(inArray(products.slug, cheapest))
    expect(await fromOf('madera')).toBe(8500)
    const next = wood.find((p) => p.priceRetailCents === 8500)!
    await own.db.update(products).set({ priceRetailCents: 7450 }).where(eq(products.slug, next.slug))
    expect(await fromOf('madera')).toBe(7450)

    const stone = seedProducts.filter((p) => p.categorySlug === 'piedra').map((p) => p.slug)
    await own.db.update(products).set({ archivedAt: new Date() }).where(inArray(products.slug, stone))
    expect(await fromOf('piedra')).toBeNull()
    const [empty] = await own.db
      .insert(categories)
      .values({
        slug: 'vinilo',
        nameEs: 'Vinilo',
        nameEn: 'Vinyl',
        descriptionEs: 'Paneles de vinilo.',
        descriptionEn: 'Vinyl panels.',
        displayOrder: 9,
      })
      .returning()
    expect(await fromOf(empty!.slug)).toBeNull()

    // Everything archived: the shop states no price at all.
    await own.db.update(products).set({ archivedAt: new Date() })
    expect((await anonymous.catalog.categories()).every((c) => c.fromCents === null)).toBe(true)
    expect(await anonymous.catalog.wholesaleFrom()).toBeNull()
  })
})

describe('catalog.category', () => {
  it('returns one category by slug', async () => {
    const caller = await callerAs(database.db, 'anonymous')
    await expect(caller.catalog.category({ slug: 'madera' })).resolves.toMatchObject({ slug: 'madera', nameEn: 'Wood' })
  })

  it('answers NOT_FOUND for an unknown slug and BAD_REQUEST for a malformed one', async () => {
    const caller = await callerAs(database.db, 'anonymous')
    expect(await codeOf(caller.catalog.category({ slug: 'vidrio' }))).toBe('NOT_FOUND')
    expect(await codeOf(caller.catalog.category({ slug: 'Not A Slug!' }))).toBe('BAD_REQUEST')
  })
})

describe('catalog.products', () => {
  it('returns a category’s products featured first, each with its retail price and category', async () => {
    const caller = await callerAs(database.db, 'anonymous')
    const products = await caller.catalog.products({ categorySlug: 'marmol' })
    const expected = seedProducts.filter((p) => p.categorySlug === 'marmol')
    expect(products).toHaveLength(expected.length)
    expect(products.length).toBeGreaterThanOrEqual(4)
    const featuredFlags = products.map((p) => p.featured)
    expect(featuredFlags).toEqual([...featuredFlags].sort((a, b) => Number(b) - Number(a)))
    expect(featuredFlags).toContain(true)
    for (const product of products) {
      expect(product.category.slug).toBe('marmol')
      expect(product.priceRetailCents).toBeGreaterThanOrEqual(8000)
      expect(Number.isInteger(product.priceRetailCents)).toBe(true)
    }
  })

  it('lists the whole catalog without a filter', async () => {
    const caller = await callerAs(database.db, 'anonymous')
    const products = await caller.catalog.products()
    expect(products).toHaveLength(seedProducts.length)
    expect(new Set(products.map((p) => p.category.slug))).toEqual(new Set(['marmol', 'madera', 'piedra']))
  })

  it.each<[Kind, boolean]>([
    ['anonymous', false],
    ['customer', false],
    ['b2b', true],
    ['admin', true],
  ])('gives the wholesale price to %s callers: %s', async (kind, sees) => {
    const caller = await callerAs(database.db, kind)
    const products = await caller.catalog.products({ categorySlug: 'piedra' })
    const product = await caller.catalog.product({ slug: products[0]!.slug })
    for (const p of [...products, product]) {
      expect('priceWholesaleCents' in p).toBe(sees)
      if (sees) {
        const seed = seedProducts.find((s) => s.slug === p.slug)
        expect(p.priceWholesaleCents).toBe(seed?.priceWholesaleCents)
      }
    }
  })

  it('refuses a category filter of the wrong type', async () => {
    const caller = await callerAs(database.db, 'anonymous')
    // @ts-expect-error: the wrong type on purpose
    expect(await codeOf(caller.catalog.products({ categorySlug: 42 }))).toBe('BAD_REQUEST')
  })
})

describe('catalog.product', () => {
  it('returns one product with its category, dimensions and weight', async () => {
    const caller = await callerAs(database.db, 'anonymous')
    const seed = seedProducts.find((p) => p.weightKg !== null)!
    const product = await caller.catalog.product({ slug: seed.slug })
    expect(product).toMatchObject({
      slug: seed.slug,
      nameEs: seed.nameEs,
      nameEn: seed.nameEn,
      priceRetailCents: seed.priceRetailCents,
      widthCm: 122,
      heightCm: 300,
      weightKg: Number(seed.weightKg),
      category: { slug: seed.categorySlug },
    })
  })

  it('answers NOT_FOUND for an unknown slug and BAD_REQUEST for input of the wrong type', async () => {
    const caller = await callerAs(database.db, 'anonymous')
    expect(await codeOf(caller.catalog.product({ slug: 'no-such-panel' }))).toBe('NOT_FOUND')
    // @ts-expect-error: the wrong type on purpose
    expect(await codeOf(caller.catalog.product({ slug: 123 }))).toBe('BAD_REQUEST')
    // @ts-expect-error: missing input on purpose
    expect(await codeOf(caller.catalog.product())).toBe('BAD_REQUEST')
  })
})

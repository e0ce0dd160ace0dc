import { describe, expect, it } from 'vitest'
import { seedProducts } from '../db/seed-data.ts'
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

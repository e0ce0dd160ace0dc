import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { categories, products, profiles } from '../db/schema/index.ts'
import { seedProducts } from '../db/seed-data.ts'
import { sharedTestApp } from '../../tests/helpers/shared-app.ts'
import { eventually } from '../../tests/helpers/eventually.ts'
import { shopperAs } from '../../tests/helpers/accounts.ts'
import { httpShopper } from '../../tests/helpers/http-shopper.ts'

// Catalog procedures read the database once per catalog change, not once per call, and
// still price each answer for its caller's role; any change (even by hand) is seen on the next call.
const t = sharedTestApp()

interface Product {
  slug: string
  priceRetailCents: number
  priceWholesaleCents?: number
}

const product = seedProducts[4]!

describe('the catalog read cache', () => {
  it('prices kept rows for each caller: a visitor never sees the wholesale price, a wholesale customer does', async () => {
    const visitor = httpShopper(t.app)
    const { shopper: wholesale } = await shopperAs(t, 'b2b')
    for (let i = 0; i < 2; i++) {
      const seen = (await visitor.query<Product>('catalog.product', { slug: product.slug })).data!
      expect(seen.priceWholesaleCents).toBeUndefined()
      const trade = (await wholesale.query<Product>('catalog.product', { slug: product.slug })).data!
      expect(trade.priceWholesaleCents).toBe(product.priceWholesaleCents)
      const list = (await wholesale.query<Product[]>('catalog.products')).data!
      expect(list.find((p) => p.slug === product.slug)?.priceWholesaleCents).toBe(product.priceWholesaleCents)
      expect((await visitor.query<Product[]>('catalog.products')).data!.every((p) => p.priceWholesaleCents === undefined)).toBe(true)
    }
  })

  it('keeps the categories’ "desde" per caller: a visitor’s retail answer from memory, a wholesale customer’s own, a new price seen', async () => {
    const visitor = httpShopper(t.app)
    const { shopper: wholesale } = await shopperAs(t, 'b2b')
    type Category = { slug: string; fromCents: number | null }
    const fromOf = async (who: typeof visitor, slug: string) =>
      (await who.query<Category[]>('catalog.categories')).data!.find((c) => c.slug === slug)!.fromCents
    const stone = seedProducts.filter((p) => p.categorySlug === 'piedra')
    const cheapest = (prices: number[]) => Math.min(...prices)
    expect(await fromOf(visitor, 'piedra')).toBe(cheapest(stone.map((p) => p.priceRetailCents)))
    await eventually(async () => (await visitor.query('catalog.categories')).res.headers['x-catalog-cache'] === 'hit')
    const trade = await wholesale.query<Category[]>('catalog.categories')
    expect(trade.res.headers['x-catalog-cache']).toBeUndefined()
    expect(trade.data!.find((c) => c.slug === 'piedra')!.fromCents).toBe(cheapest(stone.map((p) => p.priceWholesaleCents)))
    await t.database.db.update(products).set({ priceRetailCents: 6100, priceWholesaleCents: 3100 }).where(eq(products.slug, stone[0]!.slug))
    await eventually(async () => (await fromOf(visitor, 'piedra')) === 6100)
    expect(await fromOf(wholesale, 'piedra')).toBe(3100)
  })

  it('answers with a changed price on the next call after the change, made by hand in a database client', async () => {
    const visitor = httpShopper(t.app)
    const read = async () => (await visitor.query<Product>('catalog.product', { slug: product.slug })).data!.priceRetailCents
    const listed = async () => (await visitor.query<Product[]>('catalog.products')).data!.find((p) => p.slug === product.slug)!.priceRetailCents
    expect(await read()).toBe(product.priceRetailCents)
    const price = product.priceRetailCents + 4321
    await t.database.db.update(products).set({ priceRetailCents: price }).where(eq(products.slug, product.slug))
    await eventually(async () => (await read()) === price)
    expect(await listed()).toBe(price)
  })

  it("answers a visitor's repeated catalog query from memory, the same answer, in the visitor's language", async () => {
    const visitor = httpShopper(t.app, { language: 'en' })
    const first = await visitor.query('catalog.products', { categorySlug: 'marmol' })
    await eventually(async () => (await visitor.query('catalog.products', { categorySlug: 'marmol' })).res.headers['x-catalog-cache'] === 'hit')
    const kept = await visitor.query('catalog.products', { categorySlug: 'marmol' })
    expect(kept.res.body).toBe(first.res.body)
    expect(kept.res.headers['content-type']).toBe(first.res.headers['content-type'])
    // A made-up category is a 404 answered in the caller's language: never kept, never mixed up.
    const missing = await visitor.query('catalog.category', { slug: 'no-such-category' })
    expect(missing.status).toBe(404)
    const spanish = await httpShopper(t.app, { language: 'es' }).query('catalog.category', { slug: 'no-such-category' })
    expect(spanish.error?.message).not.toBe(missing.error?.message)
  })

  it('never answers a caller with wholesale prices from what was kept for visitors', async () => {
    const visitor = httpShopper(t.app)
    await eventually(async () => (await visitor.query('catalog.products')).res.headers['x-catalog-cache'] === 'hit')
    for (const kind of ['b2b', 'admin'] as const) {
      const { shopper: wholesale } = await shopperAs(t, kind)
      const trade = await wholesale.query<Product[]>('catalog.products')
      expect(trade.res.headers['x-catalog-cache']).toBeUndefined()
      expect(trade.data!.find((p) => p.slug === product.slug)?.priceWholesaleCents).toBe(product.priceWholesaleCents)
    }
  })

  it('answers a signed-in customer (retail prices, as a visitor) from memory too; an account made wholesale since gets its prices at once', async () => {
    const visitor = httpShopper(t.app)
    await eventually(async () => (await visitor.query('catalog.products')).res.headers['x-catalog-cache'] === 'hit')
    const { shopper: customer } = await shopperAs(t, 'customer')
    const kept = await customer.query<Product[]>('catalog.products')
    expect(kept.res.headers['x-catalog-cache']).toBe('hit')
    expect(kept.res.body).toBe((await visitor.query('catalog.products')).res.body)
    // The cookie of an account that became wholesale since: its prices, through tRPC.
    const { shopper: promoted, user } = await shopperAs(t, 'customer')
    await t.database.db.update(profiles).set({ approvedB2b: true }).where(eq(profiles.userId, user!.id))
    const trade = await promoted.query<Product[]>('catalog.products')
    expect(trade.res.headers['x-catalog-cache']).toBeUndefined()
    expect(trade.data!.find((p) => p.slug === product.slug)?.priceWholesaleCents).toBe(product.priceWholesaleCents)
  })

  it('finds a category added after it was not found', async () => {
    const visitor = httpShopper(t.app)
    expect((await visitor.query('catalog.category', { slug: 'azulejo' })).status).toBe(404)
    await t.database.db
      .insert(categories)
      .values({ slug: 'azulejo', nameEs: 'Azulejo', nameEn: 'Tile', descriptionEs: 'Aspecto azulejo', descriptionEn: 'Tile look' })
    await eventually(async () => (await visitor.query('catalog.category', { slug: 'azulejo' })).status === 200)
    expect((await visitor.query<Array<{ slug: string }>>('catalog.categories')).data!.map((c) => c.slug)).toContain('azulejo')
  })
})

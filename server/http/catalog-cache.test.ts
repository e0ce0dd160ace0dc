import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categories, products } from '../db/schema/index.ts'
import { seedProducts } from '../db/seed-data.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { shopperAs } from '../../tests/helpers/accounts.ts'
import { httpShopper } from '../../tests/helpers/http-shopper.ts'

// Issue 11: catalog procedures read the database once per catalog change, not once per call, and
// still price each answer for its caller's role; any change (even by hand) is seen on the next call.
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.app.close()
})

interface Product {
  slug: string
  priceRetailCents: number
  priceWholesaleCents?: number
}

const product = seedProducts[4]!

async function eventually(check: () => Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 50))
  }
}

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

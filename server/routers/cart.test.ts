import { beforeAll, describe, expect, it } from 'vitest'
import { seedProducts } from '../db/seed-data.ts'
import { sharedTestDatabase } from '../../tests/helpers/shared-fixture.ts'
import { ownProduct as ownProductOf } from '../../tests/helpers/catalog-admin.ts'
import { codeOf } from '../../tests/helpers/trpc-errors.ts'
import { callerAs, type Kind } from '../../tests/helpers/users.ts'

const database = sharedTestDatabase()
let productIds: Map<string, string>
beforeAll(async () => {
  const anonymous = await callerAs(database.db, 'anonymous')
  productIds = new Map((await anonymous.catalog.products()).map((p) => [p.slug, p.id]))
})

const [first, second] = seedProducts
const idOf = (slug: string) => productIds.get(slug)!

describe.each<[Kind, 'retail' | 'wholesale']>([
  ['anonymous', 'retail'],
  ['customer', 'retail'],
  ['b2b', 'wholesale'],
  ['admin', 'wholesale'],
])('cart for a %s caller', (kind, pricing) => {
  it('adds, raises, changes, removes and clears, priced by the server', async () => {
    const caller = await callerAs(database.db, kind)
    expect(await caller.cart.get()).toEqual(emptyCartView)
    const expectedUnit = pricing === 'wholesale' ? first!.priceWholesaleCents : first!.priceRetailCents

    let cart = await caller.cart.add({ productId: idOf(first!.slug), quantity: 2 })
    expect(cart.items).toHaveLength(1)
    expect(cart.items[0]).toMatchObject({
      slug: first!.slug,
      nameEs: first!.nameEs,
      nameEn: first!.nameEn,
      quantity: 2,
      unitPriceCents: expectedUnit,
      lineTotalCents: 2 * expectedUnit,
    })

    cart = await caller.cart.add({ productId: idOf(first!.slug), quantity: 3 })
    expect(cart.items).toHaveLength(1)
    expect(cart.items[0]?.quantity).toBe(5)

    cart = await caller.cart.add({ productId: idOf(second!.slug), quantity: 1 })
    expect(cart.count).toBe(6)
    const secondUnit = pricing === 'wholesale' ? second!.priceWholesaleCents : second!.priceRetailCents
    expect(cart.subtotalCents).toBe(5 * expectedUnit + secondUnit)
    // Nobody here is under the recargo de equivalencia: the total is the subtotal.
    expect(cart).toMatchObject({ surcharge: null, totalCents: cart.subtotalCents })

    const line = cart.items.find((i) => i.slug === second!.slug)!
    cart = await caller.cart.setQuantity({ itemId: line.id, quantity: 4 })
    expect(cart.items.find((i) => i.id === line.id)?.quantity).toBe(4)

    cart = await caller.cart.remove({ itemId: line.id })
    expect(cart.items.map((i) => i.slug)).toEqual([first!.slug])

    cart = await caller.cart.clear()
    expect(cart).toEqual(emptyCartView)
    expect(await caller.cart.get()).toEqual(emptyCartView)
  })
})

// A fresh shop delivers home free everywhere: the cart says so before any address.
const emptyCartView = {
  items: [],
  count: 0,
  subtotalCents: 0,
  surcharge: null,
  totalCents: 0,
  delivery: { fromCents: 0, free: true, postalCode: null, estimate: null },
}

describe('cart ownership', () => {
  it('lets no other session or user read or change an item (NOT_FOUND, nothing changes)', async () => {
    const owner = await callerAs(database.db, 'anonymous')
    const { items } = await owner.cart.add({ productId: idOf(first!.slug), quantity: 2 })
    const itemId = items[0]!.id
    for (const kind of ['anonymous', 'customer', 'b2b', 'admin'] as const) {
      const other = await callerAs(database.db, kind)
      expect(await other.cart.get()).toEqual(emptyCartView)
      expect(await codeOf(other.cart.setQuantity({ itemId, quantity: 9 }))).toBe('NOT_FOUND')
      expect(await codeOf(other.cart.remove({ itemId }))).toBe('NOT_FOUND')
      await other.cart.clear()
    }
    expect((await owner.cart.get()).items).toMatchObject([{ id: itemId, quantity: 2 }])
  })

  it('answers NOT_FOUND for an unknown product or item', async () => {
    const caller = await callerAs(database.db, 'customer')
    expect(await codeOf(caller.cart.add({ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }))).toBe('NOT_FOUND')
    expect(await codeOf(caller.cart.remove({ itemId: '00000000-0000-4000-8000-000000000000' }))).toBe('NOT_FOUND')
  })
})

describe('cart concurrency', () => {
  it('ends at quantity 20 after 20 concurrent adds of 1', async () => {
    for (const kind of ['anonymous', 'customer'] as const) {
      const caller = await callerAs(database.db, kind)
      await Promise.all(Array.from({ length: 20 }, () => caller.cart.add({ productId: idOf(first!.slug), quantity: 1 })))
      const cart = await caller.cart.get()
      expect(cart.items).toHaveLength(1)
      expect(cart.items[0]?.quantity).toBe(20)
    }
  })
})

describe('cart input', () => {
  it.each([0, -1, 1.5, 'abc', 10000, null])('refuses quantity %j and changes nothing', async (bad) => {
    const caller = await callerAs(database.db, 'customer')
    const { items } = await caller.cart.add({ productId: idOf(first!.slug), quantity: 2 })
    // @ts-expect-error: wrong input on purpose
    expect(await codeOf(caller.cart.add({ productId: idOf(first!.slug), quantity: bad }))).toBe('BAD_REQUEST')
    // @ts-expect-error: wrong input on purpose
    expect(await codeOf(caller.cart.setQuantity({ itemId: items[0]!.id, quantity: bad }))).toBe('BAD_REQUEST')
    expect((await caller.cart.get()).items).toMatchObject([{ quantity: 2 }])
  })

  it('refuses a line above 999 panels and keeps the quantity it had', async () => {
    const caller = await callerAs(database.db, 'customer')
    await caller.cart.add({ productId: idOf(first!.slug), quantity: 990 })
    expect(await codeOf(caller.cart.add({ productId: idOf(first!.slug), quantity: 10 }))).toBe('BAD_REQUEST')
    expect((await caller.cart.get()).items).toMatchObject([{ quantity: 990 }])
  })

  it('refuses a product id that is not a uuid', async () => {
    const caller = await callerAs(database.db, 'anonymous')
    expect(await codeOf(caller.cart.add({ productId: 'marmol', quantity: 1 }))).toBe('BAD_REQUEST')
    expect(await caller.cart.get()).toEqual(emptyCartView)
  })
})

describe('a product the owner archives', () => {
  const ownProduct = async () => ownProductOf(database.db, await callerAs(database.db, 'admin'), { priceRetail: '30', priceWholesale: '20' })

  it.each<[Kind, number, number]>([
    ['anonymous', first!.priceRetailCents, 3000],
    ['b2b', first!.priceWholesaleCents, 2000],
  ])('stays in a %s cart as unavailable, out of the count and subtotal, until restored', async (kind, firstUnit, ownUnit) => {
    const product = await ownProduct()
    const caller = await callerAs(database.db, kind)
    await caller.cart.add({ productId: idOf(first!.slug), quantity: 2 })
    const before = await caller.cart.add({ productId: product.id, quantity: 3 })
    expect(before).toMatchObject({ count: 5, subtotalCents: 2 * firstUnit + 3 * ownUnit })
    expect(before.items.every((item) => item.available)).toBe(true)

    await product.archive()
    const cart = await caller.cart.get()
    expect(cart.items.map((item) => [item.productId, item.quantity, item.available])).toEqual([
      [idOf(first!.slug), 2, true],
      [product.id, 3, false],
    ])
    expect(cart).toMatchObject({ count: 2, subtotalCents: 2 * firstUnit })

    await product.restore()
    expect(await caller.cart.get()).toMatchObject({ count: 5, subtotalCents: 2 * firstUnit + 3 * ownUnit })
  })

  it('cannot be added to a cart (CONFLICT) and leaves the cart as it was', async () => {
    const product = await ownProduct()
    const caller = await callerAs(database.db, 'customer')
    await caller.cart.add({ productId: product.id, quantity: 1 })
    await product.archive()
    const before = await caller.cart.get()
    expect(await codeOf(caller.cart.add({ productId: product.id, quantity: 1 }))).toBe('CONFLICT')
    const fresh = await callerAs(database.db, 'anonymous')
    expect(await codeOf(fresh.cart.add({ productId: product.id, quantity: 1 }))).toBe('CONFLICT')
    expect(await caller.cart.get()).toEqual(before)
    expect(await fresh.cart.get()).toEqual(emptyCartView)
  })

  it('can still be removed from the cart', async () => {
    const product = await ownProduct()
    const caller = await callerAs(database.db, 'anonymous')
    const { items } = await caller.cart.add({ productId: product.id, quantity: 1 })
    await product.archive()
    expect(await caller.cart.remove({ itemId: items[0]!.id })).toEqual(emptyCartView)
  })
})

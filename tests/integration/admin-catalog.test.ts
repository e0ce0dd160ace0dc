import type { inferRouterOutputs } from '@trpc/server'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AppRouter } from '../../server/router.ts'
import { categories } from '../../server/db/schema/index.ts'
import { sharedTestApp } from '../helpers/shared-app.ts'
import { giveBuiltInPicture, newProductForm, savedProductForm, type AdminProduct } from '../helpers/catalog-admin.ts'
import { shopperAs, type SignedInShopper } from '../helpers/accounts.ts'
import { httpShopper } from '../helpers/http-shopper.ts'
import { emptyProduct, type ProductInput } from '../../core/catalog-admin.ts'
import { formatEuros } from '../../core/money.ts'
import { messages } from '../../core/messages.ts'
import { translate } from '../../server/i18n.ts'

// The owner's catalog (docs/product.md#owner) as visitors and crawlers meet it, through the real
// app with its pages (`npm test` builds the client first): a renamed product's old address answers
// 308 to its new one, an archived product's page 410 and leaves the sitemap, the catalog's caches
// show a change on the next request.
type Outputs = inferRouterOutputs<AppRouter>

let admin: SignedInShopper
let categoryId: string
const t = sharedTestApp({ pages: true })
beforeAll(async () => {
  admin = await shopperAs(t, 'admin', { language: 'es' })
  const [first] = await t.database.db.select({ id: categories.id }).from(categories).limit(1)
  categoryId = first!.id
})

const get = (url: string) => t.app.inject({ method: 'GET', url })

/**
 * The very next request sees the change: an admin's catalog change answers only once this instance
 * has its change notice (server/routers/admin.ts), on PGlite and on PostgreSQL alike.
 */
async function onNextRequest(check: () => Promise<boolean>) {
  expect(await check()).toBe(true)
}

let made = 0
/** Creates a product through the admin's procedures and answers it as its edit form reads it. */
async function createProduct(change: Partial<ProductInput> = {}): Promise<AdminProduct> {
  made++
  const form: ProductInput = {
    ...emptyProduct,
    slug: `visitante-${made}`,
    nameEs: `Panel visitante ${made}`,
    nameEn: `Visitor panel ${made}`,
    descriptionEs: 'Un panel para las visitas.',
    descriptionEn: 'A panel for visitors.',
    priceRetail: '33,10',
    priceWholesale: '25',
    featured: false,
    widthCm: '100',
    heightCm: '250',
    weightKg: '',
    categoryId,
    ...change,
  }
  const created = await admin.shopper.mutation<{ id: string }>('admin.products.create', form)
  expect(created.status).toBe(200)
  await giveBuiltInPicture(t.database.db, created.data!.id)
  expect((await admin.shopper.mutation('admin.products.publish', { id: created.data!.id })).status).toBe(200)
  return getProduct(created.data!.id)
}

async function getProduct(id: string): Promise<AdminProduct> {
  return (await admin.shopper.query<Outputs['admin']['products']['get']>('admin.products.get', { id })).data!.product
}

/** Saves the product's edit form with some values changed. */
async function update(product: AdminProduct, change: Partial<ProductInput>): Promise<AdminProduct> {
  const values: ProductInput = { ...savedProductForm(product, { retail: ',', wholesale: ',' }), ...change }
  const saved = await admin.shopper.mutation('admin.products.update', { id: product.id, expectedUpdatedAt: product.updatedAt, values })
  expect(saved.status).toBe(200)
  return getProduct(product.id)
}

async function setArchived(product: AdminProduct, archived: boolean) {
  expect((await admin.shopper.mutation(archived ? 'admin.products.archive' : 'admin.products.restore', { id: product.id })).status).toBe(200)
}

describe('a product whose address changed', () => {
  it('answers 308 from the old address to the new one, in the address’s language, keeping the query string', async () => {
    const product = await createProduct({ slug: 'roble-antes' })
    // Visited (and kept in the HTML cache) under its first address.
    await get('/product/roble-antes')
    expect((await get('/product/roble-antes')).headers['x-html-cache']).toBe('hit')
    await update(product, { slug: 'roble-despues' })

    await onNextRequest(async () => (await get('/product/roble-antes')).statusCode === 308)
    const moved = await get('/product/roble-antes')
    expect(moved.headers.location).toBe('/product/roble-despues')
    expect(moved.headers['cache-control']).toBe('no-store')
    expect((await get('/en/product/roble-antes')).headers.location).toBe('/en/product/roble-despues')
    const withQuery = await get('/product/roble-antes?utm_source=mail&ref=a%20b')
    expect(withQuery.statusCode).toBe(308)
    expect(withQuery.headers.location).toBe('/product/roble-despues?utm_source=mail&ref=a%20b')
    expect((await get('/en/product/roble-antes?ref=x')).headers.location).toBe('/en/product/roble-despues?ref=x')

    const page = await get('/product/roble-despues')
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain(product.nameEs)
  })

  it('sends every earlier address straight to the current one, and gives an address up to a product that takes it', async () => {
    let product = await createProduct({ slug: 'cadena-a' })
    product = await update(product, { slug: 'cadena-b' })
    product = await update(product, { slug: 'cadena-c' })
    for (const old of ['cadena-a', 'cadena-b']) {
      const res = await get(`/product/${old}`)
      expect(res.statusCode, old).toBe(308)
      expect(res.headers.location, old).toBe('/product/cadena-c')
    }

    const newcomer = await createProduct({ slug: 'cadena-a', nameEs: 'Panel recién llegado' })
    await onNextRequest(async () => (await get('/product/cadena-a')).statusCode === 200)
    const page = await get('/product/cadena-a')
    expect(page.body).toContain(newcomer.nameEs)
    expect(page.body).not.toContain(product.nameEs)
    expect((await get('/product/cadena-b')).headers.location).toBe('/product/cadena-c')

    // Renamed back to an earlier address: it is the product's again, and the others lead there.
    await update(product, { slug: 'cadena-b' })
    await onNextRequest(async () => (await get('/product/cadena-b')).statusCode === 200)
    expect((await get('/product/cadena-c')).headers.location).toBe('/product/cadena-b')
    expect((await get('/product/cadena-a')).statusCode).toBe(200)
  })

  it('still answers 404 for an address no product ever had', async () => {
    expect((await get('/product/nunca-existio')).statusCode).toBe(404)
    expect((await get('/en/product/nunca-existio')).statusCode).toBe(404)
  })
})

describe('a draft', () => {
  it('has no page in either language, nor under an earlier address, until published; back to drafts, its cached page is gone', async () => {
    const created = await admin.shopper.mutation<{ id: string }>(
      'admin.products.create',
      newProductForm(categoryId, { slug: 'borrador-antes', nameEs: 'Panel borrador de página' }),
    )
    let product = await getProduct(created.data!.id)
    product = await update(product, { slug: 'borrador-despues' })
    for (const path of ['/product/borrador-despues', '/en/product/borrador-despues', '/product/borrador-antes', '/en/product/borrador-antes']) {
      const res = await get(path)
      expect(res.statusCode, path).toBe(404)
      expect(res.body, path).not.toContain('Panel borrador de página')
    }

    await giveBuiltInPicture(t.database.db, product.id)
    expect((await admin.shopper.mutation('admin.products.publish', { id: product.id })).status).toBe(200)
    await onNextRequest(async () => (await get('/product/borrador-despues')).statusCode === 200)
    expect((await get('/product/borrador-antes')).headers.location).toBe('/product/borrador-despues')
    // Visited and kept in the HTML cache.
    expect((await get('/product/borrador-despues')).headers['x-html-cache']).toBe('hit')

    expect((await admin.shopper.mutation('admin.products.unpublish', { id: product.id })).status).toBe(200)
    await onNextRequest(async () => (await get('/product/borrador-despues')).statusCode === 404)
    expect((await get('/product/borrador-antes')).statusCode).toBe(404)
  })
})

describe('an archived product', () => {
  it('answers 410 in both languages, under its current and earlier addresses, leaves the sitemap, and comes back restored', async () => {
    let product = await createProduct({ slug: 'archivado-antes' })
    product = await update(product, { slug: 'archivado' })
    const sitemap = async () => (await get('/sitemap.xml')).body
    expect(await sitemap()).toContain('/product/archivado</loc>')
    expect((await get('/product/archivado')).statusCode).toBe(200)

    await setArchived(product, true)
    await onNextRequest(async () => (await get('/product/archivado')).statusCode === 410)
    for (const path of ['/product/archivado', '/en/product/archivado', '/product/archivado-antes', '/en/product/archivado-antes']) {
      const res = await get(path)
      expect(res.statusCode, path).toBe(410)
      expect(res.headers['content-type'], path).toContain('text/html')
      expect(res.headers['x-html-cache'], path).not.toBe('hit')
    }
    expect(await sitemap()).not.toContain('/product/archivado<')

    await setArchived(product, false)
    await onNextRequest(async () => (await get('/product/archivado')).statusCode === 200)
    expect((await get('/product/archivado-antes')).headers.location).toBe('/product/archivado')
    expect(await sitemap()).toContain('/product/archivado</loc>')
  })

  it('leaves the catalog’s answers (kept until the catalog changes) and cannot be added to a cart, told in the shopper’s language', async () => {
    const product = await createProduct()
    const visitor = httpShopper(t.app, { language: 'es' })
    const listed = async () => ((await visitor.query<Array<{ id: string }>>('catalog.products')).data ?? []).some((p) => p.id === product.id)
    // Read twice: the second answer comes from what was kept.
    expect(await listed()).toBe(true)
    expect(await listed()).toBe(true)
    expect((await visitor.query('catalog.product', { slug: product.slug })).status).toBe(200)
    const { shopper: holder } = await shopperAs(t, 'customer', { language: 'en' })
    expect((await holder.mutation('cart.add', { productId: product.id, quantity: 2 })).status).toBe(200)

    await setArchived(product, true)
    await onNextRequest(async () => !(await listed()))
    expect((await visitor.query('catalog.product', { slug: product.slug })).status).toBe(404)
    const cart = await holder.query<{ items: Array<{ productId: string; available: boolean }>; count: number }>('cart.get')
    expect(cart.data).toMatchObject({ items: [{ productId: product.id, available: false }], count: 0 })

    const refused = await visitor.mutation('cart.add', { productId: product.id, quantity: 1 })
    expect(refused.status).toBe(409)
    expect(refused.error?.message).toBe(translate('es', messages.productArchived))
    expect(refused.error?.message).toContain('ya no está a la venta')
    const refusedEn = await holder.mutation('cart.add', { productId: product.id, quantity: 1 })
    expect(refusedEn.error?.message).toBe('This product is no longer sold')
    expect((await holder.query('cart.get')).data).toEqual(cart.data)

    await setArchived(product, false)
    await onNextRequest(listed)
    expect((await visitor.query('catalog.product', { slug: product.slug })).status).toBe(200)
  })
})

describe('a visitor’s product page after the owner changes the price', () => {
  it('shows the new price on the next request once the change has reached the cache', async () => {
    const product = await createProduct({ priceRetail: '33,10' })
    const path = `/product/${product.slug}`
    await get(path)
    const kept = await get(path)
    expect(kept.headers['x-html-cache']).toBe('hit')
    expect(kept.body).toContain(formatEuros(3310, 'es'))

    await update(product, { priceRetail: '35,90' })
    await onNextRequest(async () => (await get(path)).headers['x-html-cache'] === 'miss')
    const fresh = await get(`/en${path}`)
    expect(fresh.body).toContain(formatEuros(3590, 'en'))
    expect((await get(path)).body).toContain(formatEuros(3590, 'es'))
    expect((await get(path)).body).not.toContain(formatEuros(3310, 'es'))
  })
})

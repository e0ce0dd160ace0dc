import { asc, eq } from 'drizzle-orm'
import { PDFParse } from 'pdf-parse'
import { beforeAll, describe, expect, it } from 'vitest'
import { catalogAudit } from '../db/schema/index.ts'
import { seedProducts } from '../db/seed-data.ts'
import { sharedTestApp } from '../../tests/helpers/shared-app.ts'
import { catalogOwners, catalogRows, giveBuiltInPicture, newProductForm, savedProductForm } from '../../tests/helpers/catalog-admin.ts'
import type { SignedInShopper } from '../../tests/helpers/accounts.ts'
import { codeOf } from '../../tests/helpers/trpc-errors.ts'
import { callerAs } from '../../tests/helpers/users.ts'
import { translate } from '../i18n.ts'
import type { ProductInput } from '../../core/catalog-admin.ts'
import { messages } from '../../core/messages.ts'

// Drafts (docs/product.md#owner): a new product is seen only by admins until it is published, and
// publishing asks for both languages' texts and a picture. Every path a shopper has to a product
// is tried: the lists, its page's procedure, the "desde" prices, the cart, a phone order, the
// sitemap and the PDF catalog.
let admin: Awaited<ReturnType<typeof catalogOwners>>['admin']
let adminEs: SignedInShopper
let adminEn: SignedInShopper
let marmolId: string
const t = sharedTestApp()
const db = () => t.database.db
beforeAll(async () => {
  ;({ admin, adminEs, adminEn, marmolId } = await catalogOwners(t))
})

async function draft(change: Partial<ProductInput> = {}) {
  const { id } = await admin.admin.products.create(newProductForm(marmolId, change))
  return (await admin.admin.products.get({ id })).product
}

const actionsOf = async (id: string) =>
  (
    await db().select({ action: catalogAudit.action }).from(catalogAudit).where(eq(catalogAudit.entityId, id)).orderBy(asc(catalogAudit.createdAt))
  ).map((row) => row.action)

async function pdfText(lang: 'es' | 'en') {
  const res = await t.app.inject({ method: 'GET', url: `/catalog.pdf?lang=${lang}` })
  expect(res.statusCode).toBe(200)
  const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) })
  try {
    return (await parser.getText()).text
  } finally {
    await parser.destroy()
  }
}

/** Where a shopper could meet the product: true for each place it shows. */
async function seenByShoppers(product: { id: string; slug: string; nameEs: string; nameEn: string }) {
  const anonymous = await callerAs(db(), 'anonymous')
  const b2b = await callerAs(db(), 'b2b')
  const [list, b2bList, page, sitemap, pdfEs, pdfEn] = await Promise.all([
    anonymous.catalog.products(),
    b2b.catalog.products({ categorySlug: 'marmol' }),
    anonymous.catalog.product({ slug: product.slug }).then(
      () => true,
      () => false,
    ),
    t.app.inject({ method: 'GET', url: '/sitemap.xml' }).then((res) => res.body),
    pdfText('es'),
    pdfText('en'),
  ])
  return {
    list: list.some((p) => p.id === product.id),
    b2bList: b2bList.some((p) => p.id === product.id),
    page,
    sitemap: sitemap.includes(`/product/${product.slug}<`),
    pdf: pdfEs.includes(product.nameEs) || pdfEn.includes(product.nameEn),
  }
}

const nowhere = { list: false, b2bList: false, page: false, sitemap: false, pdf: false }
const everywhere = { list: true, b2bList: true, page: true, sitemap: true, pdf: true }

describe('a new product', () => {
  it('is a draft, with what publishing still needs, and no shopper meets it anywhere', { timeout: 30_000 }, async () => {
    const product = await draft({ nameEs: 'Panel borrador secreto', nameEn: 'Secret draft panel' })
    expect(product).toMatchObject({ status: 'draft', missing: ['photo'], archivedAt: null })
    await giveBuiltInPicture(db(), product.id)
    // Complete, but not published: still nowhere.
    expect((await admin.admin.products.get({ id: product.id })).product.missing).toEqual([])
    expect(await seenByShoppers(product)).toEqual(nowhere)
  })

  it('never lowers a category’s "desde" price, for retail or wholesale buyers', async () => {
    const marble = seedProducts.filter((p) => p.categorySlug === 'marmol')
    const retailFrom = Math.min(...marble.map((p) => p.priceRetailCents))
    const wholesaleFrom = Math.min(...marble.map((p) => p.priceWholesaleCents))
    const cheap = await draft({ priceRetail: '1,00', priceWholesale: '0,50' })
    await giveBuiltInPicture(db(), cheap.id)
    const fromFor = async (kind: 'anonymous' | 'b2b') =>
      (await (await callerAs(db(), kind)).catalog.categories()).find((c) => c.slug === 'marmol')!.fromCents
    expect([await fromFor('anonymous'), await fromFor('b2b')]).toEqual([retailFrom, wholesaleFrom])
    expect(await (await callerAs(db(), 'anonymous')).catalog.wholesaleFrom()).not.toBe(50)
  })

  it('cannot be added to a cart (NOT_FOUND, as a product that does not exist) nor sold by phone', async () => {
    const product = await draft()
    await giveBuiltInPicture(db(), product.id)
    const customer = await callerAs(db(), 'customer')
    expect(await codeOf(customer.cart.add({ productId: product.id, quantity: 1 }))).toBe('NOT_FOUND')
    expect((await customer.cart.get()).items).toEqual([])
    const priced = admin.admin.orders.price({
      language: 'es',
      delivery: 'pickup',
      email: 'cliente@example.com',
      postalCode: null,
      lines: [{ productId: product.id, quantity: 1, agreedPriceCents: null }],
    })
    expect(await codeOf(priced)).toBe('BAD_REQUEST')
  })

  it('may be saved with only its Spanish name, and lists every text still missing', async () => {
    const product = await draft({ nameEn: '', descriptionEs: '', descriptionEn: '  ' })
    expect(product).toMatchObject({ nameEn: '', descriptionEs: '', descriptionEn: '' })
    expect(product.missing).toEqual(['nameEn', 'descriptionEs', 'descriptionEn', 'photo'])
    const answer = await adminEs.shopper.mutation('admin.products.create', newProductForm(marmolId, { nameEs: '' }))
    expect(answer.status).toBe(400)
  })
})

describe('publishing', () => {
  it.each([
    ['es', { nameEn: '' }, false, messages.publishNeedsNameEn, 'nameEn'],
    ['en', { descriptionEs: '' }, true, messages.publishNeedsDescriptionEs, 'descriptionEs'],
    ['en', { descriptionEn: '' }, true, messages.publishNeedsDescriptionEn, 'descriptionEn'],
    ['es', {}, false, messages.publishNeedsPhoto, null],
  ] as const)(
    'is refused in %s for %j (picture: %s) with what is missing, beside its field, changing nothing',
    async (language, change, picture, message, field) => {
      const product = await draft(change)
      if (picture) await giveBuiltInPicture(db(), product.id)
      const before = await catalogRows(db())
      const answer = await (language === 'es' ? adminEs : adminEn).shopper.mutation('admin.products.publish', { id: product.id })
      expect(answer.status).toBe(400)
      expect(answer.error?.message).toBe(translate(language, message))
      expect(answer.res.json<{ error: { data: { field: string | null } } }>().error.data.field ?? null).toBe(field)
      expect(await catalogRows(db())).toEqual(before)
      expect((await admin.admin.products.get({ id: product.id })).product.status).toBe('draft')
    },
  )

  it('puts a complete draft in every shopper’s path, audited; a second publish is refused', { timeout: 30_000 }, async () => {
    const product = await draft({ nameEs: 'Panel recién publicado', nameEn: 'Newly published panel' })
    await giveBuiltInPicture(db(), product.id)
    await admin.admin.products.publish({ id: product.id })
    expect(await seenByShoppers(product)).toEqual(everywhere)
    const answer = await adminEs.shopper.mutation('admin.products.publish', { id: product.id })
    expect([answer.status, answer.error?.message]).toEqual([409, translate('es', messages.productAlreadyPublished)])
    expect(await actionsOf(product.id)).toEqual(['create', 'publish'])
  })

  it('keeps a published product’s texts: emptying one is refused beside the field until it is a draft again', async () => {
    const product = await draft()
    await giveBuiltInPicture(db(), product.id)
    await admin.admin.products.publish({ id: product.id })
    const published = (await admin.admin.products.get({ id: product.id })).product
    const values = { ...savedProductForm(published, { retail: ',', wholesale: ',' }), descriptionEn: '' }
    const before = await catalogRows(db())
    const answer = await adminEn.shopper.mutation('admin.products.update', { id: product.id, expectedUpdatedAt: published.updatedAt, values })
    expect(answer.status).toBe(400)
    expect(answer.error?.message).toBe(translate('en', messages.publishedNeedsText))
    expect(answer.res.json<{ error: { data: { field: string | null } } }>().error.data.field).toBe('descriptionEn')
    expect(await catalogRows(db())).toEqual(before)

    await admin.admin.products.unpublish({ id: product.id })
    const draftAgain = (await admin.admin.products.get({ id: product.id })).product
    await admin.admin.products.update({ id: product.id, expectedUpdatedAt: draftAgain.updatedAt, values })
    expect((await admin.admin.products.get({ id: product.id })).product).toMatchObject({
      status: 'draft',
      descriptionEn: '',
      missing: ['descriptionEn'],
    })
  })
})

describe('moving a published product back to drafts', () => {
  it('takes it out of the shop at once; a cart that holds it shows it unavailable; audited; twice is refused', { timeout: 30_000 }, async () => {
    const product = await draft({ nameEs: 'Panel que vuelve a borrador', nameEn: 'Panel back to drafts' })
    await giveBuiltInPicture(db(), product.id)
    await admin.admin.products.publish({ id: product.id })
    const customer = await callerAs(db(), 'customer')
    await customer.cart.add({ productId: product.id, quantity: 2 })

    await admin.admin.products.unpublish({ id: product.id })
    expect(await seenByShoppers(product)).toEqual(nowhere)
    const cart = await customer.cart.get()
    expect(cart.items).toMatchObject([{ productId: product.id, available: false }])
    expect(cart.count).toBe(0)
    const answer = await adminEn.shopper.mutation('admin.products.unpublish', { id: product.id })
    expect([answer.status, answer.error?.message]).toEqual([409, translate('en', messages.productNotPublished)])
    expect(await actionsOf(product.id)).toEqual(['create', 'publish', 'unpublish'])
  })
})

describe('admin.products.preview', () => {
  it('shows a draft’s page to an admin, with its state and its wholesale price', async () => {
    const product = await draft({ priceRetail: '40', priceWholesale: '30' })
    const preview = await admin.admin.products.preview({ id: product.id })
    expect(preview).toMatchObject({
      status: 'draft',
      archived: false,
      product: { id: product.id, slug: product.slug, priceRetailCents: 4000, priceWholesaleCents: 3000, category: { slug: 'marmol' } },
    })
    expect(await codeOf(admin.admin.products.preview({ id: '00000000-0000-4000-8000-000000000000' }))).toBe('NOT_FOUND')
  })
})

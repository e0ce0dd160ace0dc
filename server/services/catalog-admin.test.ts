import { asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { catalogAudit, categories, productSlugRedirects, products } from '../db/schema/index.ts'
import { seedProducts } from '../db/seed-data.ts'
import { sharedTestApp } from '../../tests/helpers/shared-app.ts'
import { catalogRows as catalogRowsOf, newProductForm, savedProductForm, type AdminProduct } from '../../tests/helpers/catalog-admin.ts'
import { shopperAs, type SignedInShopper } from '../../tests/helpers/accounts.ts'
import type { TrpcAnswer } from '../../tests/helpers/http-shopper.ts'
import { codeOf } from '../../tests/helpers/trpc-errors.ts'
import { callerAs } from '../../tests/helpers/users.ts'
import { translate } from '../i18n.ts'
import type { CategoryInput, ProductInput } from '../../core/catalog-admin.ts'
import { adminPageSize } from '../../core/admin-lists.ts'
import { leadTimeLimits } from '../../core/availability.ts'
import { messages } from '../../core/messages.ts'

// The owner's catalog: admin.products.* and admin.categories.* over one app. Happy paths
// call the router in process as the signed-in admin; refusals go over HTTP, where the answer's
// message, field and issues are what the admin's form shows, in the admin's language.
let admin: Awaited<ReturnType<typeof callerAs>>
let adminEs: SignedInShopper
let adminEn: SignedInShopper
let marmolId: string
let maderaId: string
const t = sharedTestApp()
beforeAll(async () => {
  adminEs = await shopperAs(t, 'admin', { language: 'es' })
  adminEn = await shopperAs(t, 'admin', { language: 'en' })
  // The same account as adminEs, so audit rows name it.
  admin = await callerAs(t.database.db, 'admin', {
    user: { ...adminEs.user!, emailVerified: true, sessionId: null, twoFactorEnabled: false, secondFactor: false },
  })
  const seeded = await t.database.db.select({ id: categories.id, slug: categories.slug }).from(categories)
  marmolId = seeded.find((c) => c.slug === 'marmol')!.id
  maderaId = seeded.find((c) => c.slug === 'madera')!.id
})

let made = 0
const productForm = (change: Partial<ProductInput> = {}): ProductInput => newProductForm(marmolId, change)

function categoryForm(change: Partial<CategoryInput> = {}): CategoryInput {
  made++
  return { nameEs: `Categoría ${made}`, nameEn: `Category ${made}`, descriptionEs: 'Descripción.', descriptionEn: 'Description.', ...change }
}

/** The edit form's values of a product as `get` gives it (what the form starts from). */
const formOf = (product: AdminProduct) => savedProductForm(product, { retail: ',', wholesale: '.' })

async function createdProduct(change: Partial<ProductInput> = {}) {
  const { id } = await admin.admin.products.create(productForm(change))
  return (await admin.admin.products.get({ id })).product
}

/** Every row an admin procedure may write: compared before and after a refused call. */
const catalogRows = () => catalogRowsOf(t.database.db)

async function auditOf(entityId: string) {
  return t.database.db
    .select({
      entity: catalogAudit.entity,
      action: catalogAudit.action,
      actorId: catalogAudit.actorId,
      actorEmail: catalogAudit.actorEmail,
      changes: catalogAudit.changes,
    })
    .from(catalogAudit)
    .where(eq(catalogAudit.entityId, entityId))
    .orderBy(asc(catalogAudit.createdAt), asc(catalogAudit.id))
}

interface Refusal {
  status: number
  code: string | undefined
  message: string | undefined
  field: string | null | undefined
  issues: Array<[string, string]>
}

/** What a refused call answers, as the admin's form reads it. */
function refusal(answer: TrpcAnswer<unknown>): Refusal {
  const { error } = answer.res.json<{
    error?: { message: string; data: { code: string; field?: string | null; zodIssues?: Array<{ path: string[]; message: string }> | null } }
  }>()
  return {
    status: answer.status,
    code: error?.data.code,
    message: error?.message,
    field: error?.data.field,
    issues: (error?.data.zodIssues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  }
}

/** A refusal with CONFLICT, shown beside `field` (null: above the form). */
function conflict(message: string, field: string | null = null): Refusal {
  return { status: 409, code: 'CONFLICT', message, field, issues: [] }
}

describe('what the client receives', () => {
  it('is what the router’s types say: dates as ISO strings, the same over HTTP as in process', async () => {
    const product = await createdProduct()
    await admin.admin.products.archive({ id: product.id })
    const over = await adminEs.shopper.query('admin.products.get', { id: product.id })
    expect(over.data).toEqual(await admin.admin.products.get({ id: product.id }))
    const list = await adminEs.shopper.query('admin.products.list', { search: product.slug })
    expect(list.data).toEqual(await admin.admin.products.list({ search: product.slug }))
    expect(typeof (await admin.admin.products.get({ id: product.id })).product.archivedAt).toBe('string')
  })

  it('refuses a search holding a control character in the admin’s language (PostgreSQL refuses a NUL: it answered 500)', async () => {
    const answer = await adminEs.shopper.query('admin.products.list', { search: 'pizarra\u0000' })
    expect(answer.status).toBe(400)
    expect(answer.error?.message).toBe('El texto contiene caracteres no permitidos')
  })
})

describe('the messages of the owner’s catalog', () => {
  const issue12 = [
    messages.slugFormat,
    messages.slugTaken,
    messages.textTooLong,
    messages.priceFormat,
    messages.pricePositive,
    messages.wholesaleAboveRetail,
    messages.sizeFormat,
    messages.weightFormat,
    messages.categoryRequired,
    messages.attributeUnknown,
    messages.leadTimeFormat,
    messages.categoryNotEmpty,
    messages.categoryNameTaken,
    messages.productArchived,
    messages.productAlreadyArchived,
    messages.productNotArchived,
    messages.changedMeanwhile,
  ]
  it.each(issue12)('$id is said in Spanish, its values filled in', (said) => {
    const values = { count: 3, maximum: 120, ...leadTimeLimits }
    const spanish = translate('es', said, values)
    expect(spanish).not.toBe(translate('en', said, values))
    expect(spanish).not.toMatch(/[{}]/)
  })
})

describe('admin.products.create', () => {
  it('keeps the values as the database holds them, and an audit row listing each field set', async () => {
    const form = productForm({ slug: ' Panel-Nuevo-Oro ', priceRetail: '24.90', priceWholesale: '18,5', weightKg: '2,5', featured: true })
    const { id, slug } = await admin.admin.products.create(form)
    expect(slug).toBe('panel-nuevo-oro')
    const { product, history } = await admin.admin.products.get({ id })
    expect(product).toMatchObject({
      slug: 'panel-nuevo-oro',
      nameEs: form.nameEs,
      priceRetailCents: 2490,
      priceWholesaleCents: 1850,
      featured: true,
      widthCm: 122,
      heightCm: 280,
      weightKg: '2.50',
      categoryId: marmolId,
      archivedAt: null,
    })
    const [row, ...others] = await auditOf(id)
    expect(others).toEqual([])
    expect(row).toMatchObject({ entity: 'product', action: 'create', actorId: adminEs.user!.id, actorEmail: adminEs.user!.email })
    expect(row!.changes).toEqual([
      { field: 'slug', from: null, to: 'panel-nuevo-oro' },
      { field: 'nameEs', from: null, to: form.nameEs },
      { field: 'nameEn', from: null, to: form.nameEn },
      { field: 'descriptionEs', from: null, to: form.descriptionEs },
      { field: 'descriptionEn', from: null, to: form.descriptionEn },
      { field: 'priceRetailCents', from: null, to: 2490 },
      { field: 'priceWholesaleCents', from: null, to: 1850 },
      { field: 'featured', from: null, to: true },
      { field: 'dimensionsWidthCm', from: null, to: 122 },
      { field: 'dimensionsHeightCm', from: null, to: 280 },
      { field: 'weightKg', from: null, to: '2.50' },
      { field: 'categoryId', from: null, to: marmolId },
    ])
    expect(history).toMatchObject([{ action: 'create', actorEmail: adminEs.user!.email, changes: row!.changes }])
  })

  it.each([
    ['es', translate('es', messages.slugTaken)],
    ['en', translate('en', messages.slugTaken)],
  ] as const)('refuses a slug another product has (CONFLICT beside the slug, in %s) and writes nothing', async (language, message) => {
    const { shopper } = language === 'es' ? adminEs : adminEn
    const before = await catalogRows()
    const answer = await shopper.mutation('admin.products.create', productForm({ slug: seedProducts[0]!.slug }))
    expect(refusal(answer)).toEqual(conflict(message, 'slug'))
    expect(await catalogRows()).toEqual(before)
  })

  it.each([
    ['es', { priceRetail: '0' }, 'priceRetail', translate('es', messages.pricePositive.id)],
    ['en', { priceRetail: '0' }, 'priceRetail', translate('en', messages.pricePositive.id)],
    ['es', { priceWholesale: '30' }, 'priceWholesale', translate('es', messages.wholesaleAboveRetail.id)],
    ['en', { slug: 'bad slug' }, 'slug', translate('en', messages.slugFormat.id)],
    ['es', { nameEn: 'a'.repeat(121) }, 'nameEn', translate('es', messages.textTooLong.id, { maximum: 120 })],
    ['es', { widthCm: '1.5' }, 'widthCm', translate('es', messages.sizeFormat.id)],
    ['en', { categoryId: 'marmol' }, 'categoryId', translate('en', messages.categoryRequired.id)],
  ] as const)('refuses bad input (%s, %j) with BAD_REQUEST and the field’s message, writing nothing', async (language, change, field, message) => {
    const { shopper } = language === 'es' ? adminEs : adminEn
    const before = await catalogRows()
    const answer = await shopper.mutation('admin.products.create', productForm(change))
    expect(refusal(answer)).toEqual({ status: 400, code: 'BAD_REQUEST', message, field: null, issues: [[field, message]] })
    expect(await catalogRows()).toEqual(before)
  })

  it('refuses a category that does not exist (BAD_REQUEST beside the category) and writes nothing', async () => {
    const before = await catalogRows()
    const answer = await adminEn.shopper.mutation('admin.products.create', productForm({ categoryId: '00000000-0000-4000-8000-000000000000' }))
    expect(refusal(answer)).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      message: translate('en', messages.categoryNotFound),
      field: 'categoryId',
    })
    expect(await catalogRows()).toEqual(before)
  })
})

describe('admin.products.get', () => {
  it('answers NOT_FOUND for an unknown product and BAD_REQUEST for an id that is not one', async () => {
    expect(await codeOf(admin.admin.products.get({ id: '00000000-0000-4000-8000-000000000000' }))).toBe('NOT_FOUND')
    expect(await codeOf(admin.admin.products.get({ id: 'marmol' }))).toBe('BAD_REQUEST')
  })

  it('gives the history newest first', async () => {
    const product = await createdProduct()
    await admin.admin.products.archive({ id: product.id })
    await admin.admin.products.restore({ id: product.id })
    expect((await admin.admin.products.get({ id: product.id })).history.map((h) => h.action)).toEqual(['restore', 'archive', 'create'])
  })
})

describe('admin.products.update', () => {
  it('saves the form, recording only the fields that changed with their old and new values', async () => {
    const product = await createdProduct({ priceRetail: '24,90', weightKg: '' })
    const form = { ...formOf(product), nameEn: 'Renamed panel', priceRetail: '26,50', weightKg: '2,5' }
    const saved = await admin.admin.products.update({ id: product.id, expectedUpdatedAt: product.updatedAt, values: form })
    expect(saved).toEqual({ id: product.id, slug: product.slug, changed: 3 })
    const after = (await admin.admin.products.get({ id: product.id })).product
    expect(after).toMatchObject({ nameEn: 'Renamed panel', priceRetailCents: 2650, weightKg: '2.50', nameEs: product.nameEs })
    expect(after.updatedAt).not.toBe(product.updatedAt)
    const rows = await auditOf(product.id)
    expect(rows.map((r) => r.action)).toEqual(['create', 'update'])
    expect(rows[1]).toMatchObject({ actorEmail: adminEs.user!.email })
    expect(rows[1]!.changes).toEqual([
      { field: 'nameEn', from: product.nameEn, to: 'Renamed panel' },
      { field: 'priceRetailCents', from: 2490, to: 2650 },
      { field: 'weightKg', from: null, to: '2.50' },
    ])
  })

  it('changes nothing and records nothing when the form is saved as it was (the same values typed otherwise)', async () => {
    const product = await createdProduct({ weightKg: '3', priceRetail: '30' })
    const form = { ...formOf(product), weightKg: '3,00', priceRetail: '30.00', slug: product.slug.toUpperCase() }
    expect(await admin.admin.products.update({ id: product.id, expectedUpdatedAt: product.updatedAt, values: form })).toMatchObject({ changed: 0 })
    expect((await admin.admin.products.get({ id: product.id })).product.updatedAt).toBe(product.updatedAt)
    expect((await auditOf(product.id)).map((r) => r.action)).toEqual(['create'])
  })

  it.each([
    ['es', translate('es', messages.changedMeanwhile)],
    ['en', translate('en', messages.changedMeanwhile)],
  ] as const)('refuses a save over a change made meanwhile (CONFLICT, in %s) and keeps that change', async (language, message) => {
    const { shopper } = language === 'es' ? adminEs : adminEn
    const product = await createdProduct()
    await admin.admin.products.update({ id: product.id, expectedUpdatedAt: product.updatedAt, values: { ...formOf(product), priceRetail: '31' } })
    const before = await catalogRows()
    const stale = { id: product.id, expectedUpdatedAt: product.updatedAt, values: { ...formOf(product), nameEs: 'Pisando el cambio' } }
    expect(refusal(await shopper.mutation('admin.products.update', stale))).toEqual(conflict(message))
    expect(await catalogRows()).toEqual(before)
    expect((await admin.admin.products.get({ id: product.id })).product).toMatchObject({ priceRetailCents: 3100, nameEs: product.nameEs })
  })

  it('refuses a save over an archive made meanwhile', async () => {
    const product = await createdProduct()
    await admin.admin.products.archive({ id: product.id })
    const save = admin.admin.products.update({ id: product.id, expectedUpdatedAt: product.updatedAt, values: { ...formOf(product), nameEs: 'Otro' } })
    expect(await codeOf(save)).toBe('CONFLICT')
  })

  it.each([
    ['es', translate('es', messages.slugTaken)],
    ['en', translate('en', messages.slugTaken)],
  ] as const)(
    'refuses a slug another product has (CONFLICT beside the slug, in %s), keeping the old slug and no redirect',
    async (language, message) => {
      const { shopper } = language === 'es' ? adminEs : adminEn
      const product = await createdProduct()
      const before = await catalogRows()
      const taken = {
        id: product.id,
        expectedUpdatedAt: product.updatedAt,
        values: { ...formOf(product), slug: seedProducts[1]!.slug, nameEs: 'Otro nombre' },
      }
      expect(refusal(await shopper.mutation('admin.products.update', taken))).toEqual(conflict(message, 'slug'))
      expect(await catalogRows()).toEqual(before)
    },
  )

  it('keeps the old slug as a redirect to the product, recorded in the audit row', async () => {
    const product = await createdProduct()
    const saved = await admin.admin.products.update({
      id: product.id,
      expectedUpdatedAt: product.updatedAt,
      values: { ...formOf(product), slug: `${product.slug}-nuevo` },
    })
    expect(saved).toMatchObject({ slug: `${product.slug}-nuevo`, changed: 1 })
    const redirects = await t.database.db.select().from(productSlugRedirects).where(eq(productSlugRedirects.productId, product.id))
    expect(redirects.map((r) => r.oldSlug)).toEqual([product.slug])
    expect((await auditOf(product.id))[1]!.changes).toEqual([{ field: 'slug', from: product.slug, to: `${product.slug}-nuevo` }])
  })

  it('moves a product to another category, and refuses one that does not exist', async () => {
    const product = await createdProduct({ categoryId: marmolId })
    await admin.admin.products.update({ id: product.id, expectedUpdatedAt: product.updatedAt, values: { ...formOf(product), categoryId: maderaId } })
    const moved = (await admin.admin.products.get({ id: product.id })).product
    expect(moved.categoryId).toBe(maderaId)
    const before = await catalogRows()
    const nowhere = {
      id: product.id,
      expectedUpdatedAt: moved.updatedAt,
      values: { ...formOf(moved), categoryId: '00000000-0000-4000-8000-000000000000' },
    }
    expect(refusal(await adminEs.shopper.mutation('admin.products.update', nowhere))).toMatchObject({ status: 400, field: 'categoryId' })
    expect(await catalogRows()).toEqual(before)
  })

  it('refuses bad input with BAD_REQUEST in the admin’s language and changes nothing', async () => {
    const product = await createdProduct()
    const before = await catalogRows()
    const bad = { id: product.id, expectedUpdatedAt: product.updatedAt, values: { ...formOf(product), priceRetail: '12,345' } }
    expect(refusal(await adminEs.shopper.mutation('admin.products.update', bad))).toMatchObject({
      status: 400,
      issues: [['values.priceRetail', translate('es', messages.priceFormat.id)]],
    })
    expect(refusal(await adminEn.shopper.mutation('admin.products.update', { ...bad, expectedUpdatedAt: 'yesterday' })).status).toBe(400)
    expect(await catalogRows()).toEqual(before)
  })

  it('answers NOT_FOUND for an unknown product', async () => {
    const product = await createdProduct()
    const unknown = { id: '00000000-0000-4000-8000-000000000000', expectedUpdatedAt: product.updatedAt, values: formOf(product) }
    expect(await codeOf(admin.admin.products.update(unknown))).toBe('NOT_FOUND')
  })
})

describe('a product’s attributes (what shoppers filter by)', () => {
  it('are saved on create and on update, each change audited with its old and new value; one cleared is saved as null', async () => {
    const created = await createdProduct({ look: 'marble', colour: 'white', finish: 'gloss' })
    expect(created).toMatchObject({ look: 'marble', colour: 'white', finish: 'gloss', texture: null })
    // A new product lists what was set; an attribute left unset has nothing to record.
    const [creation] = await auditOf(created.id)
    expect(creation!.changes.filter((change) => ['look', 'colour', 'finish', 'texture'].includes(change.field))).toEqual([
      { field: 'look', from: null, to: 'marble' },
      { field: 'colour', from: null, to: 'white' },
      { field: 'finish', from: null, to: 'gloss' },
    ])

    const values = { ...formOf(created), colour: 'grey', finish: '', texture: 'embossed' }
    const saved = await admin.admin.products.update({ id: created.id, expectedUpdatedAt: created.updatedAt, values })
    expect(saved).toMatchObject({ changed: 3 })
    expect((await admin.admin.products.get({ id: created.id })).product).toMatchObject({
      look: 'marble',
      colour: 'grey',
      finish: null,
      texture: 'embossed',
    })
    const [row] = await t.database.db.select({ finish: products.finish }).from(products).where(eq(products.id, created.id))
    expect(row).toEqual({ finish: null })
    expect((await auditOf(created.id))[1]!.changes).toEqual([
      { field: 'colour', from: 'white', to: 'grey' },
      { field: 'finish', from: 'gloss', to: null },
      { field: 'texture', from: null, to: 'embossed' },
    ])
  })

  it('refuses a value not in the list (BAD_REQUEST beside the field), new or saved, writing nothing', async () => {
    const product = await createdProduct()
    const message = translate('en', messages.attributeUnknown.id)
    const before = await catalogRows()
    const created = await adminEn.shopper.mutation('admin.products.create', productForm({ look: 'granite' }))
    expect(refusal(created)).toEqual({ status: 400, code: 'BAD_REQUEST', message, field: null, issues: [['look', message]] })
    const values = { ...formOf(product), finish: 'satin' }
    const updated = await adminEn.shopper.mutation('admin.products.update', { id: product.id, expectedUpdatedAt: product.updatedAt, values })
    expect(refusal(updated)).toEqual({ status: 400, code: 'BAD_REQUEST', message, field: null, issues: [['values.finish', message]] })
    expect(await catalogRows()).toEqual(before)
  })
})

describe('a product’s availability (in stock, or made to order in working days)', () => {
  it('saves the working days of a product made to order, and null once it is in stock, each change audited', async () => {
    const created = await createdProduct({ availability: 'made_to_order', leadTimeDays: '10' })
    expect(created.leadTimeDays).toBe(10)
    const [creation] = await auditOf(created.id)
    expect(creation!.changes).toContainEqual({ field: 'leadTimeDays', from: null, to: 10 })

    // The days still typed are ignored once the product is in stock.
    const values = { ...formOf(created), availability: 'in_stock' as const, leadTimeDays: '10' }
    const saved = await admin.admin.products.update({ id: created.id, expectedUpdatedAt: created.updatedAt, values })
    expect(saved).toMatchObject({ changed: 1 })
    const [row] = await t.database.db.select({ leadTimeDays: products.leadTimeDays }).from(products).where(eq(products.id, created.id))
    expect(row).toEqual({ leadTimeDays: null })
    expect((await auditOf(created.id))[1]!.changes).toEqual([{ field: 'leadTimeDays', from: 10, to: null }])
  })

  it('records nothing for an in-stock product saved as it was', async () => {
    const product = await createdProduct()
    expect(product.leadTimeDays).toBeNull()
    const [creation] = await auditOf(product.id)
    expect(creation!.changes.map((change) => change.field)).not.toContain('leadTimeDays')
    const values = { ...formOf(product), leadTimeDays: '12' }
    expect(await admin.admin.products.update({ id: product.id, expectedUpdatedAt: product.updatedAt, values })).toMatchObject({ changed: 0 })
  })

  it.each([
    ['es', '61'],
    ['en', ''],
  ] as const)('refuses %s made to order in %j days (BAD_REQUEST beside the days, naming the limits), writing nothing', async (language, days) => {
    const { shopper } = language === 'es' ? adminEs : adminEn
    const message = translate(language, messages.leadTimeFormat.id, { ...leadTimeLimits })
    const before = await catalogRows()
    const answer = await shopper.mutation('admin.products.create', productForm({ availability: 'made_to_order', leadTimeDays: days }))
    expect(refusal(answer)).toEqual({ status: 400, code: 'BAD_REQUEST', message, field: null, issues: [['leadTimeDays', message]] })
    expect(await catalogRows()).toEqual(before)
  })
})

describe('the highest price per panel (security finding row 9: no order above what one payment takes)', () => {
  it.each([
    ['es', 'El precio puede ser como máximo de 10.000,00\u00a0€ por panel'],
    ['en', 'The price can be at most €10,000.00 per panel'],
  ] as const)(
    'refuses a retail price of 100.000,00 € (BAD_REQUEST, naming the maximum, in %s), new or saved, changing nothing',
    async (language, message) => {
      const { shopper } = language === 'es' ? adminEs : adminEn
      const product = await createdProduct()
      const before = await catalogRows()
      const created = await shopper.mutation('admin.products.create', productForm({ priceRetail: '100000,00' }))
      expect(refusal(created)).toEqual({ status: 400, code: 'BAD_REQUEST', message, field: null, issues: [['priceRetail', message]] })
      const values = { ...formOf(product), priceRetail: '100000,00' }
      const updated = await shopper.mutation('admin.products.update', { id: product.id, expectedUpdatedAt: product.updatedAt, values })
      expect(refusal(updated)).toEqual({ status: 400, code: 'BAD_REQUEST', message, field: null, issues: [['values.priceRetail', message]] })
      expect(await catalogRows()).toEqual(before)
    },
  )

  it('accepts 10.000,00 € exactly', async () => {
    const product = await createdProduct()
    const values = { ...formOf(product), priceRetail: '10000', priceWholesale: '10000,00' }
    await admin.admin.products.update({ id: product.id, expectedUpdatedAt: product.updatedAt, values })
    expect((await admin.admin.products.get({ id: product.id })).product).toMatchObject({
      priceRetailCents: 1_000_000,
      priceWholesaleCents: 1_000_000,
    })
  })
})

describe('admin.products.archive and restore', () => {
  it('takes the product out and puts it back, each with an audit row, refusing to do either twice', async () => {
    const product = await createdProduct()
    expect(await admin.admin.products.archive({ id: product.id })).toEqual({ ok: true })
    const archived = (await admin.admin.products.get({ id: product.id })).product
    expect(archived.archivedAt).toEqual(expect.any(String))

    const before = await catalogRows()
    const twice = refusal(await adminEs.shopper.mutation('admin.products.archive', { id: product.id }))
    expect(twice).toMatchObject({ status: 409, code: 'CONFLICT', message: translate('es', messages.productAlreadyArchived) })
    expect(await catalogRows()).toEqual(before)

    expect(await admin.admin.products.restore({ id: product.id })).toEqual({ ok: true })
    expect((await admin.admin.products.get({ id: product.id })).product.archivedAt).toBeNull()
    const again = refusal(await adminEn.shopper.mutation('admin.products.restore', { id: product.id }))
    expect(again).toMatchObject({ status: 409, code: 'CONFLICT', message: translate('en', messages.productNotArchived) })

    const rows = await auditOf(product.id)
    expect(rows.map((r) => [r.action, r.changes])).toEqual([
      ['create', expect.any(Array)],
      ['archive', []],
      ['restore', []],
    ])
    expect(rows.every((r) => r.actorEmail === adminEs.user!.email)).toBe(true)
  })

  it('answers NOT_FOUND for an unknown product', async () => {
    expect(await codeOf(admin.admin.products.archive({ id: '00000000-0000-4000-8000-000000000000' }))).toBe('NOT_FOUND')
    expect(await codeOf(admin.admin.products.restore({ id: '00000000-0000-4000-8000-000000000000' }))).toBe('NOT_FOUND')
  })
})

describe('admin.products.list', () => {
  let listedId: string
  const names: string[] = []
  beforeAll(async () => {
    listedId = (await admin.admin.categories.create(categoryForm({ nameEs: 'Listado', nameEn: 'Listing' }))).id
    // 30 products straight into the table: the list is what is tested here, not create.
    const rows = Array.from({ length: 30 }, (_, i) => ({
      slug: `listado-${String(i).padStart(2, '0')}`,
      nameEs: `Listado ${String(29 - i).padStart(2, '0')}`,
      nameEn: `Listing ${i}`,
      descriptionEs: 'Listado.',
      descriptionEn: 'Listing.',
      priceRetailCents: 1000 + i,
      priceWholesaleCents: 900,
      dimensionsWidthCm: 100,
      dimensionsHeightCm: 100,
      categoryId: listedId,
      // The last one stays a draft.
      status: i === 29 ? ('draft' as const) : ('published' as const),
    }))
    rows[0] = { ...rows[0]!, nameEs: 'Travertino Romano 100% PVC', nameEn: 'Roman Travertine', slug: 'travertino-romano-xyz' }
    rows[1] = { ...rows[1]!, nameEs: 'Pizarra_Negra', nameEn: 'Black slate' }
    await t.database.db.insert(products).values(rows)
    names.push(...rows.map((r) => r.nameEs).sort())
    await admin.admin.products.archive({ id: (await admin.admin.products.list({ search: 'Pizarra_Negra' })).items[0]!.id })
  })

  it('pages a category’s products 25 at a time, in name order, each once', async () => {
    const first = await admin.admin.products.list({ categoryId: listedId, page: 1 })
    const second = await admin.admin.products.list({ categoryId: listedId, page: 2 })
    expect(first).toMatchObject({ total: 30, page: 1, pageSize: adminPageSize })
    expect(first.items).toHaveLength(25)
    expect(second.items).toHaveLength(5)
    expect([...first.items, ...second.items].map((p) => p.nameEs)).toEqual(names)
    expect((await admin.admin.products.list({ categoryId: listedId, page: 3 })).items).toEqual([])
    expect(first.items[0]).toMatchObject({ category: { id: listedId, nameEs: 'Listado', nameEn: 'Listing' } })
    expect(first.items[0]).not.toHaveProperty('descriptionEs')
  })

  it.each([
    ['the Spanish name, whatever its case', 'TRAVERTINO romano'],
    ['the English name', 'roman trav'],
    ['the slug', 'romano-xyz'],
    ['a literal %', '100%'],
  ])('finds a product by %s', async (_by, search) => {
    const found = await admin.admin.products.list({ search })
    expect(found.items.map((p) => p.slug)).toEqual(['travertino-romano-xyz'])
    expect(found.total).toBe(1)
  })

  it('reads _ and % in a search as themselves, not as patterns', async () => {
    expect((await admin.admin.products.list({ search: 'Pizarra_' })).items.map((p) => p.nameEs)).toEqual(['Pizarra_Negra'])
    expect((await admin.admin.products.list({ search: 'Listado_0' })).total).toBe(0)
    expect((await admin.admin.products.list({ search: '%%' })).total).toBe(0)
  })

  it('filters by state: in the shop, drafts, archived or all', async () => {
    const all = await admin.admin.products.list({ categoryId: listedId, state: 'all' })
    const active = await admin.admin.products.list({ categoryId: listedId, state: 'active' })
    const drafts = await admin.admin.products.list({ categoryId: listedId, state: 'draft' })
    const archived = await admin.admin.products.list({ categoryId: listedId, state: 'archived' })
    expect([all.total, active.total, drafts.total, archived.total]).toEqual([30, 28, 1, 1])
    expect(archived.items).toMatchObject([{ nameEs: 'Pizarra_Negra', archivedAt: expect.any(String) }])
    expect(drafts.items).toMatchObject([{ nameEs: 'Listado 00', status: 'draft', archivedAt: null }])
    expect(active.items.every((p) => p.archivedAt === null && p.status === 'published')).toBe(true)
  })

  it('lists every product without a filter, the seeded ones included', async () => {
    const all = await admin.admin.products.list()
    const [count] = await t.database.db
      .select({ id: products.id })
      .from(products)
      .then((rows) => [rows.length])
    expect(all.total).toBe(count)
    expect((await admin.admin.products.list({ search: seedProducts[0]!.nameEs })).items.map((p) => p.slug)).toContain(seedProducts[0]!.slug)
  })

  it.each([{ page: 0 }, { page: 1.5 }, { search: 'a'.repeat(101) }, { categoryId: 'marmol' }, { state: 'deleted' }])(
    'refuses %j with BAD_REQUEST',
    async (input) => {
      expect((await adminEs.shopper.query('admin.products.list', input)).status).toBe(400)
    },
  )
})

describe('admin.categories', () => {
  it('lists categories in the shop’s order with how many products each holds, archived ones included', async () => {
    const { id } = await admin.admin.categories.create(categoryForm())
    const product = await createdProduct({ categoryId: id })
    await createdProduct({ categoryId: id })
    await admin.admin.products.archive({ id: product.id })
    const list = await admin.admin.categories.list()
    expect(list.find((c) => c.id === id)).toMatchObject({ productCount: 2 })
    expect(list.map((c) => c.displayOrder)).toEqual([...list.map((c) => c.displayOrder)].sort((a, b) => a - b))
    expect(list.find((c) => c.slug === 'marmol')!.productCount).toBeGreaterThanOrEqual(seedProducts.filter((p) => p.categorySlug === 'marmol').length)
  })

  it('creates a category last in the order, its address from the Spanish name, with an audit row', async () => {
    const form = categoryForm({ nameEs: 'Azulejo Hidráulico', nameEn: 'Encaustic tile' })
    const created = await admin.admin.categories.create(form)
    expect(created.slug).toBe('azulejo-hidraulico')
    const list = await admin.admin.categories.list()
    expect(list.at(-1)).toMatchObject({ id: created.id, nameEs: 'Azulejo Hidráulico', productCount: 0 })
    expect(await auditOf(created.id)).toEqual([
      {
        entity: 'category',
        action: 'create',
        actorId: adminEs.user!.id,
        actorEmail: adminEs.user!.email,
        changes: [
          { field: 'nameEs', from: null, to: 'Azulejo Hidráulico' },
          { field: 'nameEn', from: null, to: 'Encaustic tile' },
          { field: 'descriptionEs', from: null, to: form.descriptionEs },
          { field: 'descriptionEn', from: null, to: form.descriptionEn },
        ],
      },
    ])
  })

  it.each([
    ['es', 'Mármol', translate('es', messages.categoryNameTaken)],
    ['en', 'MARMOL', translate('en', messages.categoryNameTaken)],
  ] as const)('refuses a name another category has (CONFLICT beside the name, in %s) and writes nothing', async (language, nameEs, message) => {
    const { shopper } = language === 'es' ? adminEs : adminEn
    const before = await catalogRows()
    const answer = await shopper.mutation('admin.categories.create', categoryForm({ nameEs }))
    expect(refusal(answer)).toEqual(conflict(message, 'nameEs'))
    expect(await catalogRows()).toEqual(before)
  })

  it('refuses a name another category has now, in either language, also when renaming (CONFLICT beside that name)', async () => {
    const form = categoryForm({ nameEs: 'Roble Antiguo', nameEn: 'Old Oak' })
    const { id } = await admin.admin.categories.create(form)
    // The address stays what the first name gave: the names are what shoppers tell apart.
    await admin.admin.categories.update({ id, values: { ...form, nameEs: 'Roble Nuevo', nameEn: 'New Oak' } })
    const other = await admin.admin.categories.create(categoryForm())
    const before = await catalogRows()
    const cases = [
      ['admin.categories.create', categoryForm({ nameEs: 'roble nuevo' }), 'nameEs'],
      ['admin.categories.create', categoryForm({ nameEn: 'NEW OAK' }), 'nameEn'],
      ['admin.categories.update', { id: other.id, values: categoryForm({ nameEs: 'Roble Nuevo' }) }, 'nameEs'],
      ['admin.categories.update', { id: other.id, values: categoryForm({ nameEn: 'Wood' }) }, 'nameEn'],
    ] as const
    for (const [path, input, field] of cases) {
      const answer = refusal(await adminEn.shopper.mutation(path, input))
      expect(answer, `${path} ${JSON.stringify(input)}`).toEqual(conflict(translate('en', messages.categoryNameTaken), field))
    }
    expect(await catalogRows()).toEqual(before)
    // Its own names, kept or typed otherwise, are no clash.
    await admin.admin.categories.update({ id, values: { ...form, nameEs: 'ROBLE NUEVO', nameEn: 'New Oak' } })
  })

  it('refuses a name that gives no address, and bad input, writing nothing', async () => {
    const before = await catalogRows()
    expect(refusal(await adminEn.shopper.mutation('admin.categories.create', categoryForm({ nameEs: '¡¿?!' })))).toMatchObject({
      status: 400,
      field: 'nameEs',
    })
    expect(refusal(await adminEs.shopper.mutation('admin.categories.create', categoryForm({ nameEn: '' })))).toMatchObject({
      status: 400,
      issues: [['nameEn', translate('es', messages.required.id)]],
    })
    const someId = (await admin.admin.categories.list())[0]!.id
    expect(
      refusal(await adminEn.shopper.mutation('admin.categories.update', { id: someId, values: categoryForm({ descriptionEs: 'a'.repeat(4001) }) })),
    ).toMatchObject({
      status: 400,
      issues: [['values.descriptionEs', translate('en', messages.textTooLong.id, { maximum: 4000 })]],
    })
    expect((await adminEn.shopper.mutation('admin.categories.move', { id: someId, direction: 'left' })).status).toBe(400)
    expect((await adminEn.shopper.mutation('admin.categories.remove', { id: 'marmol' })).status).toBe(400)
    expect(await catalogRows()).toEqual(before)
  })

  it('updates names and descriptions, recording only what changed, and keeps the address', async () => {
    const form = categoryForm()
    const { id, slug } = await admin.admin.categories.create(form)
    expect(await admin.admin.categories.update({ id, values: { ...form, nameEn: 'Renamed' } })).toEqual({ ok: true })
    expect((await admin.admin.categories.list()).find((c) => c.id === id)).toMatchObject({ slug, nameEs: form.nameEs, nameEn: 'Renamed' })
    await admin.admin.categories.update({ id, values: { ...form, nameEn: ' Renamed ' } })
    const rows = await auditOf(id)
    expect(rows.map((r) => [r.action, r.changes])).toEqual([
      ['create', expect.any(Array)],
      ['update', [{ field: 'nameEn', from: form.nameEn, to: 'Renamed' }]],
    ])
    expect(await codeOf(admin.admin.categories.update({ id: '00000000-0000-4000-8000-000000000000', values: form }))).toBe('NOT_FOUND')
  })

  it('moves a category up or down, renumbering the order; first up or last down moves nothing and records nothing', async () => {
    const ids = async () => (await admin.admin.categories.list()).map((c) => c.id)
    const start = await ids()
    const [first, second] = start
    await admin.admin.categories.move({ id: second!, direction: 'up' })
    const list = await admin.admin.categories.list()
    expect(list.map((c) => c.id)).toEqual([second, first, ...start.slice(2)])
    expect(list.map((c) => c.displayOrder)).toEqual(list.map((_, i) => i))
    expect((await auditOf(second!)).filter((r) => r.action === 'move')).toEqual([
      expect.objectContaining({ actorEmail: adminEs.user!.email, changes: [{ field: 'displayOrder', from: 1, to: 0 }] }),
    ])

    await admin.admin.categories.move({ id: second!, direction: 'down' })
    expect(await ids()).toEqual(start)
    const audit = (await t.database.db.select().from(catalogAudit)).length
    const last = start.at(-1)!
    await admin.admin.categories.move({ id: first!, direction: 'up' })
    await admin.admin.categories.move({ id: last, direction: 'down' })
    expect(await ids()).toEqual(start)
    expect((await t.database.db.select().from(catalogAudit)).length).toBe(audit)
    expect(await codeOf(admin.admin.categories.move({ id: '00000000-0000-4000-8000-000000000000', direction: 'up' }))).toBe('NOT_FOUND')
  })

  it('lets two admins create, rename, move and remove categories at once: each change lands, none fails', async () => {
    // PostgreSQL runs these on several connections at once (PGlite one after another).
    const [, target] = await admin.admin.categories.list()
    const spare: string[] = []
    for (let i = 0; i < 8; i++) spare.push((await admin.admin.categories.create(categoryForm())).id)
    const other = await callerAs(t.database.db, 'admin')
    const results = await Promise.allSettled(
      spare.flatMap((id, i) => [
        admin.admin.categories.update({
          id: target!.id,
          values: { nameEs: target!.nameEs, nameEn: target!.nameEn, descriptionEs: `Descripción ${i}`, descriptionEn: target!.descriptionEn },
        }),
        other.admin.categories.move({ id: target!.id, direction: i % 2 ? 'up' : 'down' }),
        admin.admin.categories.remove({ id }),
        other.admin.categories.update({ id: spare[(i + 3) % spare.length]!, values: categoryForm() }),
        other.admin.categories.create(categoryForm()),
      ]),
    )
    const failures = results.flatMap((result, i) =>
      result.status === 'rejected' ? [`call ${i}: ${String(result.reason)} ${String(result.reason?.cause?.cause)}`] : [],
    )
    // Updating a spare category already removed is the one refusal allowed (NOT_FOUND).
    expect(failures.filter((failure) => !failure.includes(messages.categoryNotFound.message))).toEqual([])
    // No two categories in one place of the shop's order.
    const places = (await admin.admin.categories.list()).map((c) => c.displayOrder)
    expect(new Set(places).size).toBe(places.length)
  })

  it.each([
    ['es', translate('es', messages.categoryNotEmpty, { count: 2 })],
    ['en', translate('en', messages.categoryNotEmpty, { count: 2 })],
  ] as const)('refuses to remove a category holding products, archived ones counted (CONFLICT, in %s)', async (language, message) => {
    const { shopper } = language === 'es' ? adminEs : adminEn
    const { id } = await admin.admin.categories.create(categoryForm())
    for (const product of [await createdProduct({ categoryId: id }), await createdProduct({ categoryId: id })]) {
      await admin.admin.products.archive({ id: product.id })
    }
    const before = await catalogRows()
    expect(refusal(await shopper.mutation('admin.categories.remove', { id }))).toEqual(conflict(message))
    expect(await catalogRows()).toEqual(before)
  })

  it('removes a category once its products are moved elsewhere, with an audit row', async () => {
    const form = categoryForm()
    const { id } = await admin.admin.categories.create(form)
    const product = await createdProduct({ categoryId: id })
    expect(await codeOf(admin.admin.categories.remove({ id }))).toBe('CONFLICT')
    await admin.admin.products.update({ id: product.id, expectedUpdatedAt: product.updatedAt, values: { ...formOf(product), categoryId: marmolId } })
    expect(await admin.admin.categories.remove({ id })).toEqual({ ok: true })
    expect(await t.database.db.select().from(categories).where(eq(categories.id, id))).toEqual([])
    expect((await auditOf(id)).map((r) => [r.action, r.changes])).toEqual([
      ['create', expect.any(Array)],
      [
        'delete',
        [
          { field: 'nameEs', from: form.nameEs, to: null },
          { field: 'nameEn', from: form.nameEn, to: null },
          { field: 'descriptionEs', from: form.descriptionEs, to: null },
          { field: 'descriptionEn', from: form.descriptionEn, to: null },
        ],
      ],
    ])
    expect(await codeOf(admin.admin.categories.remove({ id }))).toBe('NOT_FOUND')
  })
})

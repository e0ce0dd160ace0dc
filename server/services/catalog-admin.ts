import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { catalogAudit, categories, productSlugRedirects, products, type AuditChange } from '../db/schema/index.ts'
import { AppError, hasPgCode, notFound } from '../errors.ts'
import { categoryFieldColumns, onSale, productFieldColumns } from './catalog.ts'
import { photosOf } from './media/product-photos.ts'
import { publishProblems, slugify, type ProductField, type ProductValues, type PublishRequirement } from '../../core/catalog-admin.ts'
import { adminPageSize } from '../../core/admin-lists.ts'
import type { z } from 'zod'
import type { categorySchema } from '../../core/catalog-admin.ts'
import { messages, type AppMessage } from '../../core/messages.ts'

// The owner's catalog (docs/product.md#owner). Every change is one transaction with its audit row;
// the catalog's triggers (migrations/0006) tell every instance's caches, so the shop shows it on
// the next request.

/** Who made a change: the admin's account, and the address kept on the audit row. */
export interface Actor {
  id: string
  email: string
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]
type CategoryValues = z.output<typeof categorySchema>
type AuditValue = AuditChange['from']

/** The fields an audit row compares, in the edit form's order. */
const productAuditFields = [
  'slug',
  'nameEs',
  'nameEn',
  'descriptionEs',
  'descriptionEn',
  'priceRetailCents',
  'priceWholesaleCents',
  'featured',
  'dimensionsWidthCm',
  'dimensionsHeightCm',
  'weightKg',
  'categoryId',
  'look',
  'colour',
  'finish',
  'texture',
  'leadTimeDays',
] as const
const categoryAuditFields = ['nameEs', 'nameEn', 'descriptionEs', 'descriptionEn'] as const

/** Each field whose value differs between `before` and `after`, with both values. */
function changesBetween<K extends string>(fields: readonly K[], before: Partial<Record<K, AuditValue>>, after: Record<K, AuditValue>): AuditChange[] {
  return fields.flatMap((field) => {
    const from = before[field] ?? null
    const to = after[field] ?? null
    return from === to ? [] : [{ field, from, to }]
  })
}

async function audit(
  tx: Tx,
  actor: Actor,
  row: { entity: 'product' | 'category'; entityId: string; action: (typeof catalogAudit.$inferInsert)['action']; changes?: AuditChange[] },
) {
  await tx.insert(catalogAudit).values({ ...row, actorId: actor.id, actorEmail: actor.email, changes: row.changes ?? [] })
}

/** The form's values as the products table's columns. */
function productColumns(values: ProductValues) {
  return {
    slug: values.slug,
    nameEs: values.nameEs,
    nameEn: values.nameEn,
    descriptionEs: values.descriptionEs,
    descriptionEn: values.descriptionEn,
    priceRetailCents: values.priceRetail,
    priceWholesaleCents: values.priceWholesale,
    featured: values.featured,
    dimensionsWidthCm: values.widthCm,
    dimensionsHeightCm: values.heightCm,
    weightKg: values.weightKg,
    categoryId: values.categoryId,
    look: values.look,
    colour: values.colour,
    finish: values.finish,
    texture: values.texture,
    leadTimeDays: values.leadTimeDays,
  }
}

const slugTaken = (cause: unknown) => new AppError('CONFLICT', messages.slugTaken, { cause, field: 'slug' })

async function requireCategory(tx: Tx, categoryId: string) {
  const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).limit(1)
  if (!category) throw new AppError('BAD_REQUEST', messages.categoryNotFound, { field: 'categoryId' })
}

// ——— Products ———

/** In the shop (published, not archived), drafts (not archived), archived, or every product. */
export type ProductStateFilter = 'active' | 'draft' | 'archived' | 'all'

/** The admin's product table: search by name or slug, filter by category and state (drafts among them), 25 a page. */
export async function listAdminProducts(
  db: Database,
  input: { search?: string | undefined; categoryId?: string | undefined; state?: ProductStateFilter | undefined; page: number },
) {
  const conditions: SQL[] = []
  const search = input.search?.trim()
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    const matches = or(ilike(products.nameEs, pattern), ilike(products.nameEn, pattern), ilike(products.slug, pattern))
    if (matches) conditions.push(matches)
  }
  if (input.categoryId) conditions.push(eq(products.categoryId, input.categoryId))
  const state = input.state ?? 'all'
  if (state === 'active') conditions.push(onSale)
  if (state === 'draft') conditions.push(and(isNull(products.archivedAt), eq(products.status, 'draft')) ?? sql`false`)
  if (state === 'archived') conditions.push(isNotNull(products.archivedAt))
  const where = conditions.length > 0 ? and(...conditions) : undefined
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: products.id,
        slug: products.slug,
        nameEs: products.nameEs,
        nameEn: products.nameEn,
        priceRetailCents: products.priceRetailCents,
        priceWholesaleCents: products.priceWholesaleCents,
        featured: products.featured,
        status: products.status,
        archivedAt: products.archivedAt,
        category: { id: categories.id, nameEs: categories.nameEs, nameEn: categories.nameEn },
      })
      .from(products)
      .innerJoin(categories, eq(products.categoryId, categories.id))
      .where(where)
      .orderBy(asc(categories.displayOrder), asc(products.nameEs), asc(products.id))
      .limit(adminPageSize)
      .offset((input.page - 1) * adminPageSize),
    db.select({ count: count() }).from(products).where(where),
  ])
  // Dates as ISO strings: the API has no transformer, so that is what the client gets (and its types say).
  const items = rows.map(({ archivedAt, ...row }) => ({ ...row, archivedAt: archivedAt?.toISOString() ?? null }))
  return { items, total: total?.count ?? 0, page: input.page, pageSize: adminPageSize }
}

/** One product as its edit form needs it, with every change made to it, newest first. */
export async function getAdminProduct(db: Database, id: string) {
  const [product] = await db
    .select({
      ...productFieldColumns,
      categoryId: products.categoryId,
      status: products.status,
      archivedAt: products.archivedAt,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .where(eq(products.id, id))
    .limit(1)
  if (!product) throw notFound(messages.productNotFound)
  const photos = await photosOf(db, id)
  const history = await db
    .select({
      id: catalogAudit.id,
      action: catalogAudit.action,
      actorEmail: catalogAudit.actorEmail,
      changes: catalogAudit.changes,
      createdAt: catalogAudit.createdAt,
    })
    .from(catalogAudit)
    .where(and(eq(catalogAudit.entity, 'product'), eq(catalogAudit.entityId, id)))
    .orderBy(desc(catalogAudit.createdAt), desc(catalogAudit.id))
    .limit(200)
  const { archivedAt, updatedAt, ...fields } = product
  return {
    // `updatedAt` is the version the edit form sends back as `expectedUpdatedAt`; `missing`, what
    // publishing still needs (the same rule `setProductPublished` applies).
    product: {
      ...fields,
      archivedAt: archivedAt?.toISOString() ?? null,
      updatedAt: updatedAt.toISOString(),
      photos,
      missing: publishProblems({ ...fields, photos }),
    },
    history: history.map(({ createdAt, ...row }) => ({ ...row, createdAt: createdAt.toISOString() })),
  }
}

/** The message that names a publishing requirement, and the form field it belongs beside. */
const requirementRefusal: Record<PublishRequirement, { message: AppMessage; field?: ProductField }> = {
  nameEs: { message: messages.publishNeedsNameEs, field: 'nameEs' },
  nameEn: { message: messages.publishNeedsNameEn, field: 'nameEn' },
  descriptionEs: { message: messages.publishNeedsDescriptionEs, field: 'descriptionEs' },
  descriptionEn: { message: messages.publishNeedsDescriptionEn, field: 'descriptionEn' },
  photo: { message: messages.publishNeedsPhoto },
  photoAlt: { message: messages.publishNeedsPhotoAlt },
}

/** The slug is the product's now: an earlier address of another product stops pointing there. */
async function claimSlug(tx: Tx, slug: string) {
  await tx.delete(productSlugRedirects).where(eq(productSlugRedirects.oldSlug, slug))
}

export async function createProduct(db: Database, actor: Actor, values: ProductValues): Promise<{ id: string; slug: string }> {
  try {
    return await db.transaction(async (tx) => {
      await requireCategory(tx, values.categoryId)
      await claimSlug(tx, values.slug)
      // Every new product starts as a draft: nothing half-finished reaches the shop.
      const columns = productColumns(values)
      const [created] = await tx
        .insert(products)
        .values({ ...columns, status: 'draft' })
        .returning({ id: products.id, slug: products.slug })
      if (!created) throw new Error('insert returned no row')
      await audit(tx, actor, { entity: 'product', entityId: created.id, action: 'create', changes: changesBetween(productAuditFields, {}, columns) })
      return created
    })
  } catch (error) {
    if (hasPgCode(error, '23505')) throw slugTaken(error)
    throw error
  }
}

/**
 * Saves the edit form. `expectedUpdatedAt` is the version the admin edited: when another change
 * landed meanwhile the save is refused (CONFLICT) instead of silently undoing it. A new slug keeps
 * the old one as a redirect (308), so links already out there keep working.
 */
export async function updateProduct(
  db: Database,
  actor: Actor,
  input: { id: string; expectedUpdatedAt: Date; values: ProductValues },
): Promise<{ id: string; slug: string; changed: number }> {
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(products).where(eq(products.id, input.id)).for('update').limit(1)
      if (!before) throw notFound(messages.productNotFound)
      if (before.updatedAt.getTime() !== input.expectedUpdatedAt.getTime()) throw new AppError('CONFLICT', messages.changedMeanwhile)
      const columns = productColumns(input.values)
      const changes = changesBetween(productAuditFields, before, columns)
      if (changes.length === 0) return { id: before.id, slug: before.slug, changed: 0 }
      // A published product keeps what publishing asked for: emptying a text takes it back to drafts first.
      if (before.status === 'published') {
        // The photos are not the form's: only a text can be missing here, named by its field.
        const emptied = publishProblems({ ...columns, photos: [] }).find((requirement) => requirement !== 'photo' && requirement !== 'photoAlt')
        if (emptied) throw new AppError('BAD_REQUEST', messages.publishedNeedsText, { field: emptied })
      }
      if (columns.categoryId !== before.categoryId) await requireCategory(tx, columns.categoryId)
      if (columns.slug !== before.slug) {
        await claimSlug(tx, columns.slug)
        await tx
          .insert(productSlugRedirects)
          .values({ oldSlug: before.slug, productId: before.id })
          .onConflictDoUpdate({ target: productSlugRedirects.oldSlug, set: { productId: before.id, createdAt: sql`now()` } })
      }
      await tx.update(products).set(columns).where(eq(products.id, before.id))
      await audit(tx, actor, { entity: 'product', entityId: before.id, action: 'update', changes })
      return { id: before.id, slug: columns.slug, changed: changes.length }
    })
  } catch (error) {
    if (hasPgCode(error, '23505')) throw slugTaken(error)
    throw error
  }
}

/**
 * Takes a product out of the shop, or puts it back. Never a delete: past orders keep their lines,
 * open carts show it as unavailable. Archiving an archived product (or restoring an active one)
 * is refused, so two admins clicking at once get a clear answer.
 */
export async function setProductArchived(db: Database, actor: Actor, id: string, archived: boolean) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ archivedAt: products.archivedAt }).from(products).where(eq(products.id, id)).for('update').limit(1)
    if (!before) throw notFound(messages.productNotFound)
    if (archived && before.archivedAt) throw new AppError('CONFLICT', messages.productAlreadyArchived)
    if (!archived && !before.archivedAt) throw new AppError('CONFLICT', messages.productNotArchived)
    await tx
      .update(products)
      .set({ archivedAt: archived ? sql`now()` : null })
      .where(eq(products.id, id))
    await audit(tx, actor, { entity: 'product', entityId: id, action: archived ? 'archive' : 'restore' })
  })
}

/**
 * Puts a draft in the shop, or takes a published product back to drafts. Publishing is refused with
 * the first thing missing (`publishProblems`: both languages' texts, a photo, the photos' text
 * alternatives), beside its field.
 * Twice the same way is refused too, so two admins clicking at once get a clear answer.
 */
export async function setProductPublished(db: Database, actor: Actor, id: string, published: boolean) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update').limit(1)
    if (!before) throw notFound(messages.productNotFound)
    if (published && before.status === 'published') throw new AppError('CONFLICT', messages.productAlreadyPublished)
    if (!published && before.status === 'draft') throw new AppError('CONFLICT', messages.productNotPublished)
    if (published) {
      const [missing] = publishProblems({ ...before, photos: await photosOf(tx, id) })
      if (missing) {
        const { message, field } = requirementRefusal[missing]
        throw new AppError('BAD_REQUEST', message, field ? { field } : {})
      }
    }
    const status = published ? 'published' : 'draft'
    await tx.update(products).set({ status }).where(eq(products.id, id))
    await audit(tx, actor, { entity: 'product', entityId: id, action: published ? 'publish' : 'unpublish' })
  })
}

/**
 * What became of a product address the shop has no page for: `moved` to the product's current
 * slug (answered with a 308), `gone` when the product is archived (410), null when it never was or
 * is a draft (a draft's address tells a shopper nothing, not even that it exists).
 */
export async function productAddress(db: Database, slug: string): Promise<{ moved: string } | 'gone' | null> {
  const [archived] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.slug, slug), isNotNull(products.archivedAt), eq(products.status, 'published')))
    .limit(1)
  if (archived) return 'gone'
  const [row] = await db
    .select({ slug: products.slug, archivedAt: products.archivedAt })
    .from(productSlugRedirects)
    .innerJoin(products, eq(productSlugRedirects.productId, products.id))
    .where(and(eq(productSlugRedirects.oldSlug, slug), eq(products.status, 'published')))
    .limit(1)
  if (!row) return null
  return row.archivedAt ? 'gone' : { moved: row.slug }
}

// ——— Categories ———

/** Every category in the shop's order, with how many products it holds (archived ones too). */
export async function listAdminCategories(db: Database) {
  return db
    .select({
      ...categoryFieldColumns,
      imageId: categories.imageId,
      displayOrder: categories.displayOrder,
      // A join, not a correlated subquery: Drizzle writes a one-table select's columns unqualified,
      // so the subquery's `category_id = id` compared the product with itself.
      productCount: count(products.id),
    })
    .from(categories)
    .leftJoin(products, eq(products.categoryId, categories.id))
    .groupBy(categories.id)
    .orderBy(asc(categories.displayOrder), asc(categories.slug))
}

/**
 * Every change to the categories takes this lock first, before any row: they run one at a time and
 * always lock in one order (two admins renaming, moving and removing at once used to deadlock, and
 * two creations could take one place in the order). SHARE ROW EXCLUSIVE conflicts with itself and
 * with writes to the table, not with reads nor with the products' foreign-key checks.
 */
async function lockCategories(tx: Tx) {
  await tx.execute(sql`lock table ${categories} in share row exclusive mode`)
}

type CategoryName = 'nameEs' | 'nameEn'
const categoryNameTaken = (field: CategoryName, cause?: unknown) => new AppError('CONFLICT', messages.categoryNameTaken, { cause, field })

/**
 * Refuses a name another category has now, in either language, compared as addresses are made
 * ("Mármol" is "MARMOL"): shoppers could not tell the two apart. The address alone would not do:
 * it keeps the first name after a rename. Under `lockCategories`, so no one else names one meanwhile.
 */
async function refuseTakenNames(tx: Tx, values: CategoryValues, fields: readonly CategoryName[], exceptId: string | null) {
  if (fields.length === 0) return
  const others = await tx.select({ id: categories.id, nameEs: categories.nameEs, nameEn: categories.nameEn }).from(categories)
  const key = (name: string) => slugify(name) || name.toLowerCase()
  for (const field of fields) {
    if (others.some((other) => other.id !== exceptId && key(other[field]) === key(values[field]))) throw categoryNameTaken(field)
  }
}

/** A new category, last in the shop's order; its address comes from the Spanish name. */
export async function createCategory(db: Database, actor: Actor, values: CategoryValues): Promise<{ id: string; slug: string }> {
  const slug = slugify(values.nameEs)
  if (!slug) throw new AppError('BAD_REQUEST', messages.slugFormat, { field: 'nameEs' })
  try {
    return await db.transaction(async (tx) => {
      await lockCategories(tx)
      await refuseTakenNames(tx, values, ['nameEs', 'nameEn'], null)
      const [last] = await tx.select({ max: sql<number | null>`max(${categories.displayOrder})` }).from(categories)
      const columns = { ...values, slug, displayOrder: (last?.max ?? -1) + 1 }
      const [created] = await tx.insert(categories).values(columns).returning({ id: categories.id, slug: categories.slug })
      if (!created) throw new Error('insert returned no row')
      await audit(tx, actor, { entity: 'category', entityId: created.id, action: 'create', changes: changesBetween(categoryAuditFields, {}, values) })
      return created
    })
  } catch (error) {
    // Another category's address is this name's (its name has changed since): the same clash.
    if (hasPgCode(error, '23505')) throw categoryNameTaken('nameEs', error)
    throw error
  }
}

/** Names and descriptions; the address stays (links to the category keep working). */
export async function updateCategory(db: Database, actor: Actor, id: string, values: CategoryValues) {
  await db.transaction(async (tx) => {
    await lockCategories(tx)
    const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for('update').limit(1)
    if (!before) throw notFound(messages.categoryNotFound)
    const changes = changesBetween(categoryAuditFields, before, values)
    if (changes.length === 0) return
    // Only a name being changed is compared: a clash made by hand before must not block a description.
    const renamed = (['nameEs', 'nameEn'] as const).filter((field) => changes.some((change) => change.field === field))
    await refuseTakenNames(tx, values, renamed, id)
    await tx.update(categories).set(values).where(eq(categories.id, id))
    await audit(tx, actor, { entity: 'category', entityId: id, action: 'update', changes })
  })
}

/**
 * Moves a category one place up or down the shop's order. The order is renumbered 0..n-1 in the
 * same transaction (rows added by hand may share a number), and the table is locked meanwhile, so
 * two admins moving at once cannot leave two categories in one place.
 */
export async function moveCategory(db: Database, actor: Actor, id: string, direction: 'up' | 'down') {
  await db.transaction(async (tx) => {
    await lockCategories(tx)
    const rows = await tx
      .select({ id: categories.id, displayOrder: categories.displayOrder })
      .from(categories)
      .orderBy(asc(categories.displayOrder), asc(categories.slug))
    const from = rows.findIndex((row) => row.id === id)
    if (from < 0) throw notFound(messages.categoryNotFound)
    const to = direction === 'up' ? from - 1 : from + 1
    // Already first (or last): nothing moves, nothing is recorded.
    if (to < 0 || to >= rows.length) return
    const order = rows.map((row) => row.id)
    ;[order[from], order[to]] = [order[to]!, order[from]!]
    for (const [position, categoryId] of order.entries()) {
      if (rows.find((row) => row.id === categoryId)?.displayOrder !== position) {
        await tx.update(categories).set({ displayOrder: position }).where(eq(categories.id, categoryId))
      }
    }
    await audit(tx, actor, { entity: 'category', entityId: id, action: 'move', changes: [{ field: 'displayOrder', from, to }] })
  })
}

/** Deletes an empty category; one that still holds products (archived included) is refused. */
export async function removeCategory(db: Database, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    await lockCategories(tx)
    const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for('update').limit(1)
    if (!before) throw notFound(messages.categoryNotFound)
    const [held] = await tx.select({ count: count() }).from(products).where(eq(products.categoryId, id))
    if (held && held.count > 0) throw new AppError('CONFLICT', messages.categoryNotEmpty, { values: { count: held.count } })
    await tx.delete(categories).where(eq(categories.id, id))
    await audit(tx, actor, {
      entity: 'category',
      entityId: id,
      action: 'delete',
      changes: changesBetween(categoryAuditFields, before, {
        nameEs: null,
        nameEn: null,
        descriptionEs: null,
        descriptionEn: null,
      }),
    })
  })
}

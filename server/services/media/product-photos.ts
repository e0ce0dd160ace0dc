import { and, asc, count, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { catalogAudit, mediaFiles, productPhotos, products, type AuditChange } from '../../db/schema/index.ts'
import { AppError, notFound } from '../../errors.ts'
import { makePicture } from './pictures.ts'
import type { MediaStore } from './store.ts'
import { messages } from '../../../core/messages.ts'
import { maxProductPhotos, pictureKeys } from '../../../core/pictures.ts'

// A product's photos (docs/product.md#owner): uploaded in any number up to `maxProductPhotos`,
// ordered by the owner, each with its text alternative in both languages. An upload's files are
// shared by every photo made of the same bytes (`media_files`, by content hash) and deleted from the
// store with the last photo that used them, never left behind.

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

/** A photo as the shop shows it: an upload (`imageId`, core/pictures.ts) or a built-in picture set (`imageKey`). */
export interface ProductPhoto {
  imageId: string | null
  imageKey: string | null
  altEs: string
  altEn: string
}

const photoJson = sql`json_build_object('imageId', ${productPhotos.fileId}, 'imageKey', ${productPhotos.imageKey}, 'altEs', ${productPhotos.altEs}, 'altEn', ${productPhotos.altEn})`
// Both drivers parse json; a string is parsed here too, so no driver setting decides the shape.
const parsed = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T))

/** The product's first photo (its card's, its page's first, the PDF's), or null: a column for a query over `products`. */
export const coverPhoto = sql<ProductPhoto | null>`(
  select ${photoJson} from ${productPhotos}
  where ${productPhotos.productId} = ${products.id}
  order by ${productPhotos.position}, ${productPhotos.id} limit 1
)`
  .mapWith((value: unknown) => parsed<ProductPhoto | null>(value))
  .as('cover_photo')

/** Every photo of the product, in order: a column for a query over `products`. */
export const allPhotos = sql<ProductPhoto[]>`coalesce((
  select json_agg(${photoJson} order by ${productPhotos.position}, ${productPhotos.id}) from ${productPhotos}
  where ${productPhotos.productId} = ${products.id}
), '[]'::json)`
  .mapWith((value: unknown) => parsed<ProductPhoto[]>(value))
  .as('photos')

/** A product's photos with their ids, in order: what the owner's editor lists. */
export function photosOf(db: Database | Tx, productId: string) {
  return db
    .select({
      id: productPhotos.id,
      imageId: productPhotos.fileId,
      imageKey: productPhotos.imageKey,
      altEs: productPhotos.altEs,
      altEn: productPhotos.altEn,
    })
    .from(productPhotos)
    .where(eq(productPhotos.productId, productId))
    .orderBy(asc(productPhotos.position), asc(productPhotos.id))
}

interface Actor {
  id: string
  email: string
}

/** The product's row, locked: one photo change at a time per product, and its state for the rules. */
async function lockedProduct(tx: Tx, productId: string) {
  const [product] = await tx
    .select({ id: products.id, status: products.status })
    .from(products)
    .where(eq(products.id, productId))
    .for('update')
    .limit(1)
  if (!product) throw notFound(messages.productNotFound)
  return product
}

/**
 * A photo change is a change of the product: its `updated_at` moves (the sitemap's lastmod, the
 * edit form's version) and the audit says what happened.
 */
async function recordChange(tx: Tx, actor: Actor, productId: string, changes: AuditChange[]) {
  await tx
    .update(products)
    .set({ updatedAt: sql`now()` })
    .where(eq(products.id, productId))
  await tx
    .insert(catalogAudit)
    .values({ entity: 'product', entityId: productId, action: 'update', actorId: actor.id, actorEmail: actor.email, changes })
}

/**
 * Adds an upload as the product's last photo, its text alternatives empty until the owner writes
 * them. The upload is checked and encoded before any lock is taken; its files are written under the
 * lock of its `media_files` row, so a removal of the same bytes running meanwhile cannot delete
 * them after they were written.
 */
export async function addProductPhoto(
  db: Database,
  media: MediaStore,
  input: { productId: string; actor: Actor; upload: Buffer },
): Promise<{ photoId: string; imageId: string }> {
  const [existing] = await db.select({ id: products.id }).from(products).where(eq(products.id, input.productId)).limit(1)
  if (!existing) throw notFound(messages.productNotFound)
  const picture = await makePicture('products', input.upload)
  return db.transaction(async (tx) => {
    await lockedProduct(tx, input.productId)
    const [held] = await tx.select({ n: count() }).from(productPhotos).where(eq(productPhotos.productId, input.productId))
    const photos = held?.n ?? 0
    if (photos >= maxProductPhotos) throw new AppError('BAD_REQUEST', messages.tooManyPhotos, { values: { maximum: maxProductPhotos } })
    await tx.insert(mediaFiles).values({ id: picture.id, kind: 'products' }).onConflictDoNothing()
    await tx.select({ id: mediaFiles.id }).from(mediaFiles).where(eq(mediaFiles.id, picture.id)).for('update')
    for (const file of picture.files) await media.put(file.key, file.body, file.contentType)
    const [photo] = await tx
      .insert(productPhotos)
      .values({
        productId: input.productId,
        position: sql`coalesce((select max(${productPhotos.position}) + 1 from ${productPhotos} where ${productPhotos.productId} = ${input.productId}), 0)`,
        fileId: picture.id,
      })
      .returning({ id: productPhotos.id })
    if (!photo) throw new Error('insert returned no row')
    await recordChange(tx, input.actor, input.productId, [{ field: 'photoAdded', from: photos, to: photos + 1 }])
    return { photoId: photo.id, imageId: picture.id }
  })
}

async function lockedPhoto(tx: Tx, productId: string, photoId: string) {
  const [photo] = await tx
    .select()
    .from(productPhotos)
    .where(and(eq(productPhotos.id, photoId), eq(productPhotos.productId, productId)))
    .for('update')
    .limit(1)
  if (!photo) throw notFound(messages.photoNotFound)
  return photo
}

/** Saves a photo's text alternatives; a published product's may not be emptied (it is in the shop). */
export async function setPhotoTexts(
  db: Database,
  actor: Actor,
  input: { productId: string; photoId: string; altEs: string; altEn: string },
): Promise<{ changed: number }> {
  return db.transaction(async (tx) => {
    const product = await lockedProduct(tx, input.productId)
    const photo = await lockedPhoto(tx, input.productId, input.photoId)
    if (product.status === 'published') {
      const emptied = input.altEs === '' ? 'altEs' : input.altEn === '' ? 'altEn' : null
      if (emptied) throw new AppError('BAD_REQUEST', messages.publishedNeedsText, { field: emptied })
    }
    const changes: AuditChange[] = []
    if (photo.altEs !== input.altEs) changes.push({ field: 'photoAltEs', from: photo.altEs, to: input.altEs })
    if (photo.altEn !== input.altEn) changes.push({ field: 'photoAltEn', from: photo.altEn, to: input.altEn })
    if (changes.length === 0) return { changed: 0 }
    await tx.update(productPhotos).set({ altEs: input.altEs, altEn: input.altEn }).where(eq(productPhotos.id, photo.id))
    await recordChange(tx, actor, input.productId, changes)
    return { changed: changes.length }
  })
}

/**
 * Puts the product's photos in the order given, which must name each of them once: an order made
 * from a page that missed a change (another admin's upload or removal) is refused, not guessed at.
 */
export async function reorderPhotos(db: Database, actor: Actor, input: { productId: string; photoIds: readonly string[] }) {
  await db.transaction(async (tx) => {
    await lockedProduct(tx, input.productId)
    const current = (await photosOf(tx, input.productId)).map((photo) => photo.id)
    const same =
      current.length === input.photoIds.length &&
      new Set(input.photoIds).size === current.length &&
      input.photoIds.every((id) => current.includes(id))
    if (!same) throw new AppError('CONFLICT', messages.photoOrderStale)
    if (current.every((id, index) => input.photoIds[index] === id)) return
    for (const [position, id] of input.photoIds.entries()) await tx.update(productPhotos).set({ position }).where(eq(productPhotos.id, id))
    await recordChange(tx, actor, input.productId, [{ field: 'photoOrder', from: null, to: null }])
  })
}

/**
 * Removes a photo. A published product keeps at least one. When no other photo uses the upload's
 * bytes, its files leave the store and its `media_files` row goes, under that row's lock (a new
 * upload of the same bytes waits, then writes them again); the store is asked last, so a refused
 * removal deletes nothing, and a store that fails leaves the photo where it was.
 */
export async function removePhoto(db: Database, media: MediaStore, actor: Actor, input: { productId: string; photoId: string }) {
  await db.transaction(async (tx) => {
    const product = await lockedProduct(tx, input.productId)
    const photo = await lockedPhoto(tx, input.productId, input.photoId)
    const [held] = await tx.select({ n: count() }).from(productPhotos).where(eq(productPhotos.productId, input.productId))
    const photos = held?.n ?? 0
    if (product.status === 'published' && photos <= 1) throw new AppError('BAD_REQUEST', messages.publishedNeedsPhoto)
    await tx.delete(productPhotos).where(eq(productPhotos.id, photo.id))
    // The others close ranks: positions stay 0…n-1.
    await tx
      .update(productPhotos)
      .set({ position: sql`${productPhotos.position} - 1` })
      .where(and(eq(productPhotos.productId, input.productId), sql`${productPhotos.position} > ${photo.position}`))
    await recordChange(tx, actor, input.productId, [{ field: 'photoRemoved', from: photos, to: photos - 1 }])
    if (!photo.fileId) return
    await tx.select({ id: mediaFiles.id }).from(mediaFiles).where(eq(mediaFiles.id, photo.fileId)).for('update')
    const [users] = await tx.select({ n: count() }).from(productPhotos).where(eq(productPhotos.fileId, photo.fileId))
    if ((users?.n ?? 0) > 0) return
    await tx.delete(mediaFiles).where(eq(mediaFiles.id, photo.fileId))
    await media.delete(pictureKeys('products', photo.fileId))
  })
}

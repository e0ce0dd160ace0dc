import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { catalogAudit, mediaFiles, productPhotos } from '../../db/schema/index.ts'
import { sharedTestApp } from '../../../tests/helpers/shared-app.ts'
import { catalogOwners, catalogRows, newProductForm } from '../../../tests/helpers/catalog-admin.ts'
import type { SignedInShopper } from '../../../tests/helpers/accounts.ts'
import { photo, upload } from '../../../tests/helpers/picture-upload.ts'
import { callerAs } from '../../../tests/helpers/users.ts'
import { translate } from '../../i18n.ts'
import { messages } from '../../../core/messages.ts'
import { maxProductPhotos, pdfPictureKey, pictureKeys } from '../../../core/pictures.ts'

// A product's photos (docs/product.md#owner), through the upload route and admin.products.*: their
// texts, their order, their removal, and the files behind them in DATA_DIR/media, deleted with the
// last photo that uses them.
let admin: Awaited<ReturnType<typeof catalogOwners>>['admin']
let adminEs: SignedInShopper
let adminEn: SignedInShopper
let marmolId: string
const t = sharedTestApp()
const db = () => t.database.db
beforeAll(async () => {
  ;({ admin, adminEs, adminEn, marmolId } = await catalogOwners(t))
})

let tints = 0
/** A draft with `count` uploaded photos, each of other bytes unless `bytes` is given. */
async function draftWithPhotos(count: number, bytes?: Buffer) {
  const { id } = await admin.admin.products.create(newProductForm(marmolId))
  for (let i = 0; i < count; i++) {
    const res = await upload(t, adminEs, id, bytes ?? (await photo('jpeg', 760, 950, ++tints)))
    expect(res.statusCode, res.body).toBe(200)
  }
  return (await admin.admin.products.get({ id })).product
}

const stored = (imageId: string) => pictureKeys('products', imageId).filter((key) => existsSync(join(t.env.DATA_DIR, 'media', ...key.split('/'))))
const describeAll = (product: { id: string; photos: ReadonlyArray<{ id: string }> }) =>
  Promise.all(
    product.photos.map((p, i) =>
      admin.admin.products.setPhotoTexts({ productId: product.id, photoId: p.id, altEs: `Foto ${i}`, altEn: `Photo ${i}` }),
    ),
  )

describe('a photo’s text alternatives', () => {
  it('are asked for before publishing, and a published product’s cannot be emptied (beside the field, in the admin’s language)', async () => {
    const product = await draftWithPhotos(1)
    expect(product.photos).toMatchObject([{ altEs: '', altEn: '' }])
    expect(product.missing).toEqual(['photoAlt'])
    const refused = await adminEn.shopper.mutation('admin.products.publish', { id: product.id })
    expect([refused.status, refused.error?.message]).toEqual([400, translate('en', messages.publishNeedsPhotoAlt)])

    const photoId = product.photos[0]!.id
    expect(await admin.admin.products.setPhotoTexts({ productId: product.id, photoId, altEs: ' Panel blanco ', altEn: 'White panel' })).toEqual({
      changed: 2,
    })
    await admin.admin.products.publish({ id: product.id })
    const published = (await admin.admin.products.get({ id: product.id })).product
    expect(published.photos).toMatchObject([{ altEs: 'Panel blanco', altEn: 'White panel' }])
    expect((await (await callerAs(db(), 'anonymous')).catalog.product({ slug: product.slug })).photos).toEqual([
      { imageId: product.photos[0]!.imageId, imageKey: null, altEs: 'Panel blanco', altEn: 'White panel' },
    ])

    const before = await catalogRows(db())
    const emptied = await adminEs.shopper.mutation('admin.products.setPhotoTexts', {
      productId: product.id,
      photoId,
      altEs: 'Panel blanco',
      altEn: '',
    })
    expect([emptied.status, emptied.error?.message]).toEqual([400, translate('es', messages.publishedNeedsText)])
    expect(emptied.res.json<{ error: { data: { field: string | null } } }>().error.data.field).toBe('altEn')
    const tooLong = await adminEn.shopper.mutation('admin.products.setPhotoTexts', {
      productId: product.id,
      photoId,
      altEs: 'a'.repeat(201),
      altEn: 'x',
    })
    expect([tooLong.status, tooLong.error?.message]).toEqual([400, translate('en', messages.textTooLong.id, { maximum: 200 })])
    expect(await catalogRows(db())).toEqual(before)
  })

  it('of a photo another product holds are not found', async () => {
    const [a, b] = [await draftWithPhotos(1), await draftWithPhotos(0)]
    const answer = await adminEn.shopper.mutation('admin.products.setPhotoTexts', {
      productId: b.id,
      photoId: a.photos[0]!.id,
      altEs: 'x',
      altEn: 'y',
    })
    expect([answer.status, answer.error?.message]).toEqual([404, translate('en', messages.photoNotFound)])
  })
})

describe('the photos’ order', () => {
  it('is the owner’s: the first is the cover everywhere, audited; an order that misses a photo is refused', async () => {
    const product = await draftWithPhotos(3)
    const [a, b, c] = product.photos
    await admin.admin.products.reorderPhotos({ productId: product.id, photoIds: [c!.id, a!.id, b!.id] })
    const after = (await admin.admin.products.get({ id: product.id })).product
    expect(after.photos.map((p) => p.id)).toEqual([c!.id, a!.id, b!.id])
    const preview = await admin.admin.products.preview({ id: product.id })
    expect(preview.product.photo?.imageId).toBe(c!.imageId)
    expect(preview.product.photos.map((p) => p.imageId)).toEqual([c!.imageId, a!.imageId, b!.imageId])
    const audit = await db().select({ changes: catalogAudit.changes }).from(catalogAudit).where(eq(catalogAudit.entityId, product.id))
    expect(audit.map((row) => row.changes[0]?.field)).toContain('photoOrder')

    const before = await catalogRows(db())
    for (const photoIds of [
      [a!.id, b!.id],
      [a!.id, b!.id, c!.id, a!.id],
      [a!.id, a!.id, b!.id],
    ]) {
      const answer = await adminEs.shopper.mutation('admin.products.reorderPhotos', { productId: product.id, photoIds })
      expect([answer.status, answer.error?.message]).toEqual([409, translate('es', messages.photoOrderStale)])
    }
    expect(await catalogRows(db())).toEqual(before)
  })
})

describe('removing a photo', () => {
  it('deletes its files from the store with the last photo that uses them, not before', async () => {
    const bytes = await photo('jpeg', 760, 950, 200)
    const first = await draftWithPhotos(2, bytes)
    const second = await draftWithPhotos(1, bytes)
    const imageId = first.photos[0]!.imageId!
    // The same bytes: one upload's files, three photos.
    expect(new Set([...first.photos, ...second.photos].map((p) => p.imageId))).toEqual(new Set([imageId]))
    expect(stored(imageId)).toEqual(pictureKeys('products', imageId))

    // Through the app, whose media store is the upload route's.
    const remove = async (productId: string, photoId: string) =>
      expect((await adminEs.shopper.mutation('admin.products.removePhoto', { productId, photoId })).status).toBe(200)
    await remove(first.id, first.photos[0]!.id)
    await remove(first.id, first.photos[1]!.id)
    expect(stored(imageId)).toHaveLength(7)
    expect(await db().select().from(mediaFiles).where(eq(mediaFiles.id, imageId))).toHaveLength(1)

    await remove(second.id, second.photos[0]!.id)
    expect(stored(imageId)).toEqual([])
    expect(await db().select().from(mediaFiles).where(eq(mediaFiles.id, imageId))).toEqual([])
    expect((await t.app.inject({ method: 'GET', url: `/media/products/${imageId}-760.avif` })).statusCode).toBe(404)

    // Uploaded again: the files are back.
    expect((await upload(t, adminEs, second.id, bytes)).statusCode).toBe(200)
    expect(stored(imageId)).toEqual(pictureKeys('products', imageId))
  })

  it('closes the ranks, and is audited', async () => {
    const product = await draftWithPhotos(3)
    await admin.admin.products.removePhoto({ productId: product.id, photoId: product.photos[1]!.id })
    const rows = await db()
      .select({ id: productPhotos.id, position: productPhotos.position })
      .from(productPhotos)
      .where(eq(productPhotos.productId, product.id))
      .orderBy(asc(productPhotos.position))
    expect(rows).toEqual([
      { id: product.photos[0]!.id, position: 0 },
      { id: product.photos[2]!.id, position: 1 },
    ])
    const audit = await db().select({ changes: catalogAudit.changes }).from(catalogAudit).where(eq(catalogAudit.entityId, product.id))
    expect(audit.map((row) => row.changes[0])).toContainEqual({ field: 'photoRemoved', from: 3, to: 2 })
  })

  it('is refused for a published product’s last photo, which stays with its files', async () => {
    const product = await draftWithPhotos(1)
    await describeAll(product)
    await admin.admin.products.publish({ id: product.id })
    const before = await catalogRows(db())
    const answer = await adminEn.shopper.mutation('admin.products.removePhoto', { productId: product.id, photoId: product.photos[0]!.id })
    expect([answer.status, answer.error?.message]).toEqual([400, translate('en', messages.publishedNeedsPhoto)])
    expect(await catalogRows(db())).toEqual(before)
    expect(stored(product.photos[0]!.imageId!)).toHaveLength(7)
  })
})

describe('uploading', () => {
  it(`stops at ${maxProductPhotos} photos, said in the admin’s language, storing nothing more`, async () => {
    const product = await draftWithPhotos(0)
    await db()
      .insert(productPhotos)
      .values(Array.from({ length: maxProductPhotos }, (_, position) => ({ productId: product.id, position, imageKey: 'marmol-carrara-blanco' })))
    const bytes = await photo('jpeg', 760, 950, 150)
    const res = await upload(t, adminEn, product.id, bytes, { language: 'en' })
    expect([res.statusCode, res.json<{ message: string }>().message]).toEqual([400, `A product holds at most ${maxProductPhotos} pictures`])
    expect(await db().select().from(productPhotos).where(eq(productPhotos.productId, product.id))).toHaveLength(maxProductPhotos)
  })
})

describe('the PDF catalog', () => {
  async function pdf() {
    const res = await t.app.inject({ method: 'GET', url: '/catalog.pdf?lang=es' })
    expect(res.statusCode).toBe(200)
    return res.rawPayload
  }

  it('prints a published product’s uploaded first photo (its JPEG), made again for an upload that lacks it, and is redrawn when the photos change', async () => {
    const product = await draftWithPhotos(1)
    await describeAll(product)
    await admin.admin.products.publish({ id: product.id })
    const imageId = product.photos[0]!.imageId!
    const jpegPath = join(t.env.DATA_DIR, 'media', ...pdfPictureKey('products', imageId).split('/'))
    const jpeg = readFileSync(jpegPath)
    const first = await pdf()
    // pdfkit embeds a JPEG as it is (DCTDecode): its bytes are in the document.
    expect(first.includes(jpeg.subarray(200, 600))).toBe(true)

    // An upload from before the PDF's JPEG existed: the next PDF makes it from the WebP and keeps it.
    rmSync(jpegPath)
    const second = await draftWithPhotos(1)
    await describeAll(second)
    await admin.admin.products.publish({ id: second.id })
    const redrawn = await pdf()
    expect(existsSync(jpegPath)).toBe(true)
    expect(redrawn.includes(readFileSync(jpegPath).subarray(200, 600))).toBe(true)
    expect(redrawn.equals(first)).toBe(false)
  })
})

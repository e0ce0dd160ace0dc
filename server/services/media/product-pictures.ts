import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Metadata, Sharp } from 'sharp'
import type { Database } from '../../db/client.ts'
import { catalogAudit, products } from '../../db/schema/index.ts'
import { AppError, notFound } from '../../errors.ts'
import type { MediaStore } from './store.ts'
import { messages } from '../../../core/messages.ts'
import {
  minPictureSize,
  productPictureAspect,
  productPictureFormats,
  productPictureKey,
  productPictureWidths,
  type PictureFormat,
} from '../../../core/pictures.ts'

/** What sharp must find in the bytes (not in the file's name or its declared type). */
const acceptedFormats = new Set(['jpeg', 'png', 'webp'])
/** A decompression bomb stops here: 60 megapixels is far above any phone's photo. */
const maxInputPixels = 60_000_000
// The built-in pictures' qualities (scripts/generate-images.ts); a lower AVIF effort keeps an
// upload's six encodes to a few seconds on a small server.
const quality: Record<PictureFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 45, effort: 4 }),
  webp: (image) => image.webp({ quality: 78, effort: 5 }),
}

export interface ProductPicture {
  /** Content hash of the upload: the renditions' names, so a key's bytes never change. */
  id: string
  files: Array<{ key: string; body: Buffer; contentType: string }>
}

/**
 * Turns an upload into the shop's renditions: checks that the bytes are a JPEG, PNG or WebP of a
 * usable size, turns it upright (EXIF orientation), crops it to 4:5 and writes each width as AVIF
 * and WebP. Nothing of the original's metadata (camera, place, time) survives: sharp writes none
 * unless asked to.
 */
export async function makeProductPicture(upload: Buffer): Promise<ProductPicture> {
  // Loaded on the first upload: serving the shop never needs the image library in memory.
  const { default: sharp } = await import('sharp')
  const source = sharp(upload, { failOn: 'error', limitInputPixels: maxInputPixels })
  let metadata: Metadata
  try {
    metadata = await source.metadata()
  } catch (error) {
    throw new AppError('BAD_REQUEST', messages.pictureUnreadable, { cause: error })
  }
  if (!metadata.format || !acceptedFormats.has(metadata.format)) throw new AppError('BAD_REQUEST', messages.pictureUnsupported)
  // Width and height as shown: a portrait photo is stored landscape with an orientation tag.
  const turned = (metadata.orientation ?? 1) >= 5
  const width = turned ? metadata.height : metadata.width
  const height = turned ? metadata.width : metadata.height
  if (!width || !height || width < minPictureSize.width || height < minPictureSize.height) {
    throw new AppError('BAD_REQUEST', messages.pictureTooSmall, { values: { ...minPictureSize } })
  }
  const id = createHash('sha256').update(upload).digest('hex').slice(0, 32)
  try {
    const upright = source.rotate()
    const files = await Promise.all(
      productPictureWidths.flatMap((renditionWidth) =>
        productPictureFormats.map(async (format) => {
          const resized = upright.clone().resize({
            width: renditionWidth,
            height: Math.round((renditionWidth * productPictureAspect.height) / productPictureAspect.width),
            fit: 'cover',
            position: 'centre',
          })
          return {
            key: productPictureKey(id, renditionWidth, format),
            body: await quality[format](resized).toBuffer(),
            contentType: `image/${format}`,
          }
        }),
      ),
    )
    return { id, files }
  } catch (error) {
    // A truncated or corrupt file whose header looked fine.
    throw new AppError('BAD_REQUEST', messages.pictureUnreadable, { cause: error })
  }
}

/**
 * Stores an upload's renditions and makes it the product's picture, with an audit row. The files
 * go first: a product never points at a picture that is not there. Replaced renditions stay in the
 * store (a page cached before the change may still show them).
 */
export async function setProductPicture(
  db: Database,
  media: MediaStore,
  input: { productId: string; actor: { id: string; email: string }; upload: Buffer },
): Promise<{ imageId: string }> {
  const [existing] = await db.select({ id: products.id }).from(products).where(eq(products.id, input.productId)).limit(1)
  if (!existing) throw notFound(messages.productNotFound)
  const picture = await makeProductPicture(input.upload)
  for (const file of picture.files) await media.put(file.key, file.body, file.contentType)
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ imageId: products.imageId }).from(products).where(eq(products.id, input.productId)).for('update').limit(1)
    if (!before) throw notFound(messages.productNotFound)
    if (before.imageId === picture.id) return
    await tx.update(products).set({ imageId: picture.id }).where(eq(products.id, input.productId))
    await tx.insert(catalogAudit).values({
      entity: 'product',
      entityId: input.productId,
      action: 'update',
      actorId: input.actor.id,
      actorEmail: input.actor.email,
      changes: [{ field: 'imageId', from: before.imageId, to: picture.id }],
    })
  })
  return { imageId: picture.id }
}

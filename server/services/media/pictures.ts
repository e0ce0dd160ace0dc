import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Metadata, Sharp } from 'sharp'
import type { Database } from '../../db/client.ts'
import { catalogAudit, categories } from '../../db/schema/index.ts'
import { AppError, notFound } from '../../errors.ts'
import type { MediaStore } from './store.ts'
import { messages } from '../../../core/messages.ts'
import {
  minPictureSize,
  pdfPictureKey,
  pdfPictureWidth,
  pictureAspect,
  pictureFormats,
  pictureKey,
  pictureWidths,
  type PictureFormat,
  type PictureKind,
} from '../../../core/pictures.ts'

/** What sharp must find in the bytes (not in the file's name or its declared type). */
const acceptedFormats = new Set(['jpeg', 'png', 'webp'])
/** A decompression bomb stops here: 60 megapixels is far above any phone's photo. */
const maxInputPixels = 60_000_000
// The built-in pictures' qualities (AVIF 45, WebP 78); a lower AVIF effort keeps an
// upload's six encodes to a few seconds on a small server.
const quality: Record<PictureFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 45, effort: 4 }),
  webp: (image) => image.webp({ quality: 78, effort: 5 }),
}

export interface Picture {
  /** Content hash of the upload: the renditions' names, so a key's bytes never change. */
  id: string
  files: Array<{ key: string; body: Buffer; contentType: string }>
}

/**
 * Turns an upload into the shop's renditions: checks that the bytes are a JPEG, PNG or WebP of a
 * usable size, turns it upright (EXIF orientation), crops it to its kind's shape (products 4:5,
 * categories 3:2) and writes each width as AVIF and WebP. Nothing of the original's metadata
 * (camera, place, time) survives: sharp writes none unless asked to.
 */
export async function makePicture(kind: PictureKind, upload: Buffer): Promise<Picture> {
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
  const minimum = minPictureSize[kind]
  if (!width || !height || width < minimum.width || height < minimum.height) {
    throw new AppError('BAD_REQUEST', messages.pictureTooSmall, { values: { ...minimum } })
  }
  const aspect = pictureAspect[kind]
  const id = createHash('sha256').update(upload).digest('hex').slice(0, 32)
  try {
    const upright = source.rotate()
    const pdf =
      kind === 'products'
        ? [pdfJpeg(upright.clone(), aspect).then((body) => ({ key: pdfPictureKey(kind, id), body, contentType: 'image/jpeg' }))]
        : []
    const files = await Promise.all([
      ...pdf,
      ...pictureWidths.flatMap((renditionWidth) =>
        pictureFormats.map(async (format) => {
          const resized = upright.clone().resize({
            width: renditionWidth,
            height: Math.round((renditionWidth * aspect.height) / aspect.width),
            fit: 'cover',
            position: 'centre',
          })
          return {
            key: pictureKey(kind, id, renditionWidth, format),
            body: await quality[format](resized).toBuffer(),
            contentType: `image/${format}`,
          }
        }),
      ),
    ])
    return { id, files }
  } catch (error) {
    // A truncated or corrupt file whose header looked fine.
    throw new AppError('BAD_REQUEST', messages.pictureUnreadable, { cause: error })
  }
}

/** The PDF's JPEG of an upright picture: its kind's shape, `pdfPictureWidth` wide. */
function pdfJpeg(upright: Sharp, aspect: { width: number; height: number }): Promise<Buffer> {
  return upright
    .resize({ width: pdfPictureWidth, height: Math.round((pdfPictureWidth * aspect.height) / aspect.width), fit: 'cover', position: 'centre' })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer()
}

/**
 * The PDF's JPEG of a stored product picture, made from its widest WebP (and kept) when an older
 * upload has none yet; null when the picture's files are gone.
 */
export async function pdfPictureOf(media: MediaStore, id: string): Promise<Buffer | null> {
  const key = pdfPictureKey('products', id)
  const stored = await media.get(key)
  if (stored) return stored.body
  const widest = await media.get(pictureKey('products', id, pictureWidths[pictureWidths.length - 1] ?? 1200, 'webp'))
  if (!widest) return null
  const { default: sharp } = await import('sharp')
  const body = await pdfJpeg(sharp(widest.body), pictureAspect.products)
  await media.put(key, body, 'image/jpeg')
  return body
}

/**
 * Stores an upload's renditions and makes it the category's picture, with an audit row. The files
 * go first: nothing ever points at a picture that is not there. Replaced renditions stay in the
 * store (a page cached before the change may still show them).
 */
export async function setCategoryPicture(
  db: Database,
  media: MediaStore,
  input: { id: string; actor: { id: string; email: string }; upload: Buffer },
): Promise<{ imageId: string }> {
  const [existing] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, input.id)).limit(1)
  if (!existing) throw notFound(messages.categoryNotFound)
  const picture = await makePicture('categories', input.upload)
  for (const file of picture.files) await media.put(file.key, file.body, file.contentType)
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ imageId: categories.imageId }).from(categories).where(eq(categories.id, input.id)).for('update').limit(1)
    if (!before) throw notFound(messages.categoryNotFound)
    if (before.imageId === picture.id) return
    await tx.update(categories).set({ imageId: picture.id }).where(eq(categories.id, input.id))
    await tx.insert(catalogAudit).values({
      entity: 'category',
      entityId: input.id,
      action: 'update',
      actorId: input.actor.id,
      actorEmail: input.actor.email,
      changes: [{ field: 'imageId', from: before.imageId, to: picture.id }],
    })
  })
  return { imageId: picture.id }
}

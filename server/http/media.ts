import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Database } from '../db/client.ts'
import { AppError } from '../errors.ts'
import { setCategoryPicture } from '../services/media/pictures.ts'
import { addProductPhoto } from '../services/media/product-photos.ts'
import type { MediaStore } from '../services/media/store.ts'
import type { CatalogVersion } from '../services/catalog-version.ts'
import { roleRefusal } from '../trpc.ts'
import { messages, type AppMessage } from '../../core/messages.ts'
import { maxPictureBytes, pictureKeyPattern } from '../../core/pictures.ts'

export interface MediaRoutesOptions {
  db: Database
  media: MediaStore
  /** The catalog's version: an upload answers once its change is seen (as admin.* catalog changes do). */
  catalogVersion: CatalogVersion | null
}

const pictureParams = z.object({ id: z.uuid() })

/**
 * The owner's picture uploads and the pictures' files (docs/product.md#owner): a product's new
 * photo, a category's picture. An upload is a plain multipart POST (a file does not belong in a
 * JSON batch), guarded exactly like an admin.* procedure: same origin, signed in, admin, two-factor
 * where required. Registered without fastify-plugin, so the multipart parser exists only here.
 */
export async function mediaRoutes(app: FastifyInstance, opts: MediaRoutesOptions) {
  await app.register(multipart, { limits: { fileSize: maxPictureBytes, files: 1, fields: 0, parts: 1, headerPairs: 200 } })

  /** The admin, the owner's id from the URL and the uploaded bytes, or the refusal an admin.* call would get. */
  async function upload(req: FastifyRequest, reply: FastifyReply, missing: AppMessage) {
    const ctx = await app.requestContext(req, reply)
    // Cookies alone never authorise a cross-site POST (a form on another site can send a file).
    if (!ctx.sameOrigin) throw new AppError('FORBIDDEN', messages.crossSite)
    const refusal = roleRefusal(ctx, 'admin')
    if (refusal || !ctx.user) throw refusal ?? new AppError('UNAUTHORIZED', messages.signInRequired)
    const params = pictureParams.safeParse(req.params)
    if (!params.success) throw new AppError('NOT_FOUND', missing)
    if (!req.isMultipart()) throw new AppError('BAD_REQUEST', messages.pictureMissing)
    const file = await req.file()
    if (!file) throw new AppError('BAD_REQUEST', messages.pictureMissing)
    try {
      return { id: params.data.id, actor: { id: ctx.user.id, email: ctx.user.email }, bytes: await file.toBuffer() }
    } catch (error) {
      if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw new AppError('BAD_REQUEST', messages.pictureTooLarge, { cause: error })
      throw error
    }
  }

  /** Answers once this instance has seen the change (as admin.* catalog changes do). */
  async function afterChange<T>(change: () => Promise<T>): Promise<T> {
    const seen = opts.catalogVersion?.current()
    const result = await change()
    if (seen !== undefined) await opts.catalogVersion?.movedPast(seen, 500)
    return result
  }

  app.post('/admin/products/:id/photos', async (req, reply) => {
    const { id, actor, bytes } = await upload(req, reply, messages.productNotFound)
    const photo = await afterChange(() => addProductPhoto(opts.db, opts.media, { productId: id, actor, upload: bytes }))
    return reply.header('cache-control', 'no-store').send(photo)
  })

  app.post('/admin/categories/:id/picture', async (req, reply) => {
    const { id, actor, bytes } = await upload(req, reply, messages.categoryNotFound)
    const picture = await afterChange(() => setCategoryPicture(opts.db, opts.media, { id, actor, upload: bytes }))
    return reply.header('cache-control', 'no-store').send(picture)
  })

  // Content-hashed names: a file never changes, so browsers and CDNs keep it for a year.
  app.get('/media/*', async (req, reply) => {
    const key = (req.params as { '*': string })['*']
    const file = pictureKeyPattern.test(key) ? await opts.media.get(key) : null
    if (!file) return reply.status(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not Found\n')
    return reply.header('cache-control', 'public, max-age=31536000, immutable').type(file.contentType).send(file.body)
  })
}

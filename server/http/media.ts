import multipart from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { Database } from '../db/client.ts'
import { AppError } from '../errors.ts'
import { setPicture } from '../services/media/pictures.ts'
import type { MediaStore } from '../services/media/store.ts'
import type { CatalogVersion } from '../services/catalog-version.ts'
import { roleRefusal } from '../trpc.ts'
import { messages } from '../../core/messages.ts'
import { maxPictureBytes, pictureKeyPattern, type PictureKind } from '../../core/pictures.ts'

export interface MediaRoutesOptions {
  db: Database
  media: MediaStore
  /** The catalog's version: an upload answers once its change is seen (as admin.* catalog changes do). */
  catalogVersion: CatalogVersion | null
}

const pictureParams = z.object({ id: z.uuid() })
const missing = { products: messages.productNotFound, categories: messages.categoryNotFound } satisfies Record<PictureKind, unknown>

/**
 * The owner's picture uploads and the pictures' files (docs/product.md#owner). An upload is a plain
 * multipart POST (a file does not belong in a JSON batch), guarded exactly like an admin.*
 * procedure: same origin, signed in, admin, two-factor where required. Registered without
 * fastify-plugin, so the multipart parser exists only here.
 */
export async function mediaRoutes(app: FastifyInstance, opts: MediaRoutesOptions) {
  await app.register(multipart, { limits: { fileSize: maxPictureBytes, files: 1, fields: 0, parts: 1, headerPairs: 200 } })

  const kinds: PictureKind[] = ['products', 'categories']
  for (const kind of kinds)
    app.post(`/admin/${kind}/:id/picture`, async (req, reply) => {
      const ctx = await app.requestContext(req, reply)
      // Cookies alone never authorise a cross-site POST (a form on another site can send a file).
      if (!ctx.sameOrigin) throw new AppError('FORBIDDEN', messages.crossSite)
      const refusal = roleRefusal(ctx, 'admin')
      if (refusal || !ctx.user) throw refusal ?? new AppError('UNAUTHORIZED', messages.signInRequired)
      const params = pictureParams.safeParse(req.params)
      if (!params.success) throw new AppError('NOT_FOUND', missing[kind])
      if (!req.isMultipart()) throw new AppError('BAD_REQUEST', messages.pictureMissing)
      const file = await req.file()
      if (!file) throw new AppError('BAD_REQUEST', messages.pictureMissing)
      let upload: Buffer
      try {
        upload = await file.toBuffer()
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError)
          throw new AppError('BAD_REQUEST', messages.pictureTooLarge, { cause: error })
        throw error
      }
      const seen = opts.catalogVersion?.current()
      const picture = await setPicture(opts.db, opts.media, {
        kind,
        id: params.data.id,
        actor: { id: ctx.user.id, email: ctx.user.email },
        upload,
      })
      if (seen !== undefined) await opts.catalogVersion?.movedPast(seen, 500)
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

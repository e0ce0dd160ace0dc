import { createReadStream, statSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../errors.ts'
import type { Backups } from '../services/backups.ts'
import { roleRefusal } from '../trpc.ts'
import { messages } from '../../core/messages.ts'

/**
 * `GET /admin/backups/<name>`: a backup of the embedded database, to an admin only.
 * Anyone else, and any name the shop did not write, gets the same 404.
 */
export async function backupRoutes(app: FastifyInstance, opts: { backups: Backups }) {
  app.get<{ Params: { name: string } }>('/admin/backups/:name', async (req, reply) => {
    reply.header('cache-control', 'private, no-store')
    const ctx = await app.requestContext(req, reply)
    const file = roleRefusal(ctx, 'admin') === null ? opts.backups.path(req.params.name) : null
    if (!file) throw new AppError('NOT_FOUND', messages.backupNotFound)
    req.log.info({ backup: req.params.name, adminId: ctx.user?.id }, 'backup downloaded')
    return reply
      .type(req.params.name.endsWith('.gz') ? 'application/gzip' : 'application/octet-stream')
      .header('content-length', statSync(file).size)
      .header('content-disposition', `attachment; filename="${req.params.name}"`)
      .send(createReadStream(file))
  })
}

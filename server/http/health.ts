import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { DatabaseHandle } from '../db/client.ts'

/** `/healthz`: the process serves and its database answers. */
export async function health(app: FastifyInstance, opts: { database: DatabaseHandle }) {
  app.get('/healthz', async (_req, reply) => {
    try {
      await opts.database.db.execute(sql`select 1`)
      return { status: 'ok', database: opts.database.kind }
    } catch (error) {
      app.log.error({ err: error }, 'health check failed')
      return reply.status(503).send({ status: 'error' })
    }
  })
}

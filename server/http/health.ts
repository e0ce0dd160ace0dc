import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { migrationsFolder, type DatabaseHandle } from '../db/client.ts'

/** How many migrations this build carries: the database must have applied them all to serve it. */
const expectedMigrations = (JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length

export interface HealthOptions {
  database: DatabaseHandle
  /** The shared store of rate limits, when REDIS_URL configures one. */
  redis: { ready(timeoutMs?: number): Promise<boolean> } | null
}

/**
 * `/healthz`: the process is alive (no database call: a restart would not cure a database outage).
 * `/readyz`: it can serve: database reachable, migrations applied, Redis reachable when configured,
 * not shutting down. A 503 names the failing part, never a secret or a query.
 */
export async function health(app: FastifyInstance, opts: HealthOptions) {
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })

  app.get('/healthz', async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }))

  app.get('/readyz', async (_req, reply) => {
    const failing: string[] = []
    if (closing) failing.push('shutting down')
    try {
      const [row] = rowsOf<{ n: number }>(
        await withTimeout(opts.database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)),
      )
      if ((row?.n ?? 0) < expectedMigrations) failing.push('migrations')
    } catch (error) {
      app.log.warn({ err: error }, 'readiness: the database does not answer')
      failing.push('database')
    }
    if (opts.redis && !(await opts.redis.ready(1000))) failing.push('redis')
    reply.header('cache-control', 'no-store')
    if (failing.length > 0) return reply.status(503).send({ status: 'unavailable', failing })
    return reply.send({ status: 'ready', database: opts.database.kind })
  })
}

/** A database that accepts the connection but never answers must not hold the probe. */
function withTimeout<T>(work: Promise<T>, ms = 2000): Promise<T> {
  return Promise.race([work, new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('database answer timed out')), ms).unref())])
}

/** postgres-js returns the rows; PGlite returns `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? [])
}

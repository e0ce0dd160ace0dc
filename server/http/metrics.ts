import { timingSafeEqual } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { httpDuration, httpRequests, metricsText, registry } from '../metrics.ts'

export interface MetricsOptions {
  /** METRICS_TOKEN: `/metrics` on the shop's own port, for a bearer of this token only. */
  token: string | undefined
  /** METRICS_PORT: `/metrics` on a port of its own, bound to `host` (127.0.0.1 unless told). */
  port: number | undefined
  host: string
  emailCounts: () => Promise<Record<string, number>>
  poolUse: () => Promise<{ max: number; byState: Record<string, number> } | null>
  /** The VERI*FACTU records by state (null: VERIFACTU is off). */
  verifactuCounts?: () => Promise<Record<string, number> | null>
}

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Counts every answer by route pattern and times it; serves the Prometheus text where the operator
 * said (METRICS_TOKEN, METRICS_PORT). Neither setting: no `/metrics` at all (404), the counting
 * still runs.
 */
export const metricsRoutes = fp(async (app: FastifyInstance, opts: MetricsOptions) => {
  app.addHook('onResponse', async (req, reply) => {
    // Unmatched URLs are one label, not one per URL a scanner makes up.
    const route = req.routeOptions.url ?? 'unmatched'
    httpRequests.inc({ method: req.method, route, status: String(reply.statusCode) })
    httpDuration.observe({ method: req.method, route }, reply.elapsedTime / 1000)
  })
  const text = () => metricsText({ emailCounts: opts.emailCounts, poolUse: opts.poolUse, verifactuCounts: opts.verifactuCounts })

  const token = opts.token
  if (token) {
    app.get('/metrics', async (req, reply) => {
      reply.header('cache-control', 'no-store')
      const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? ''
      if (!sameSecret(given, token)) return reply.status(401).header('www-authenticate', 'Bearer').send({ error: 'Unauthorized' })
      return reply.type(registry.contentType).send(await text())
    })
  }

  const port = opts.port
  if (port !== undefined) {
    let server: Server | null = null
    app.addHook('onListen', async () => {
      server = createServer((req, res) => {
        if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
          res.writeHead(404).end()
          return
        }
        text().then(
          (body) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(body),
          (error: unknown) => {
            app.log.error({ err: error }, 'metrics failed')
            res.writeHead(500).end()
          },
        )
      })
      const listening = server
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject)
        listening.listen(port, opts.host, () => resolve())
      })
      app.log.info({ port, host: opts.host }, 'metrics served on their own port')
    })
    app.addHook('onClose', async () => {
      const listening = server
      if (listening) await new Promise<void>((resolve) => listening.close(() => resolve()))
    })
  }
})

import { fastifyTRPCPlugin, type CreateFastifyContextOptions } from '@trpc/server/adapters/fastify'
import { TRPCError } from '@trpc/server'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../errors.ts'
import { translate } from '../i18n.ts'
import type { ServedRouter } from '../router.ts'
import type { CatalogVersion } from '../services/catalog-version.ts'
import { languageCookie } from '../../core/language.ts'
import { hasWholesaleAccess } from '../../core/roles.ts'
import { hasAuthCookie, requestLanguage } from './request-info.ts'

// Answers that are the same for every caller; everything else depends on the session or role
// (the categories' "desde" prices are the caller's).
const publicQueries = new Set(['catalog.category', 'catalog.wholesaleFrom'])

// What a signed-out caller gets from these depends on the catalog, the input and the language only.
const catalogQueries = new Set([...publicQueries, 'catalog.categories', 'catalog.products', 'catalog.product'])

/** tRPC answers: cacheable by anyone only when every procedure in the batch is the same for all. */
function cacheHeaders(paths: readonly string[] | undefined, type: string, failed: boolean): Record<string, string> {
  const shared = type === 'query' && !failed && paths !== undefined && paths.length > 0 && paths.every((p) => publicQueries.has(p))
  return { 'cache-control': shared ? 'public, max-age=60' : 'private, no-store', vary: 'Cookie' }
}

interface KeptAnswer {
  headers: Record<string, string>
  /** Bytes, so each answer is sent as tRPC sent it (no charset added, no encoding per request). */
  body: Buffer
}

/** The procedures a GET `/trpc/a,b?…` names, or null for anything else. */
function queriedProcedures(url: string): string[] | null {
  const path = /^\/trpc\/([^?]+)/.exec(url)?.[1]
  return path === undefined ? null : decodeURIComponent(path).split(',')
}

/**
 * Catalog answers at retail prices, kept per (language, URL) until the catalog changes
 * (docs/decisions/015): the tRPC pipeline (fetch Request and Response objects, middlewares,
 * serialisation) costs more than the read itself, so a visitor's (or a signed-in customer's)
 * repeated `catalog.products` is a string from memory. Filled by an internal request made like a visitor's, so what is kept never
 * carries a caller's cookie or role. Bounded: the oldest go first beyond `maxEntries`.
 */
class CatalogAnswers {
  static readonly maxEntries = 500
  readonly #answers = new Map<string, KeptAnswer & { version: number }>()
  readonly #filling = new Set<string>()
  readonly #catalog: CatalogVersion
  constructor(catalog: CatalogVersion) {
    this.#catalog = catalog
    catalog.subscribe(() => this.#answers.clear())
  }

  get(key: string): KeptAnswer | null {
    const kept = this.#answers.get(key)
    if (!kept) return null
    if (kept.version === this.#catalog.current()) return kept
    this.#answers.delete(key)
    return null
  }

  /** Fills `key` once from `answer` (a visitor's request), unless the catalog changes meanwhile. */
  fill(key: string, answer: () => Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>) {
    if (this.#filling.has(key)) return
    this.#filling.add(key)
    const version = this.#catalog.current()
    answer()
      .then(({ status, headers, body }) => {
        if (status !== 200 || headers['set-cookie'] !== undefined || version !== this.#catalog.current()) return
        const kept: Record<string, string> = {}
        for (const name of ['content-type', 'cache-control', 'vary']) {
          const value = headers[name]
          if (typeof value === 'string') kept[name] = value
        }
        this.#answers.set(key, { headers: kept, body, version })
        if (this.#answers.size > CatalogAnswers.maxEntries) {
          const oldest = this.#answers.keys().next().value
          if (oldest !== undefined) this.#answers.delete(oldest)
        }
      })
      .catch(() => {})
      .finally(() => this.#filling.delete(key))
  }
}

/** The API at /trpc, with the router the payment setup allows (router.ts). */
export async function trpcRoutes(app: FastifyInstance, opts: { router: ServedRouter; catalog?: CatalogVersion | null }) {
  const answers = opts.catalog ? new CatalogAnswers(opts.catalog) : null
  const fillRequest = 'x-catalog-answer-fill'
  if (answers) {
    app.addHook('onRequest', async (req, reply) => {
      if (req.method !== 'GET' || req.headers[fillRequest] !== undefined) return
      const procedures = queriedProcedures(req.url)
      if (!procedures || !procedures.every((p) => catalogQueries.has(p))) return
      // A signed-in caller without wholesale prices gets what a visitor gets (the session read once,
      // then kept for tRPC's context); wholesale prices go through tRPC. A failed read: tRPC says why.
      if (hasAuthCookie(req)) {
        const session = await app.requestSession(req).catch(() => 'failed' as const)
        if (session === 'failed' || (session !== null && hasWholesaleAccess(session.role))) return
      }
      const language = requestLanguage(req)
      const key = `${language} ${req.url}`
      const kept = answers.get(key)
      if (kept) return reply.headers(kept.headers).header('x-catalog-cache', 'hit').send(kept.body)
      // This caller is answered by tRPC as usual; the kept answer comes from a request of our own
      // with no cookie but the language.
      answers.fill(key, async () => {
        const res = await app.inject({ method: 'GET', url: req.url, headers: { [fillRequest]: '1', cookie: `${languageCookie}=${language}` } })
        return { status: res.statusCode, headers: res.headers, body: res.rawPayload }
      })
    })
  }
  await app.register(fastifyTRPCPlugin<ServedRouter>, {
    prefix: '/trpc',
    trpcOptions: {
      router: opts.router,
      createContext: async ({ req, res }: CreateFastifyContextOptions) => {
        try {
          return await app.requestContext(req, res)
        } catch (error) {
          // A refusal while resolving the session (the database out of reach: 503) keeps its own code.
          // No context means no language for the error formatter: the message is translated here.
          if (error instanceof AppError) {
            throw new TRPCError({ code: error.code, message: translate(requestLanguage(req), error.userMessage, error.values), cause: error })
          }
          throw error
        }
      },
      onError({ error, path, req }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error.cause ?? error, path }, 'tRPC procedure failed')
      },
      responseMeta: ({ paths, type, errors }) => ({ headers: cacheHeaders(paths, type, errors.length > 0) }),
    },
  })
}

import { fastifyTRPCPlugin, type CreateFastifyContextOptions } from '@trpc/server/adapters/fastify'
import type { FastifyInstance } from 'fastify'
import type { ServedRouter } from '../router.ts'

// Answers that are the same for every caller; everything else depends on the session or role.
const publicQueries = new Set(['catalog.categories', 'catalog.category'])

/** tRPC answers: cacheable by anyone only when every procedure in the batch is the same for all. */
function cacheHeaders(paths: readonly string[] | undefined, type: string, failed: boolean): Record<string, string> {
  const shared = type === 'query' && !failed && paths !== undefined && paths.length > 0 && paths.every((p) => publicQueries.has(p))
  return { 'cache-control': shared ? 'public, max-age=60' : 'private, no-store', vary: 'Cookie' }
}

/** The API at /trpc, with the router the payment setup allows (router.ts). */
export async function trpcRoutes(app: FastifyInstance, opts: { router: ServedRouter }) {
  await app.register(fastifyTRPCPlugin<ServedRouter>, {
    prefix: '/trpc',
    trpcOptions: {
      router: opts.router,
      createContext: ({ req, res }: CreateFastifyContextOptions) => app.requestContext(req, res),
      onError({ error, path, req }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error.cause ?? error, path }, 'tRPC procedure failed')
      },
      responseMeta: ({ paths, type, errors }) => ({ headers: cacheHeaders(paths, type, errors.length > 0) }),
    },
  })
}

import underPressure from '@fastify/under-pressure'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../errors.ts'
import { messages } from '../../core/messages.ts'

/** Files served as they are: the client build (hashed scripts, CSS, fonts, pictures), uploaded pictures. */
const fileExtension = /\.(?:css|js|mjs|woff2?|avif|webp|png|jpe?g|gif|svg|ico|txt|xml|map)$/i

/**
 * Whether a request is cheap enough to serve whatever the load: liveness and metrics (the process is
 * alive, and the lag is what an operator looks at), and files. Shedding a page's CSS, fonts or
 * pictures after its HTML was served leaves the visitor an unstyled page, and saves nothing.
 */
export function isNeverShed(method: string, url: string): boolean {
  const path = url.split('?', 1)[0] ?? ''
  if (path === '/healthz' || path === '/metrics') return true
  if (method !== 'GET' && method !== 'HEAD') return false
  return path.startsWith('/assets/') || path.startsWith('/media/') || fileExtension.test(path)
}

/**
 * Sheds load rather than queueing it without bound (docs/product.md#limits): while the event loop
 * lags more than `maxEventLoopDelayMs`, the expensive requests (page renders, API calls, form
 * posts, PDFs) get 503 with Retry-After and the "briefly unavailable" message in the visitor's
 * language (errors.ts), so a balancer or a client tries again instead of piling up.
 */
export const overload = fp(async (app: FastifyInstance, opts: { maxEventLoopDelayMs: number }) => {
  if (opts.maxEventLoopDelayMs <= 0) return
  await app.register(underPressure, {
    maxEventLoopDelay: opts.maxEventLoopDelayMs,
    retryAfter: 5,
    // Logged by errors.ts with the request's id, like any 503.
    pressureHandler: (req) => {
      if (isNeverShed(req.method, req.url)) return
      throw new AppError('SERVICE_UNAVAILABLE', messages.serviceUnavailable)
    },
  })
})

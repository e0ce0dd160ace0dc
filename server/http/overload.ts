import underPressure from '@fastify/under-pressure'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../errors.ts'
import { messages } from '../../core/messages.ts'

/**
 * Sheds load rather than queueing it without bound (issue 16): while the event loop lags more than
 * `maxEventLoopDelayMs`, requests get 503 with Retry-After and the "briefly unavailable" message in
 * the visitor's language (errors.ts), so a balancer or a client tries again instead of piling up.
 * Liveness and metrics still answer: the process is alive, and the lag is what an operator looks at.
 */
export const overload = fp(async (app: FastifyInstance, opts: { maxEventLoopDelayMs: number }) => {
  if (opts.maxEventLoopDelayMs <= 0) return
  await app.register(underPressure, {
    maxEventLoopDelay: opts.maxEventLoopDelayMs,
    retryAfter: 5,
    // Logged by errors.ts with the request's id, like any 503.
    pressureHandler: (req) => {
      const path = req.url.split('?', 1)[0]
      if (path === '/healthz' || path === '/metrics') return
      throw new AppError('SERVICE_UNAVAILABLE', messages.serviceUnavailable)
    },
  })
})

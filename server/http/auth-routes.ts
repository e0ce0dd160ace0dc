import type { FastifyInstance, FastifyRequest } from 'fastify'
import { fromNodeHeaders } from 'better-auth/node'
import type { Auth } from '../auth.ts'
import { requestOrigin } from './request-info.ts'

export function toFetchHeaders(req: FastifyRequest): Headers {
  return fromNodeHeaders(req.headers)
}

/** Mounts better-auth's fetch handler at /api/auth/* (STACK.md: copy status, headers, cookies back). */
export function registerAuthRoutes(app: FastifyInstance, auth: Auth) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    async handler(req, reply) {
      const url = new URL(req.url, requestOrigin(req))
      const hasBody = req.method !== 'GET' && req.body !== undefined && req.body !== null
      const request = new Request(url, {
        method: req.method,
        headers: toFetchHeaders(req),
        ...(hasBody ? { body: typeof req.body === 'string' ? req.body : JSON.stringify(req.body) } : {}),
      })
      const response = await auth.handler(request)
      reply.status(response.status)
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value)
      })
      const cookies = response.headers.getSetCookie()
      if (cookies.length > 0) reply.header('set-cookie', cookies)
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null)
    },
  })
}

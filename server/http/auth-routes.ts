import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { fromNodeHeaders } from 'better-auth/node'
import type { Auth } from '../auth.ts'
import { requestOrigin } from './request-info.ts'

export function toFetchHeaders(req: FastifyRequest): Headers {
  return fromNodeHeaders(req.headers)
}

export type SignedInHook = (userId: string, req: FastifyRequest, reply: FastifyReply) => Promise<void>

// Endpoints after which a browser holds a new session for a user.
const signInPaths = new Set(['/api/auth/sign-in/email', '/api/auth/sign-up/email'])

/**
 * Mounts better-auth's fetch handler at /api/auth/* (STACK.md: copy status, headers, cookies back)
 * and calls `onSignedIn` after a successful sign-in or sign-up (the cart merge).
 */
export function registerAuthRoutes(app: FastifyInstance, auth: Auth, onSignedIn: SignedInHook) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    async handler(req, reply) {
      const url = new URL(req.url, requestOrigin(req))
      const hasBody = req.method !== 'GET' && req.body !== undefined && req.body !== null
      const headers = toFetchHeaders(req)
      // better-auth rate-limits by client IP: give it the one Fastify resolved (trustProxy).
      headers.set('x-forwarded-for', req.ip)
      const request = new Request(url, {
        method: req.method,
        headers,
        ...(hasBody ? { body: typeof req.body === 'string' ? req.body : JSON.stringify(req.body) } : {}),
      })
      const response = await auth.handler(request)
      reply.status(response.status)
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value)
      })
      const cookies = response.headers.getSetCookie()
      if (cookies.length > 0) reply.header('set-cookie', cookies)
      const body = response.body ? Buffer.from(await response.arrayBuffer()) : null
      if (response.ok && body && signInPaths.has(url.pathname)) {
        const userId = signedInUserId(body)
        if (userId) await onSignedIn(userId, req, reply)
      }
      return reply.send(body)
    },
  })
}

function signedInUserId(body: Buffer): string | null {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'))
    if (typeof parsed !== 'object' || parsed === null || !('user' in parsed)) return null
    const user: unknown = parsed.user
    return typeof user === 'object' && user !== null && 'id' in user && typeof user.id === 'string' ? user.id : null
  } catch {
    return null
  }
}

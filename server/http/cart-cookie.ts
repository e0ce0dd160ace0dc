import { randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Database } from '../db/client.ts'
import { mergeSessionCart } from '../services/cart.ts'
import { resolveRole } from '../services/roles.ts'
import type { CartSession } from '../trpc.ts'

export const cartCookie = 'cart_session_id'
const validId = /^[A-Za-z0-9_-]{32}$/

/**
 * The anonymous cart's id lives in an httpOnly cookie the server issues (docs/product.md#cart): scripts
 * cannot read it, and only ids this server made are accepted.
 */
export function cartSessionFor(req: FastifyRequest, reply: FastifyReply, secure: boolean): CartSession {
  const current = req.cookies[cartCookie]
  const session: CartSession = {
    id: current !== undefined && validId.test(current) ? current : null,
    issue() {
      if (session.id) return session.id
      session.id = randomBytes(24).toString('base64url')
      reply.setCookie(cartCookie, session.id, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: 60 * 60 * 24 * 30 })
      return session.id
    },
  }
  return session
}

export function clearCartCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(cartCookie, { path: '/', httpOnly: true, sameSite: 'lax', secure })
}

/** Signing in or up merges the anonymous cart into the user's, priced for their role (docs/product.md#cart). */
export function mergeCartOnSignIn(db: Database, secure: boolean) {
  return async (userId: string, req: FastifyRequest, reply: FastifyReply) => {
    const session = cartSessionFor(req, reply, secure)
    if (!session.id) return
    const role = await resolveRole(db, userId, req.log)
    await mergeSessionCart(db, session.id, userId, role)
    clearCartCookie(reply, secure)
  }
}

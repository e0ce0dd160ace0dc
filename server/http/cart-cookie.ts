import { randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Database } from '../db/client.ts'
import { mergeSessionCart } from '../services/cart.ts'
import { mergeSessionPostalCode } from '../services/cart-postal-code.ts'
import { resolveRole } from '../services/roles.ts'
import type { CartSession } from '../trpc.ts'

/** The anonymous cart's cookie: `__Host-` prefixed (Secure, Path=/, no Domain) over https. */
export const cartCookieName = (secure: boolean) => (secure ? '__Host-cart_session_id' : 'cart_session_id')
const validId = /^[A-Za-z0-9_-]{32}$/

/**
 * The anonymous cart's id lives in an httpOnly cookie the server issues and signs
 * (docs/product.md#cart): scripts cannot read it, and an id the server did not make (a planted
 * one, to share a cart with a victim) is not a cart: the caller gets a new one.
 */
export function cartSessionFor(req: FastifyRequest, reply: FastifyReply, secure: boolean): CartSession {
  const name = cartCookieName(secure)
  const raw = req.cookies[name]
  const unsigned = raw === undefined ? null : req.unsignCookie(raw)
  const session: CartSession = {
    id: unsigned?.valid && unsigned.value !== null && validId.test(unsigned.value) ? unsigned.value : null,
    issue() {
      if (session.id) return session.id
      session.id = randomBytes(24).toString('base64url')
      reply.setCookie(name, session.id, { path: '/', httpOnly: true, sameSite: 'lax', secure, signed: true, maxAge: 60 * 60 * 24 * 30 })
      return session.id
    },
  }
  return session
}

export function clearCartCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(cartCookieName(secure), { path: '/', httpOnly: true, sameSite: 'lax', secure })
}

/** Signing in or up merges the anonymous cart into the user's, priced for their role, with its postal code (docs/product.md#cart). */
export function mergeCartOnSignIn(db: Database, secure: boolean) {
  return async (userId: string, req: FastifyRequest, reply: FastifyReply) => {
    const session = cartSessionFor(req, reply, secure)
    if (!session.id) return
    const role = await resolveRole(db, userId, req.log)
    await mergeSessionCart(db, session.id, userId, role)
    await mergeSessionPostalCode(db, session.id, userId)
    clearCartCookie(reply, secure)
  }
}

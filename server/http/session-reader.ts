import { createHmac, timingSafeEqual } from 'node:crypto'
import { and, eq, exists, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Auth } from '../auth.ts'
import type { Database } from '../db/client.ts'
import { profiles, session, user, userRoles } from '../db/schema/index.ts'
import { roleOf } from '../services/roles.ts'
import { sessionRefreshSeconds } from '../services/sessions.ts'
import type { Role } from '../../core/roles.ts'

/** What a request's session cookie stands for: the session's row, its user and their role. */
export interface ReadSession {
  session: { id: string; token: string; userId: string; createdAt: Date; updatedAt: Date; expiresAt: Date; secondFactorAt: Date | null }
  user: { id: string; email: string; name: string; emailVerified: boolean; twoFactorEnabled: boolean }
  role: Role
}

/**
 * A signed-in request's session in one database round trip (docs/decisions/032): the cookie's
 * signature checked here as better-auth signs it (HMAC-SHA-256 of the token with the auth secret),
 * then the session, its user and their role in one prepared query. Nothing is cached: a session
 * ended anywhere (signed out, revoked, deleted with its account) is gone at the next request.
 *
 * Only the everyday case is answered here. `'better-auth'` hands the request to better-auth's own
 * `getSession` when it has something to do: slide a session due for its (at most hourly) refresh,
 * delete an expired one, or honour "do not remember me", so those rules stay better-auth's.
 */
export async function sessionReader(db: Database, auth: Auth) {
  const context = await auth.$context
  const cookieName = context.authCookies.sessionToken.name
  const dontRemember = context.authCookies.dontRememberToken.name
  const secret = context.secret
  const expiresInMs = context.sessionConfig.expiresIn * 1000
  const updateAgeMs = sessionRefreshSeconds * 1000
  const bySessionToken = db
    .select({
      session: {
        id: session.id,
        token: session.token,
        userId: session.userId,
        createdAt: session.createdAt,
        updatedAt: session.updatedAt,
        expiresAt: session.expiresAt,
        secondFactorAt: session.secondFactorAt,
      },
      user: { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified, twoFactorEnabled: user.twoFactorEnabled },
      admin: exists(
        db
          .select({ one: sql`1` })
          .from(userRoles)
          .where(and(eq(userRoles.userId, user.id), eq(userRoles.role, 'admin'))),
      ).mapWith(Boolean),
      approvedB2b: profiles.approvedB2b,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(session.token, sql.placeholder('token')))
    .limit(1)
    .prepare('session_by_token')

  /** The token of a cookie value `<token>.<base64 HMAC>`, or null when it is not one this shop signed. */
  function verifiedToken(value: string): string | null {
    const at = value.lastIndexOf('.')
    if (at < 1) return null
    const token = value.slice(0, at)
    // Compared as written (base64 with its padding), as better-auth compares it.
    const signature = Buffer.from(value.slice(at + 1))
    const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'))
    return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null
  }

  return async function read(req: FastifyRequest): Promise<ReadSession | null | 'better-auth'> {
    if (req.cookies[dontRemember] !== undefined) return 'better-auth'
    const cookie = req.cookies[cookieName]
    if (cookie === undefined) return null
    const token = verifiedToken(cookie)
    if (token === null) return null
    const [row] = await bySessionToken.execute({ token })
    if (!row) return null
    const now = Date.now()
    // Expired (better-auth deletes it) or due to slide forward (better-auth writes it): theirs.
    if (row.session.expiresAt.getTime() <= now || row.session.expiresAt.getTime() - expiresInMs + updateAgeMs <= now) return 'better-auth'
    return { session: row.session, user: row.user, role: roleOf({ admin: row.admin, approvedB2b: row.approvedB2b === true }) }
  }
}

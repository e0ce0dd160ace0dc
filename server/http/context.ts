import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Auth } from '../auth.ts'
import type { Database } from '../db/client.ts'
import type { Services } from '../services/index.ts'
import { resolveRole } from '../services/roles.ts'
import { endIfOutlived, type SessionPolicy } from '../services/sessions.ts'
import { createContextInner, type Context, type SessionUser } from '../trpc.ts'
import { toFetchHeaders } from './auth-routes.ts'
import { cartSessionFor } from './cart-cookie.ts'
import { isSameOrigin, requestLanguage } from './request-info.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The tRPC context of a request: session, role and language resolved once, here. */
    requestContext(req: FastifyRequest, reply: FastifyReply): Promise<Context>
  }
}

export interface RequestContextOptions {
  db: Database
  auth: Auth
  services: Services
  publicUrl: string
  secureCookies: boolean
  exposeErrors: boolean
  sessionPolicy: SessionPolicy
}

export const requestContext = fp(async (app: FastifyInstance, opts: RequestContextOptions) => {
  async function sessionUser(req: FastifyRequest): Promise<SessionUser | null> {
    const result = await opts.auth.api.getSession({ headers: toFetchHeaders(req) })
    if (!result) return null
    if (await endIfOutlived(opts.db, opts.sessionPolicy, result.session)) return null
    return {
      id: result.user.id,
      email: result.user.email,
      name: result.user.name,
      emailVerified: result.user.emailVerified,
      sessionId: result.session.id,
      twoFactorEnabled: result.user.twoFactorEnabled === true,
    }
  }

  app.decorate('requestContext', async (req: FastifyRequest, reply: FastifyReply): Promise<Context> => {
    const user = await sessionUser(req)
    const role = user ? await resolveRole(opts.db, user.id, req.log) : null
    const language = requestLanguage(req)
    return createContextInner({
      db: opts.db,
      user,
      role,
      language,
      log: req.log,
      sameOrigin: isSameOrigin(req, opts.publicUrl),
      clientIp: req.ip,
      exposeErrors: opts.exposeErrors,
      cartSession: cartSessionFor(req, reply, opts.secureCookies),
      services: opts.services,
    })
  })
})

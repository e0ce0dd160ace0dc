import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Auth } from '../auth.ts'
import type { Database } from '../db/client.ts'
import { databaseUnreachable } from '../db/unavailable.ts'
import { AppError } from '../errors.ts'
import type { Services } from '../services/index.ts'
import { resolveRole } from '../services/roles.ts'
import { endSession } from '../services/account.ts'
import { hasOutlived } from '../services/sessions.ts'
import type { SessionPolicy } from '../env.ts'
import { messages } from '../../core/messages.ts'
import { isAdmin, type Role } from '../../core/roles.ts'
import { createContextInner, type Context, type SessionUser } from '../trpc.ts'
import { toFetchHeaders } from './auth-routes.ts'
import { sessionReader, type ReadSession } from './session-reader.ts'
import { cartSessionFor } from './cart-cookie.ts'
import { hasAuthCookie, isSameOrigin, requestLanguage } from './request-info.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The tRPC context of a request: session, role and language resolved once, here. */
    requestContext(req: FastifyRequest, reply: FastifyReply): Promise<Context>
    /** The request's signed-in user and role (null: signed out), read once per request. */
    requestSession(req: FastifyRequest): Promise<{ user: SessionUser; role: Role } | null>
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
  const readSession = await sessionReader(opts.db, opts.auth)

  /** The session as better-auth's own `getSession` reads it (and slides, or deletes): the uncommon cases. */
  async function betterAuthSession(req: FastifyRequest): Promise<ReadSession | null> {
    const result = await opts.auth.api.getSession({ headers: toFetchHeaders(req) })
    if (!result) return null
    const role = await resolveRole(opts.db, result.user.id, req.log)
    return {
      session: { ...result.session, secondFactorAt: result.session.secondFactorAt instanceof Date ? result.session.secondFactorAt : null },
      user: { ...result.user, twoFactorEnabled: result.user.twoFactorEnabled === true },
      role,
    }
  }

  /** The signed-in user and role; a session past its limits is ended and counts as signed out. */
  async function signedIn(req: FastifyRequest): Promise<{ user: SessionUser; role: Role } | null> {
    if (!hasAuthCookie(req)) return null
    let result: ReadSession | null
    try {
      const read = await readSession(req)
      result = read === 'better-auth' ? await betterAuthSession(req) : read
    } catch (error) {
      // better-auth reports a lost database as its own 500: ask the database whether it is there.
      if (await databaseUnreachable(opts.db)) throw new AppError('SERVICE_UNAVAILABLE', messages.serviceUnavailable, { cause: error })
      throw error
    }
    if (!result) return null
    const { role } = result
    if (hasOutlived(opts.sessionPolicy, result.session, isAdmin(role))) {
      await endSession(opts.db, result.session.token)
      return null
    }
    const user: SessionUser = {
      id: result.user.id,
      email: result.user.email,
      name: result.user.name,
      emailVerified: result.user.emailVerified,
      sessionId: result.session.id,
      twoFactorEnabled: result.user.twoFactorEnabled,
      secondFactor: result.session.secondFactorAt !== null,
    }
    return { user, role }
  }

  // Read once per request, whoever asks first (the catalog's kept answers, then tRPC's context).
  const sessions = new WeakMap<FastifyRequest, ReturnType<typeof signedIn>>()
  app.decorate('requestSession', (req: FastifyRequest) => {
    let session = sessions.get(req)
    if (!session) {
      session = signedIn(req)
      sessions.set(req, session)
    }
    return session
  })

  app.decorate('requestContext', async (req: FastifyRequest, reply: FastifyReply): Promise<Context> => {
    const session = await app.requestSession(req)
    const user = session?.user ?? null
    const role = session?.role ?? null
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
      requestId: req.id,
    })
  })
})

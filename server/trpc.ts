import { randomBytes } from 'node:crypto'
import { initTRPC, TRPCError } from '@trpc/server'
import { trpcCalls } from './metrics.ts'
import { ZodError } from 'zod'
import type { Database } from './db/client.ts'
import { isDatabaseUnavailable } from './db/unavailable.ts'
import { AppError } from './errors.ts'
import { translate } from './i18n.ts'
import { messages } from '../core/messages.ts'
import { issueValues } from '../core/form-issues.ts'
import type { AppLogger } from './logger.ts'
import { withZodLanguage } from './zod-language.ts'
import type { Services } from './services/index.ts'
import type { LimitRule } from './services/rate-limits.ts'
import type { OrderCall } from './services/orders/index.ts'
import type { Language } from '../core/language.ts'
import { formatPhoneDigits } from '../core/company.ts'
import { hasWholesaleAccess, isAdmin, type Role } from '../core/roles.ts'

export interface SessionUser {
  id: string
  email: string
  name: string
  /** Confirmed by the emailed link (better-auth): wholesale requests and claiming guest orders need it. */
  emailVerified: boolean
  /** The better-auth session of the request; null for in-process callers (tests, SSR without cookies). */
  sessionId: string | null
  /** TOTP two-factor turned on (better-auth's plugin): ADMIN_REQUIRE_2FA asks it of every admin. */
  twoFactorEnabled: boolean
  /** This session passed the second factor (docs/decisions/013): what ADMIN_REQUIRE_2FA asks of an admin's session. */
  secondFactor: boolean
}

/** The anonymous cart session (a signed cookie, server/http/cart-cookie.ts); `issue` creates one when first needed. */
export interface CartSession {
  id: string | null
  issue(): string
}

/** A cart session held in memory: for tests and callers without cookies. */
export function memoryCartSession(id: string | null = null): CartSession {
  const session: CartSession = {
    id,
    issue() {
      session.id ??= randomBytes(24).toString('base64url')
      return session.id
    },
  }
  return session
}

export interface ContextInner {
  db: Database
  user: SessionUser | null
  /** Resolved once per request by services/roles; `null` when signed out. */
  role: Role | null
  language: Language
  log: AppLogger
  /**
   * Whether the request came from this site (Origin / Sec-Fetch-Site). Mutations require it, so a
   * cookie alone never authorises a cross-site POST.
   */
  sameOrigin: boolean
  /** The client's address as the configured proxy trust resolves it (TRUST_PROXY), never a raw header. */
  clientIp: string
  /** Internal error messages and stack traces in answers: development with DEBUG_ERRORS=1 only. */
  exposeErrors: boolean
  cartSession: CartSession
  services: Services
  /** The request's id (Fastify's, in every log line of it): a failure's answer gives it as its reference. */
  requestId?: string
}

export type Context = ContextInner

/** The context without HTTP, for tests and in-process server rendering. */
export function createContextInner(opts: Partial<ContextInner> & Pick<ContextInner, 'db' | 'services'>): ContextInner {
  return {
    user: null,
    role: null,
    language: 'es',
    log: console,
    sameOrigin: true,
    clientIp: '127.0.0.1',
    exposeErrors: false,
    cartSession: memoryCartSession(),
    ...opts,
  }
}

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error, ctx }) {
    const language = ctx?.language ?? 'es'
    const issues =
      error.code === 'BAD_REQUEST' && error.cause instanceof ZodError
        ? error.cause.issues.map((issue) => ({
            path: issue.path.map(String),
            code: issue.code,
            message: translate(language, issue.message, issueValues(issue)),
          }))
        : null
    const expose = ctx?.exposeErrors === true
    const cause = error.cause
    // An unexpected error's message may hold SQL, parameters or a provider's answer: never sent.
    const message =
      error.code === 'INTERNAL_SERVER_ERROR' && !expose
        ? translate(language, messages.internalError)
        : cause instanceof AppError
          ? // Without a context (its creation failed) the message was translated where the request was known.
            ctx
            ? translate(language, cause.userMessage, cause.values)
            : shape.message
          : (issues?.[0]?.message ?? shape.message)
    return {
      ...shape,
      message,
      data: {
        ...shape.data,
        stack: expose ? shape.data.stack : undefined,
        zodIssues: issues,
        field: cause instanceof AppError ? (cause.field ?? null) : null,
        requestId: ctx?.requestId ?? null,
        // A failure on our side (5xx): what to do next, said once here for every screen (docs/product.md#errors).
        nextStep: ctx && shape.data.httpStatus >= 500 ? nextStepAfterFailure(ctx) : null,
      },
    }
  },
})

/**
 * After a failure of ours: try again, then reach the shop (its phone, and WhatsApp when it has one)
 * quoting the request's id, which finds the failure in the log. An admin gets the reference alone.
 */
export function nextStepAfterFailure(ctx: Context): string {
  const reference = ctx.requestId ?? '-'
  if (isAdmin(ctx.role)) return translate(ctx.language, messages.failureReference, { reference })
  const { phone, whatsappDigits } = ctx.services.company
  return whatsappDigits
    ? translate(ctx.language, messages.failureCallOrWhatsApp, { phone, whatsapp: formatPhoneDigits(whatsappDigits), reference })
    : translate(ctx.language, messages.failureCall, { phone, reference })
}

/** One place maps domain errors to tRPC codes (docs/architecture.md#conventions). */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next()
  // The database is out of reach: 503 "try again shortly", not a 500; it comes back by itself.
  if (!result.ok && isDatabaseUnavailable(result.error.cause)) {
    const cause = new AppError('SERVICE_UNAVAILABLE', messages.serviceUnavailable, { cause: result.error.cause })
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: cause.message, cause })
  }
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause
    throw new TRPCError({ code: cause.code, message: cause.message, cause })
  }
  return result
})

const sameOriginMutations = t.middleware(({ ctx, type, next }) => {
  if (type === 'mutation' && !ctx.sameOrigin) {
    throw new AppError('FORBIDDEN', messages.crossSite)
  }
  return next()
})

export const router = t.router
export const createCallerFactory = t.createCallerFactory

/** Input validation messages in the caller's language (the input parser runs inside `next`). */
const callerLanguage = t.middleware(({ ctx, next }) => withZodLanguage(ctx.language, next))

/** Every call counted by procedure and outcome for /metrics (`shop_trpc_calls_total`): the error code, or `ok`. */
const countCalls = t.middleware(async ({ path, type, next }) => {
  const result = await next()
  trpcCalls.inc({ procedure: path, type, outcome: result.ok ? 'ok' : result.error.code })
  return result
})

export const publicProcedure = t.procedure.use(countCalls).use(domainErrors).use(sameOriginMutations).use(callerLanguage)

/** At most so many calls per client address (rules in services/rate-limits.ts). */
export function limitedPerClient(rule: LimitRule) {
  return t.middleware(async ({ ctx, next }) => {
    await ctx.services.limits.consume(rule, ctx.clientIp)
    return next()
  })
}

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.role) throw new AppError('UNAUTHORIZED', messages.signInRequired)
  return next({ ctx: { ...ctx, user: ctx.user, role: ctx.role } })
})

/**
 * Why a caller may not use what a role gives, or null when they may: the one rule behind every
 * role-guarded procedure and the plain HTTP routes that act as one (an admin's image upload).
 */
export function roleRefusal(ctx: Pick<Context, 'user' | 'role' | 'services'>, required: 'b2b' | 'admin'): AppError | null {
  if (!ctx.user || !ctx.role) return new AppError('UNAUTHORIZED', messages.signInRequired)
  const allowed = required === 'admin' ? isAdmin : hasWholesaleAccess
  if (!allowed(ctx.role)) return new AppError('FORBIDDEN', messages.notAllowed)
  // Two-factor belongs to the session: an account with it on, signed in by its password alone
  // (or before the rule), signs in again with its code.
  if (required === 'admin' && ctx.services.adminRequireTwoFactor && !(ctx.user.twoFactorEnabled && ctx.user.secondFactor)) {
    return new AppError('FORBIDDEN', ctx.user.twoFactorEnabled ? messages.adminSignInWithSecondFactor : messages.adminTwoFactorRequired)
  }
  return null
}

/** A call into the orders wing: who asks, as the order's timeline names them, and the request's log. */
export function orderCall(ctx: Pick<Context, 'user' | 'log'>, as: 'customer' | 'admin'): OrderCall {
  return { log: ctx.log, actor: { kind: as, id: ctx.user?.id ?? null, email: ctx.user?.email ?? null } }
}

/** Signed in with the access a role gives: `b2b` is wholesale access (admins have it too). */
export function roleProcedure(required: 'b2b' | 'admin') {
  return authedProcedure.use(({ ctx, next }) => {
    const refusal = roleRefusal(ctx, required)
    if (refusal) throw refusal
    return next()
  })
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { fromNodeHeaders } from 'better-auth/node'
import { verificationLanding, type Auth } from '../auth.ts'
import { translate } from '../i18n.ts'
import { RateLimitedError, type RateLimits } from '../services/rate-limits.ts'
import { containsContextWord } from '../services/common-passwords.ts'
import { isSameOrigin, requestLanguage, requestOrigin } from './request-info.ts'
import { messages } from '../../core/messages.ts'
import type { Language } from '../../core/language.ts'
import { issueValues } from '../../core/form-issues.ts'
import { bodyField, bodyRules, hasForeignRedirect, isOffered, sameOriginTarget, withForcedOptions, withoutTokens } from './auth-surface.ts'
import { localizedPath } from '../../core/language-urls.ts'
import type { Database } from '../db/client.ts'
import { isReserved } from '../services/email-changes.ts'
import {
  changeEmailBody,
  changeEmailPath,
  emailChangeRefusal,
  freshSessionPaths,
  isRevokedChangeLink,
  staleSessionRefusal,
} from './account-changes.ts'
import { deviceCookies, type Device } from './device-cookie.ts'

export function toFetchHeaders(req: FastifyRequest): Headers {
  return fromNodeHeaders(req.headers)
}

export type SignedInHook = (userId: string, req: FastifyRequest, reply: FastifyReply) => Promise<void>

export interface AuthRouteOptions {
  auth: Auth
  db: Database
  /** Called after a successful sign-in or sign-up (the cart merge). */
  onSignedIn: SignedInHook
  /** Someone tried to sign up with an address that has an account: its owner is told. */
  onSignUpTaken: (email: string, language: Language) => Promise<void>
  /** Ends a session that outlived its limits (services/sessions.ts); true when it did. */
  endIfOutlived: (session: { token: string; userId: string; createdAt: Date; updatedAt: Date }) => Promise<boolean>
  /** Deletes a session on the server, by its token (the one a new sign-in replaces). */
  endSession: (token: string) => Promise<void>
  limits: RateLimits
  publicUrl: string
  /** The shop's own name and city: no password may hold them (docs/decisions/020). */
  shopWords: ReadonlyArray<string>
  /** BETTER_AUTH_SECRET: the device cookies' key is derived from it (docs/decisions/008). */
  deviceSecret: string
}

const signInPath = '/api/auth/sign-in/email'
const passwordResetPath = '/api/auth/request-password-reset'
const signUpPath = '/api/auth/sign-up/email'
const verifyEmailPath = '/api/auth/verify-email'
const resetPasswordPath = '/api/auth/reset-password'
/** The endpoints that set a password, and the body field that holds it. */
const newPasswordFields: Record<string, string> = {
  [signUpPath]: 'password',
  [resetPasswordPath]: 'newPassword',
  '/api/auth/change-password': 'newPassword',
}
/** Endpoints that send a verification link: a resend, and a change of address. */
const verificationPaths = new Set(['/api/auth/send-verification-email', '/api/auth/change-email'])
// Endpoints after which a browser holds a new session for a user.
const signInPaths = new Set([
  signInPath,
  '/api/auth/sign-up/email',
  // With two-factor on, the session comes with the second factor.
  '/api/auth/two-factor/verify-totp',
  '/api/auth/two-factor/verify-backup-code',
])

/** The address a sign-in tries, as one key whatever its case (unknown addresses count the same). */
function signInAccount(body: unknown): string {
  const email = bodyField(body, 'email')
  return typeof email === 'string' ? email.trim().toLowerCase() : ''
}

/**
 * Mounts better-auth's fetch handler at /api/auth/*, copying its status, headers and cookies back
 * (docs/decisions/001). Password sign-ins slow down per account and are limited per client address,
 * in every environment: while an address waits the answer is 429 with a message in the visitor's
 * language, whatever the password, except in a browser that signed in to that account before
 * (docs/decisions/008).
 */
export async function authRoutes(app: FastifyInstance, options: AuthRouteOptions) {
  const { auth, limits } = options
  const devices = deviceCookies({ secret: options.deviceSecret, secure: options.publicUrl.startsWith('https://') })

  /**
   * The browser's device cookie, when it is this account's and has not used up its own failures;
   * one lookup of the address, only for a browser that holds a cookie the shop signed.
   */
  async function knownDevice(req: FastifyRequest, account: string): Promise<Device | null> {
    const device = devices.read(req)
    if (!device || account === '') return null
    const owner = await (await auth.$context).internalAdapter.findUserByEmail(account)
    if (owner?.user.id !== device.userId) return null
    return (await limits.blockedFor('signInFailuresPerDevice', device.deviceId)) > 0 ? null : device
  }

  /** Counts a request that sends an email; the error when it is over a limit, else null. */
  async function limitedRequest(req: FastifyRequest, path: string): Promise<RateLimitedError | null> {
    try {
      if (path === passwordResetPath) {
        // Counted for known and unknown addresses alike, so the limit tells nothing either.
        await limits.consume('passwordResetPerClient', req.ip)
        await limits.consume('passwordResetPerAccount', signInAccount(req.body))
      } else if (path === signUpPath) {
        await limits.consume('signUpPerClient', req.ip)
        await limits.consume('signUpPerAccount', signInAccount(req.body))
      } else if (verificationPaths.has(path)) {
        await limits.consume('verificationEmailPerClient', req.ip)
        const session = await auth.api.getSession({ headers: toFetchHeaders(req) })
        await limits.consume('verificationEmailPerAccount', session?.user.id ?? signInAccount(req.body))
      }
      return null
    } catch (error) {
      if (error instanceof RateLimitedError) return error
      throw error
    }
  }
  /** Whose password a request sets: the new account's, the reset link's, or the signed-in user's. */
  async function passwordOwner(path: string, req: FastifyRequest): Promise<{ email: string; name: string } | null> {
    if (path === signUpPath) {
      const [email, name] = [bodyField(req.body, 'email'), bodyField(req.body, 'name')]
      return { email: typeof email === 'string' ? email : '', name: typeof name === 'string' ? name : '' }
    }
    if (path === resetPasswordPath) {
      const token = bodyField(req.body, 'token')
      if (typeof token !== 'string') return null
      const context = await auth.$context
      const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`)
      return verification ? await context.internalAdapter.findUserById(verification.value) : null
    }
    return (await auth.api.getSession({ headers: toFetchHeaders(req) }))?.user ?? null
  }

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    async handler(req, reply) {
      const url = new URL(req.url, requestOrigin(req))
      if (!isOffered(req.method, url.pathname)) return reply.status(404).header('cache-control', 'no-store').send({ code: 'NOT_FOUND' })
      // Cross-site posts and redirects elsewhere are refused here, in every mode (better-auth's own
      // checks depend on its configuration and on the cookies a request carries).
      if (req.method === 'POST' && (!isSameOrigin(req, options.publicUrl) || hasForeignRedirect(req.body, options.publicUrl))) {
        return reply
          .status(403)
          .header('cache-control', 'no-store')
          .send({ code: 'CROSS_SITE', message: translate(requestLanguage(req), messages.crossSite) })
      }
      // A session past its idle or absolute limit is ended before better-auth sees it.
      if (Object.keys(req.cookies).some((name) => name.endsWith('session_token'))) {
        const current = await auth.api.getSession({ headers: toFetchHeaders(req), query: { disableRefresh: true } })
        if (current) await options.endIfOutlived(current.session)
      }
      // A verification link lands on our own page, whatever its query asks for (docs/decisions/020).
      if (url.pathname === verifyEmailPath) {
        const landing = verificationLanding(url.searchParams.get('callbackURL'), requestLanguage(req))
        url.searchParams.set('callbackURL', landing)
        // A change cancelled from the old address (or superseded) no longer applies (docs/decisions/021).
        if (await isRevokedChangeLink(options.db, url.searchParams.get('token'))) {
          const failed = new URL(landing, options.publicUrl)
          failed.searchParams.set('error', 'INVALID_TOKEN')
          return reply.status(302).header('cache-control', 'no-store').header('location', `${failed.pathname}${failed.search}`).send()
        }
      }
      // The address, password and two-factor change only from a recent sign-in, and the address only
      // with the password (and the second factor when it is on) (docs/decisions/021).
      let requestBody: unknown = req.body
      if (req.method === 'POST' && freshSessionPaths.has(url.pathname)) {
        const current = await auth.api.getSession({ headers: toFetchHeaders(req) })
        if (current) {
          const refusal =
            staleSessionRefusal(current) ??
            (url.pathname === changeEmailPath
              ? await emailChangeRefusal({ auth, db: options.db, limits }, current, toFetchHeaders(req), req.body)
              : null)
          if (refusal === 'silent') return reply.header('cache-control', 'no-store').send({ status: true })
          if (refusal) {
            if (refusal.retryAfterSeconds) reply.header('retry-after', String(refusal.retryAfterSeconds))
            return reply
              .status(refusal.status)
              .header('cache-control', 'no-store')
              .send({
                code: refusal.code,
                message: translate(requestLanguage(req), refusal.message),
                ...(refusal.field ? { field: refusal.field } : {}),
              })
          }
          if (url.pathname === changeEmailPath) requestBody = changeEmailBody(req.body)
        }
      }
      const isSignIn = req.method === 'POST' && url.pathname === signInPath
      const account = isSignIn ? signInAccount(req.body) : ''
      // A browser that completed a sign-in to this account before is not held back by strangers'
      // wrong passwords; everyone else waits alike, known address or not (docs/decisions/008).
      const device = isSignIn ? await knownDevice(req, account) : null
      if (isSignIn && !device) {
        const wait = Math.max(await limits.signInWait(account), await limits.blockedFor('signInFailuresPerClient', req.ip))
        if (wait > 0) {
          req.log.warn({ ip: req.ip }, 'sign-in refused: too many failed attempts')
          return reply
            .status(429)
            .header('retry-after', String(wait))
            .header('cache-control', 'no-store')
            .send({ code: 'TOO_MANY_ATTEMPTS', message: translate(requestLanguage(req), messages.tooManyAttempts) })
        }
      }
      const limited = req.method === 'POST' ? await limitedRequest(req, url.pathname) : null
      if (limited) {
        return reply
          .status(429)
          .header('retry-after', String(limited.retryAfterSeconds))
          .send({ code: 'TOO_MANY_ATTEMPTS', message: translate(requestLanguage(req), messages.tooManyAttempts) })
      }
      // Deleting an account always asks for the password again (better-auth would settle for a
      // recent session); names and passwords follow the shared rules.
      const rule = req.method === 'POST' ? bodyRules[url.pathname] : undefined
      const checked = rule?.safeParse(req.body ?? {})
      if (checked && !checked.success) {
        const issue = checked.error.issues[0]!
        return reply
          .status(400)
          .send({ code: 'INVALID_INPUT', message: translate(requestLanguage(req), issue.message, issueValues(issue)), field: issue.path.join('.') })
      }
      // A new password holds nothing a guesser tries first against this account (docs/decisions/020);
      // same answer as a common password.
      const newPasswordField = req.method === 'POST' ? newPasswordFields[url.pathname] : undefined
      if (newPasswordField) {
        const password = bodyField(req.body, newPasswordField)
        const owner = await passwordOwner(url.pathname, req)
        const sources = [...options.shopWords, ...(owner ? [owner.email.split('@')[0] ?? '', owner.name] : [])]
        if (typeof password === 'string' && containsContextWord(password, sources)) {
          return reply
            .status(400)
            .header('cache-control', 'no-store')
            .send({ code: 'INVALID_INPUT', message: translate(requestLanguage(req), messages.passwordTooCommon), field: newPasswordField })
        }
      }
      // Signing in over another session (someone else's, left in this browser) ends that session.
      const previous = signInPaths.has(url.pathname) ? await auth.api.getSession({ headers: toFetchHeaders(req) }) : null
      // Another account's old address, still reserved, is taken like one in use (and its owner is not told).
      if (url.pathname === signUpPath && (await isReserved(options.db, signInAccount(req.body), null))) {
        return reply
          .status(422)
          .header('cache-control', 'no-store')
          .send({ code: 'USER_ALREADY_EXISTS', message: translate(requestLanguage(req), messages.accountExists) })
      }
      const forwarded = withForcedOptions(url.pathname, requestBody)
      const hasBody = req.method !== 'GET' && forwarded !== undefined && forwarded !== null
      const headers = toFetchHeaders(req)
      // better-auth rate-limits by client IP: give it the one Fastify resolved (trustProxy).
      headers.set('x-forwarded-for', req.ip)
      const request = new Request(url, {
        method: req.method,
        headers,
        ...(hasBody ? { body: typeof forwarded === 'string' ? forwarded : JSON.stringify(forwarded) } : {}),
      })
      const response = await auth.handler(request)
      reply.status(response.status)
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value)
      })
      // Every redirect stays on the shop, checked as the browser will read it: a target elsewhere
      // becomes the home page (the checks above should have refused it already).
      const location = response.headers.get('location')
      if (location !== null && sameOriginTarget(location, options.publicUrl) === null) {
        req.log.warn({ path: url.pathname }, 'auth redirect to another site replaced')
        reply.header('location', localizedPath('/', requestLanguage(req)))
      }
      const cookies = response.headers.getSetCookie()
      if (cookies.length > 0) reply.header('set-cookie', cookies)
      let body = response.body ? Buffer.from(await response.arrayBuffer()) : null
      // better-auth's own per-client limiter (sign-up, sign-in, verification links) answers in
      // English: the visitor reads it in the page's language, like the shop's own limits.
      if (response.status === 429) {
        body = Buffer.from(JSON.stringify({ code: 'TOO_MANY_ATTEMPTS', message: translate(requestLanguage(req), messages.tooManyAttempts) }))
        reply.header('content-type', 'application/json; charset=utf-8').removeHeader('content-length')
      }
      // An address that has an account: a plain answer in the visitor's language, and its owner
      // is told that someone tried (sign-up signs in, so it cannot pretend otherwise).
      if (url.pathname === signUpPath && response.status === 422) {
        body = Buffer.from(JSON.stringify({ code: 'USER_ALREADY_EXISTS', message: translate(requestLanguage(req), messages.accountExists) }))
        reply.header('content-type', 'application/json; charset=utf-8').removeHeader('content-length')
        void options.onSignUpTaken(signInAccount(req.body), requestLanguage(req))
      }
      if (isSignIn && response.status === 401) {
        // A known device's failures count on it alone (a few, then it waives nothing); anyone
        // else's make the address wait longer and count on the client address.
        if (device) await Promise.allSettled([limits.consume('signInFailuresPerDevice', device.deviceId)])
        else await Promise.allSettled([limits.countSignInFailure(account), limits.consume('signInFailuresPerClient', req.ip)])
      } else if (isSignIn && response.ok) {
        await limits.reset('signInFailuresPerAccount', account)
        if (device) await limits.reset('signInFailuresPerDevice', device.deviceId)
      }
      if (response.ok && body && signInPaths.has(url.pathname)) {
        const userId = signedInUserId(body)
        // Only when a new session came with the answer: a code typed into a signed-in session (no new
        // session) leaves it as it is.
        const newSession = cookies.some((cookie) => /^[^=;]*session_token=[^;]/.test(cookie))
        if (previous && newSession) await options.endSession(previous.session.token)
        // The device cookie comes with a session from a completed sign-in: after the password alone
        // only when the account has no second factor (that step brings no session), never at sign-up.
        if (userId && newSession && url.pathname !== signUpPath) devices.issue(reply, userId, devices.read(req))
        if (userId) await options.onSignedIn(userId, req, reply)
      }
      if (body && response.headers.get('content-type')?.includes('application/json')) {
        body = Buffer.from(JSON.stringify(withoutTokens(JSON.parse(body.toString('utf8')))))
        reply.removeHeader('content-length')
      }
      return reply.header('cache-control', 'no-store').send(body)
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

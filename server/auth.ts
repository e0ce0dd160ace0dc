import { betterAuth } from 'better-auth'
import { twoFactor as twoFactorPlugin } from 'better-auth/plugins'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import type { Database } from './db/client.ts'
import { and, eq, ne } from 'drizzle-orm'
import { APIError, createAuthEndpoint, createAuthMiddleware } from 'better-auth/api'
import type { BetterAuthPlugin } from 'better-auth'
import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import { account, profiles, session, twoFactor, user, verification } from './db/schema/index.ts'
import type { Env } from './env.ts'
import {
  renderAccountDeleted,
  renderConfirmNewEmail,
  renderEmailChangeCancelled,
  renderEmailChangeNotice,
  renderVerifyEmail,
} from './emails/account.ts'
import { renderPasswordChanged, renderPasswordReset } from './emails/password.ts'
import type { AppLogger } from './logger.ts'
import { claimGuestOrders, detachAccountData } from './services/account.ts'
import { cancelEmailChange, markConfirmed, recordEmailChange } from './services/email-changes.ts'
import { emailList, grantAdminToEmails } from './services/admins.ts'
import type { Mailer } from './services/mail.ts'
import { sessionRefreshSeconds } from './services/sessions.ts'
import type { RateLimits } from './services/rate-limits.ts'
import { passwordMaxLength, passwordMinLength } from '../core/auth-rules.ts'
import { languageCookie, pickLanguage, type Language } from '../core/language.ts'
import { localizedPath } from '../core/language-urls.ts'

/** The language of the page that called an auth endpoint (its `lang` cookie). */
function languageOf(request: Request | undefined): Language {
  const cookies = request?.headers.get('cookie') ?? ''
  const value = cookies
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === languageCookie)?.[1]
  return pickLanguage(undefined, value)
}

export interface AuthMail {
  mailer: Mailer
  log: Pick<AppLogger, 'error' | 'warn' | 'info'>
  /**
   * Sign-in failures per account are forgiven once the owner proves the address by a reset; better-auth's
   * own limiter counts in the same store (Redis with REDIS_URL: shared by every instance).
   */
  limits: Pick<RateLimits, 'reset' | 'consumeWindow'>
  /** Before an account is deleted: its pending orders are cancelled (their payment pages closed at the provider). */
  beforeAccountDeleted?: (userId: string) => Promise<void>
}

/** The endpoints after which a browser holds a new session that did, or no longer did, pass the second factor. */
const twoFactorSessionPaths = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code', '/two-factor/disable'])

/** Where the cancel link of a change of address lands (the page asks to confirm the cancellation). */
export const cancelChangePath = '/auth/cancel-change'

/** Where an emailed verification link lands (the page says whether it worked). */
export const verifiedPath = '/auth/verified'

/**
 * Where an opened verification link may land: our own page, in either language, saying whether it
 * confirmed an address or a change of address (the links we send ask for one of these). Anything
 * else a link's query asks for becomes the page in the visitor's language (docs/decisions/020).
 */
export function verificationLanding(requested: string | null, language: Language): string {
  const landings = [verifiedPath, `${verifiedPath}?change=1`].flatMap((path) => [localizedPath(path, 'es'), localizedPath(path, 'en')])
  return requested !== null && landings.includes(requested) ? requested : localizedPath(verifiedPath, language)
}

/**
 * better-auth's verification link, sent to our own landing page, in the language of the page that
 * asked (docs/product.md#language), whatever the caller asked for.
 */
function verificationLink(url: string, change: boolean, language: Language): string {
  const link = new URL(url)
  link.searchParams.set('callbackURL', localizedPath(change ? `${verifiedPath}?change=1` : verifiedPath, language))
  return link.href
}

export function createAuth(
  db: Database,
  env: Pick<Env, 'PUBLIC_URL' | 'BETTER_AUTH_SECRET' | 'isProduction' | 'ADMIN_EMAILS' | 'sessionPolicy' | 'company'>,
  mail: AuthMail,
) {
  const send = (kind: string, to: string, email: { subject: string; html: string; text: string }) =>
    mail.mailer.send({ to, ...email, kind }).catch((error: unknown) => mail.log.error({ err: error, kind }, 'account email failed'))

  const adminEmails = emailList(env.ADMIN_EMAILS)

  /** The address is proven: guest orders placed with it become the account's; ADMIN_EMAILS apply. */
  async function addressVerified(verified: { id: string; email: string }) {
    // From now on, what is sent with this address counts as the account's (its export, its deletion).
    await db.update(user).set({ emailVerifiedAt: new Date() }).where(eq(user.id, verified.id))
    await claimGuestOrders(db, { userId: verified.id, email: verified.email })
    if (adminEmails.includes(verified.email.toLowerCase())) await grantAdminToEmails(db, [verified.email], { verifiedOnly: true })
  }

  /**
   * The cancel link of a change of address, posted from its page: the account gets the old address
   * back and its owner a link to choose a new password (docs/decisions/021).
   */
  const emailChangeCancellation = {
    id: 'email-change-cancellation',
    endpoints: {
      cancelEmailChange: createAuthEndpoint(
        '/cancel-email-change',
        { method: 'POST', body: z.object({ token: z.string().min(1).max(200) }) },
        async (ctx) => {
          const cancelled = await cancelEmailChange(db, ctx.body.token)
          if (!cancelled) throw new APIError('BAD_REQUEST', { code: 'INVALID_TOKEN', message: 'The link is not valid or has expired' })
          await mail.limits.reset('signInFailuresPerAccount', cancelled.email)
          // better-auth's own reset token (the reset page and endpoint take it), for one hour.
          const token = randomBytes(18).toString('base64url')
          await ctx.context.internalAdapter.createVerificationValue({
            value: cancelled.userId,
            identifier: `reset-password:${token}`,
            expiresAt: new Date(Date.now() + 60 * 60 * 1000),
          })
          const language = languageOf(ctx.request)
          const url = new URL(localizedPath('/auth/reset', language), env.PUBLIC_URL)
          url.searchParams.set('token', token)
          void send(
            'email-change-cancelled',
            cancelled.email,
            renderEmailChangeCancelled({ name: cancelled.name, language, address: cancelled.email, url: url.href }, env.company),
          )
          return ctx.json({ status: true, email: cancelled.email })
        },
      ),
    },
  } satisfies BetterAuthPlugin

  return betterAuth({
    appName: env.company.name,
    baseURL: env.PUBLIC_URL,
    basePath: '/api/auth',
    secret: env.BETTER_AUTH_SECRET,
    trustedOrigins: [env.PUBLIC_URL],
    // Its errors (a database out of reach included) go to the app's log, not to the console. No
    // `level`: with one set, better-auth also prints every refused request's message itself.
    logger: {
      // At its own level: a refused sign-in ("Invalid password") is a warning, not an error to page someone for.
      log: (level, message, ...args) =>
        mail.log[level === 'error' ? 'error' : level === 'warn' ? 'warn' : 'info'](
          { err: args.find((arg) => arg instanceof Error) },
          `better-auth: ${message}`,
        ),
    },
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification, twoFactor } }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: passwordMinLength,
      maxPasswordLength: passwordMaxLength,
      autoSignIn: true,
      // Password reset (better-auth's own tokens): single use, one hour, every session ended after.
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }, request) => {
        const language = languageOf(request)
        const url = new URL(localizedPath('/auth/reset', language), env.PUBLIC_URL)
        url.searchParams.set('token', token)
        // Not awaited: the answer takes as long for an unknown address as for a known one.
        void send('password-reset', user.email, renderPasswordReset({ name: user.name, language, url: url.href }, env.company))
      },
      onPasswordReset: async ({ user }, request) => {
        await mail.limits.reset('signInFailuresPerAccount', user.email.toLowerCase())
        void send('password-changed', user.email, renderPasswordChanged({ name: user.name, language: languageOf(request) }, env.company))
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: 60 * 60 * 24,
      // Also a change of address: then `user.email` is the new address, not yet the stored one.
      sendVerificationEmail: async ({ user: to, url }, request) => {
        const language = languageOf(request)
        const [stored] = await db.select({ email: user.email }).from(user).where(eq(user.id, to.id)).limit(1)
        const change = stored !== undefined && stored.email.toLowerCase() !== to.email.toLowerCase()
        const link = verificationLink(url, change, language)
        if (!change) {
          void send('verify-email', to.email, renderVerifyEmail({ name: to.name, language, url: link }, env.company))
          return
        }
        // The old address can take the change back for a week (docs/decisions/021).
        const { token } = await recordEmailChange(db, { userId: to.id, oldEmail: stored.email, newEmail: to.email })
        const cancelUrl = new URL(localizedPath(cancelChangePath, language), env.PUBLIC_URL)
        cancelUrl.searchParams.set('token', token)
        void send('confirm-new-email', to.email, renderConfirmNewEmail({ name: to.name, language, url: link }, env.company))
        void send(
          'email-change-notice',
          stored.email,
          renderEmailChangeNotice({ name: to.name, language, newEmail: to.email, cancelUrl: cancelUrl.href }, env.company),
        )
      },
    },
    user: {
      // The new address receives the link; the change applies when it is opened (docs/decisions/012).
      changeEmail: { enabled: true },
      deleteUser: {
        enabled: true,
        beforeDelete: async (deleted) => {
          await mail.beforeAccountDeleted?.(deleted.id)
          await detachAccountData(db, { userId: deleted.id })
        },
        afterDelete: async (deleted, request) => {
          void send('account-deleted', deleted.email, renderAccountDeleted({ name: deleted.name, language: languageOf(request) }, env.company))
        },
      },
    },
    session: {
      // The idle limit, slid forward on use at most hourly; the absolute and admin limits are
      // enforced on every request (services/sessions.ts).
      expiresIn: env.sessionPolicy.idleSeconds,
      updateAge: sessionRefreshSeconds,
      // Read with every session; never taken from a request (only the hook below writes it).
      additionalFields: { secondFactorAt: { type: 'date', required: false, input: false } },
    },
    hooks: {
      after: createAuthMiddleware(async (ctx) => {
        // A password changed from /account is told as a reset is (docs/product.md#accounts): the
        // owner learns at once if it was not them. Only a change that went through made a new session.
        if (ctx.path === '/change-password') {
          const changed = ctx.context.newSession
          if (changed) {
            const { name, email } = changed.user
            void send('password-changed', email, renderPasswordChanged({ name, language: languageOf(ctx.request) }, env.company))
          }
          return
        }
        if (!twoFactorSessionPaths.has(ctx.path)) return
        const created = ctx.context.newSession
        if (!created) return
        // Two-factor belongs to the session (docs/decisions/013). A code at sign-in, or the code that turns
        // two-factor on, makes the new session a two-factor one; turning it off makes it a plain
        // one. A code typed into a session that already exists makes no new session, so it
        // changes nothing: a password-only session signs in again.
        const secondFactorAt = ctx.path === '/two-factor/disable' ? null : new Date()
        await db.update(session).set({ secondFactorAt }).where(eq(session.token, created.session.token))
        // Turning two-factor on or off (from a signed-in session; a sign-in has none) ends the
        // account's other sessions, a password-only one an attacker holds included.
        if (ctx.context.session) {
          await db.delete(session).where(and(eq(session.userId, created.user.id), ne(session.token, created.session.token)))
        }
      }),
    },
    advanced: {
      // Cookie prefixes and Secure follow the public URL's scheme, whatever NODE_ENV says.
      useSecureCookies: env.PUBLIC_URL.startsWith('https://'),
      // better-auth would skip its origin check under a test runner: the shop's tests prove the
      // same checks production runs.
      disableOriginCheck: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    // better-auth's limiter (on in production: a few sign-ins and sign-ups per client address every
    // few seconds) counts where the shop's own limits do, so a client cannot multiply its allowance
    // by the number of instances behind the load balancer.
    rateLimit: { customStorage: { consume: (key, rule) => mail.limits.consumeWindow(key, rule) } },
    telemetry: { enabled: false },
    // TOTP two-factor (docs/decisions/012): turned on from /account with the password, confirmed by
    // one code; then sign-in gives no session until a code (or a one-time backup code) is given.
    plugins: [twoFactorPlugin({ issuer: env.company.name, backupCodeOptions: { amount: 10 } }), emailChangeCancellation],
    databaseHooks: {
      user: {
        update: {
          // A change of address applies when the link sent to the new address is opened: that
          // proves the new address, whatever the old one's state was.
          before: async (data, context) => {
            if (context?.path === '/verify-email' && typeof data.email === 'string') return { data: { ...data, emailVerified: true } }
          },
          after: async (updated, context) => {
            if (context?.path !== '/verify-email' || !updated.emailVerified) return
            await markConfirmed(db, updated.id, updated.email)
            await addressVerified(updated)
          },
        },
        create: {
          // Every account has a profile from the start (profiles.full_name).
          after: async (created) => {
            await db.insert(profiles).values({ userId: created.id, fullName: created.name }).onConflictDoNothing()
          },
        },
      },
    },
  })
}

export type Auth = ReturnType<typeof createAuth>

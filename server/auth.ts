import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import type { Database } from './db/client.ts'
import { account, profiles, session, user, verification } from './db/schema/index.ts'
import type { Env } from './env.ts'
import { renderPasswordChanged, renderPasswordReset } from './emails/password.ts'
import type { AppLogger } from './logger.ts'
import type { Mailer } from './services/mail.ts'
import { passwordMaxLength, passwordMinLength } from '../core/auth-rules.ts'
import { languageCookie, pickLanguage, type Language } from '../core/language.ts'

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
  log: Pick<AppLogger, 'error'>
}

export function createAuth(db: Database, env: Pick<Env, 'PUBLIC_URL' | 'BETTER_AUTH_SECRET' | 'isProduction'>, mail: AuthMail) {
  const send = (kind: string, to: string, email: { subject: string; html: string; text: string }) =>
    mail.mailer.send({ to, ...email, kind }).catch((error: unknown) => mail.log.error({ err: error, kind }, 'account email failed'))
  return betterAuth({
    appName: 'Paneles Torrevieja',
    baseURL: env.PUBLIC_URL,
    basePath: '/api/auth',
    secret: env.BETTER_AUTH_SECRET,
    trustedOrigins: [env.PUBLIC_URL],
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: passwordMinLength,
      maxPasswordLength: passwordMaxLength,
      autoSignIn: true,
      // Password reset (better-auth's own tokens): single use, one hour, every session ended after.
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }, request) => {
        const url = new URL('/auth/reset', env.PUBLIC_URL)
        url.searchParams.set('token', token)
        // Not awaited: the answer takes as long for an unknown address as for a known one.
        void send('password-reset', user.email, renderPasswordReset({ name: user.name, language: languageOf(request), url: url.href }))
      },
      onPasswordReset: async ({ user }, request) => {
        void send('password-changed', user.email, renderPasswordChanged({ name: user.name, language: languageOf(request) }))
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    advanced: {
      useSecureCookies: env.isProduction && env.PUBLIC_URL.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    telemetry: { enabled: false },
    databaseHooks: {
      user: {
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

import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import type { Database } from './db/client.ts'
import { account, profiles, session, user, verification } from './db/schema/index.ts'
import type { Env } from './env.ts'
import { passwordMaxLength, passwordMinLength } from '../core/auth-rules.ts'

export function createAuth(db: Database, env: Pick<Env, 'PUBLIC_URL' | 'BETTER_AUTH_SECRET' | 'isProduction'>) {
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

import { join } from 'node:path'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { buildApp } from '../../server/app.ts'
import type { DatabaseHandle } from '../../server/db/client.ts'
import type { Env } from '../../server/env.ts'
import { createTestDatabase } from './db.ts'
import { testPublicUrl } from './constants.ts'
import { createMailer, type Mailer } from '../../server/services/mail.ts'
import type { PaymentProvider } from '../../server/services/payments/provider.ts'
import type { StripePaymentProvider } from '../../server/services/payments/stripe.ts'
import type { RateLimits } from '../../server/services/rate-limits.ts'
import { readOutbox } from './services.ts'
import { silentLog } from './silent-log.ts'

export { testPublicUrl }
export { testEnv } from './env.ts'
import { testEnv } from './env.ts'

export interface TestApp {
  app: FastifyInstance
  database: DatabaseHandle
  env: Env
  /** The emails the app has sent (its outbox), oldest first. */
  outbox(): string[]
}

export interface TestAppOptions {
  pages?: boolean
  stripe?: StripePaymentProvider
  payments?: PaymentProvider
  mailer?: Mailer
  /** Environment variables over the test defaults (NODE_ENV, TRUST_PROXY, ALLOW_TEST_PAYMENTS, …). */
  env?: Record<string, string>
  /** Where the client build is looked for (pages load from it when present). */
  distDir?: string
  /** A database opened by the test (a second instance on a shared PostgreSQL database); a fresh one otherwise. */
  database?: DatabaseHandle
  /** Collects the app's JSON log lines (at the env's LOG_LEVEL); no log without it. */
  logLines?: string[]
  /** The app's rate limits, held by the test too (to let a wait pass); fresh ones in memory otherwise. */
  limits?: RateLimits
  /** The fake AEAT's authority, trusted by the app's VERI*FACTU sender. */
  verifactuCa?: string
  verifactuEveryMs?: number
}

/** The real Fastify app on a fresh test database; pages need `npm run build` first. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase())
  const env = testEnv(options.env)
  const logLines = options.logLines
  const outboxDir = join(env.DATA_DIR, 'outbox')
  const app = await buildApp({
    env,
    database,
    logger: logLines ? { write: (line: string) => void logLines.push(line) } : false,
    mailer: options.mailer ?? createMailer({ from: 'Tienda <tienda@example.com>', outboxDir, log: silentLog }),
    ...(options.stripe ? { stripe: options.stripe } : {}),
    ...(options.payments ? { payments: options.payments } : {}),
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.verifactuCa ? { verifactuCa: options.verifactuCa } : {}),
    ...(options.verifactuEveryMs ? { verifactuEveryMs: options.verifactuEveryMs } : {}),
    ...(options.distDir ? { distDir: options.distDir } : options.pages ? {} : { pages: false }),
  })
  await app.ready()
  return { app, database, env, outbox: () => readOutbox(outboxDir) }
}

/** JSON posted from the https shop's own origin, by one client address. */
export type HttpsPost = (url: string, payload: InjectOptions['payload']) => Promise<LightMyRequestResponse>

/**
 * A fresh app served at an https PUBLIC_URL (its cookies are Secure and prefixed), for `use` to post
 * to from `remoteAddress`; closed afterwards.
 */
export async function withHttpsApp<T>(remoteAddress: string, use: (post: HttpsPost) => Promise<T>): Promise<T> {
  const origin = 'https://shop.example'
  const secure = await createTestApp({ env: { PUBLIC_URL: origin } })
  try {
    return await use((url, payload) =>
      secure.app.inject({ method: 'POST', url, remoteAddress, headers: { 'content-type': 'application/json', origin }, payload }),
    )
  } finally {
    await secure.app.close()
  }
}

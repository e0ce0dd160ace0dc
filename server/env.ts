import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { z } from 'zod'

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value)
const optionalString = z.preprocess(emptyToUndefined, z.string().optional())

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  BETTER_AUTH_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ADMIN_EMAILS: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: optionalString,
  REDIS_URL: optionalString,
})

export type RawEnv = z.infer<typeof envSchema>

export interface Env extends Omit<RawEnv, 'BETTER_AUTH_SECRET' | 'PUBLIC_URL'> {
  /** Absolute path of the data folder (PGlite database, generated secret, mail outbox). */
  DATA_DIR: string
  PUBLIC_URL: string
  BETTER_AUTH_SECRET: string
  isProduction: boolean
}

export class EnvError extends Error {
  override name = 'EnvError'
}

/**
 * Parses the environment once. Fails with every problem listed, so an operator fixes them all in
 * one go. In development the auth secret is generated once and kept in DATA_DIR.
 */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join('.') || '(root)'}: ${issue.message}`)
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`)
  }
  const raw = parsed.data
  const isProduction = raw.NODE_ENV === 'production'
  const dataDir = resolve(raw.DATA_DIR)
  if (raw.STRIPE_SECRET_KEY && !raw.STRIPE_WEBHOOK_SECRET) {
    throw new EnvError('Invalid environment:\n  - STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (payments are confirmed by the signed webhook)')
  }
  if (isProduction && !raw.BETTER_AUTH_SECRET) {
    throw new EnvError('Invalid environment:\n  - BETTER_AUTH_SECRET: required in production (at least 32 characters)')
  }
  return {
    ...raw,
    DATA_DIR: dataDir,
    PUBLIC_URL: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, ''),
    BETTER_AUTH_SECRET: raw.BETTER_AUTH_SECRET ?? developmentSecret(dataDir),
    isProduction,
  }
}

function developmentSecret(dataDir: string): string {
  const file = join(dataDir, 'auth-secret')
  try {
    return readFileSync(file, 'utf8').trim()
  } catch {
    mkdirSync(dataDir, { recursive: true })
    const secret = randomBytes(32).toString('base64url')
    writeFileSync(file, secret, { mode: 0o600 })
    return secret
  }
}

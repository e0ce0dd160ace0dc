import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { isIP } from 'node:net'
import { join, resolve } from 'node:path'
import { z } from 'zod'
import type { S3Settings } from './services/media/store.ts'
import { companyEnvShape, companyFromEnv, companySampleProblems } from './company-env.ts'
import type { Company } from '../core/company.ts'
import { parseTaxId } from '../core/tax-id.ts'
import { verifactuModes, type VerifactuSettings } from '../core/verifactu.ts'
import { defaultSurchargeRate, isAdmittedSurchargeRate, surchargeRatesByTaxRate } from '../core/equivalence-surcharge.ts'
import { ownProducer, verifactuSettings } from './services/verifactu/system.ts'
import { CertificateError, readClientCertificate, type ClientCertificate } from './services/verifactu/certificate.ts'
import { verifactuEndpoints } from './services/verifactu/transport.ts'

/**
 * How long a session lives (docs/decisions/013, ASVS 3.3): it ends after `idleSeconds` without use
 * (better-auth slides its expiry on use, at most hourly), at the latest `absoluteSeconds` after
 * sign-in, and an admin's after `adminIdleSeconds` without use.
 */
export interface SessionPolicy {
  idleSeconds: number
  absoluteSeconds: number
  adminIdleSeconds: number
}

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value)
const optionalString = z.preprocess(emptyToUndefined, z.string().optional())
const flag = z.preprocess(emptyToUndefined, z.enum(['0', '1', 'false', 'true']).optional()).transform((value) => value === '1' || value === 'true')

/**
 * Which proxies may tell us the client's address and host (X-Forwarded-For/-Host/-Proto): none by
 * default, so a header a client makes up is never believed; a hop count (`1` behind one load
 * balancer); or a comma-separated list of proxy addresses or CIDR ranges.
 */
export type TrustProxy = false | number | string[]

const isAddressOrRange = (entry: string) => {
  const [address, bits, ...rest] = entry.split('/')
  if (rest.length > 0 || !address || isIP(address) === 0) return false
  if (bits === undefined) return true
  const max = isIP(address) === 4 ? 32 : 128
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max
}

const trustProxySchema = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .transform((value, ctx): TrustProxy => {
      if (value === undefined || value === 'false' || value === '0') return false
      if (/^\d+$/.test(value)) return Number(value)
      const entries = value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
      const bad = entries.filter((entry) => !isAddressOrRange(entry))
      if (entries.length === 0 || bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `a hop count or a comma-separated list of IP addresses or CIDR ranges (not ${bad.join(', ') || 'empty'})`,
        })
        return z.NEVER
      }
      return entries
    }),
)

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
  // Stripe's API at another address: stripe-mock, or the fake Stripe of the tests that run the
  // server as a process (several instances, crashes). Never in production.
  STRIPE_API_BASE: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  SMTP_URL: optionalString,
  MAIL_FROM: optionalString,
  ORDER_NOTIFY_EMAILS: optionalString,
  REDIS_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^rediss?$/ }).optional()),
  TRUST_PROXY: trustProxySchema,
  ALLOW_TEST_PAYMENTS: flag,
  DEBUG_ERRORS: flag,
  // Unset: on in production, off elsewhere (see Env.adminRequireTwoFactor).
  ADMIN_REQUIRE_2FA: z.preprocess(emptyToUndefined, z.enum(['0', '1', 'false', 'true']).optional()),
  // Session lifetimes in hours (docs/decisions/013): idle, absolute, and an admin's idle.
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24 * 30),
  ADMIN_SESSION_IDLE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  // IVA included in the shop's prices, in percent (docs/product.md#invoices): printed on invoices as base + IVA.
  VAT_RATE: z.coerce
    .number()
    .min(0)
    .max(100)
    .refine((rate) => Number.isInteger(rate * 100), 'at most 2 decimals, e.g. 21 or 10.5')
    .default(21),
  // The recargo de equivalencia's rate in percent (docs/decisions/029); unset: the one the law pairs with VAT_RATE (5.2 with 21).
  SURCHARGE_RATE: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .min(0)
      .max(100)
      .refine((rate) => Number.isInteger(rate * 100), 'at most 2 decimals, e.g. 5.2')
      .optional(),
  ),
  // Uploaded pictures in an S3-compatible bucket (docs/product.md#owner); unset: files in DATA_DIR/media.
  S3_BUCKET: optionalString,
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
  S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: flag,
  S3_PREFIX: optionalString,
  // Prometheus metrics: on the shop's port for a bearer of METRICS_TOKEN, and/or on a port of their
  // own (METRICS_PORT) bound to METRICS_HOST; neither: no /metrics.
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  METRICS_HOST: z.string().default('127.0.0.1'),
  // Load shedding (docs/product.md#limits): 503 + Retry-After while the event loop lags more than this; 0: never.
  OVERLOAD_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  // How long a request waits for the emails it queued (an order's confirmation and its invoice PDF)
  // before answering; they go on after it (docs/decisions/033). 0: until they are done.
  JOB_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  // VERI*FACTU billing records (docs/decisions/027): `test` or `production` make, chain and print
  // them (QR and legend, for the AEAT's test or real service); `off` makes none. Development and
  // tests default to `test`; production asks for it explicitly.
  VERIFACTU: z.preprocess(emptyToUndefined, z.enum(verifactuModes).optional()),
  // Who made the billing system, as each record names it: the company itself unless set.
  VERIFACTU_PRODUCER_NAME: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(120).optional()),
  VERIFACTU_PRODUCER_TAX_ID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((value, ctx) => {
        const parsed = parseTaxId(value)
        if (!parsed || /^[A-Z]{2}/.test(parsed)) {
          ctx.addIssue({ code: 'custom', message: `a valid Spanish NIF or CIF (not ${value})` })
          return z.NEVER
        }
        return parsed
      })
      .optional(),
  ),
  // This installation's number in the records (NumeroInstalacion): one per shop the producer runs.
  VERIFACTU_INSTALLATION: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(100).default('1')),
  // The company's certificate for sending the records to the AEAT (docs/decisions/028): a PKCS#12
  // file with its password, or PEM (certificate and key). Unset: records are made but not sent.
  VERIFACTU_CERT_PATH: optionalString,
  VERIFACTU_CERT_PASSWORD: optionalString,
  // The web service's address when not the service's own (a seal certificate's www10 host).
  VERIFACTU_ENDPOINT: z.preprocess(emptyToUndefined, z.url({ protocol: /^https$/ }).optional()),
})

// The company's facts (server/company-env.ts): COMPANY_NAME, COMPANY_TAX_ID, COMPANY_EMAIL…
const companyEnvSchema = z.object(companyEnvShape)

/** Every variable the server reads (env-docs.ts documents each). */
export const environmentVariables: readonly string[] = [...Object.keys(envSchema.shape), ...Object.keys(companyEnvShape)]

export type RawEnv = z.infer<typeof envSchema>

type VerifactuVariables =
  | 'VERIFACTU'
  | 'VERIFACTU_PRODUCER_NAME'
  | 'VERIFACTU_PRODUCER_TAX_ID'
  | 'VERIFACTU_INSTALLATION'
  | 'VERIFACTU_CERT_PATH'
  | 'VERIFACTU_CERT_PASSWORD'
  | 'VERIFACTU_ENDPOINT'

type S3Variables = 'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE' | 'S3_PREFIX'

export interface Env extends Omit<
  RawEnv,
  | 'BETTER_AUTH_SECRET'
  | 'PUBLIC_URL'
  | 'ALLOW_TEST_PAYMENTS'
  | 'ADMIN_REQUIRE_2FA'
  | 'VAT_RATE'
  | 'SURCHARGE_RATE'
  | 'ORDER_NOTIFY_EMAILS'
  | S3Variables
  | VerifactuVariables
> {
  /** Absolute path of the data folder (PGlite database, generated secret, mail outbox). */
  DATA_DIR: string
  PUBLIC_URL: string
  BETTER_AUTH_SECRET: string
  isProduction: boolean
  /**
   * Whether the built-in test payment provider takes the payments: without Stripe keys, and in
   * production only with the ALLOW_TEST_PAYMENTS=1 opt-in (a staging shop, with a banner on every page).
   */
  testPayments: boolean
  /** ADMIN_REQUIRE_2FA: every admin.* procedure refuses an admin without two-factor (default: production). */
  adminRequireTwoFactor: boolean
  sessionPolicy: SessionPolicy
  /** The company's facts from the COMPANY_* variables: pages, emails, the PDF catalog, SEO data. */
  company: Company
  /** ORDER_NOTIFY_EMAILS (default: the company's email): who hears of paid orders, contact messages and wholesale requests. */
  orderNotifyEmails: string[]
  /** Where uploaded pictures go: the S3_* bucket, or null for files in DATA_DIR/media. */
  s3: S3Settings | null
  /** VAT_RATE as basis points (2100 = 21 %): the IVA the shop's prices include, as invoices print it. */
  vatRateBasisPoints: number
  /** SURCHARGE_RATE as basis points (520 = 5,2 %): the recargo de equivalencia of wholesale customers under it. */
  surchargeRateBasisPoints: number
  /** VERIFACTU and the VERIFACTU_* producer: whether invoices get billing records, and what they name. */
  verifactu: VerifactuSettings
  /** Where and with which certificate the records go to the AEAT; null: made but not sent (no certificate, or `off`). */
  verifactuSending: VerifactuSending | null
}

export interface VerifactuSending {
  endpoint: string
  certificate: ClientCertificate
}

export class EnvError extends Error {
  override name = 'EnvError'
}

/**
 * Parses the environment once. Fails with every problem listed, so an operator fixes them all in
 * one go. In development the auth secret is generated once and kept in DATA_DIR.
 */
/** A comma-separated list of addresses; unset or empty: the company's email. */
function notifyEmailsFrom(list: string | undefined, company: Company, problems: string[]): string[] {
  const addresses = (list ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter((address) => address !== '')
  const wrong = addresses.filter((address) => !z.email().safeParse(address).success)
  if (wrong.length > 0) problems.push(`ORDER_NOTIFY_EMAILS: not email addresses: ${wrong.join(', ')} (give a comma-separated list)`)
  return addresses.length > 0 ? [...new Set(addresses)] : [company.email]
}

/**
 * Variables that hold secrets: each may instead be given as `NAME_FILE`, the path of a file holding
 * it (Docker and Kubernetes secrets), so it never sits in the process environment or an env file.
 */
export const secretVariables = [
  'BETTER_AUTH_SECRET',
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'METRICS_TOKEN',
  'VERIFACTU_CERT_PASSWORD',
] as const

/** `source` with every `NAME_FILE` read into `NAME` (one trailing newline dropped), and what is wrong. */
function withSecretFiles(source: NodeJS.ProcessEnv): { env: NodeJS.ProcessEnv; problems: string[] } {
  const env = { ...source }
  const problems: string[] = []
  for (const name of secretVariables) {
    const file = source[`${name}_FILE`]
    if (file === undefined || file === '') continue
    if (source[name] !== undefined && source[name] !== '') {
      problems.push(`${name} and ${name}_FILE: give one of them, not both`)
      continue
    }
    try {
      env[name] = readFileSync(file, 'utf8').replace(/\r?\n$/, '')
    } catch (error) {
      const code = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable'
      problems.push(`${name}_FILE: cannot read ${file} (${code})`)
    }
    delete env[`${name}_FILE`]
  }
  return { env, problems }
}

export function loadEnv(given: NodeJS.ProcessEnv = process.env): Env {
  const secrets = withSecretFiles(given)
  if (secrets.problems.length > 0) throw new EnvError(`Invalid environment:\n${secrets.problems.map((p) => `  - ${p}`).join('\n')}`)
  const source = secrets.env
  const parsed = envSchema.safeParse(source)
  const parsedCompany = companyEnvSchema.safeParse(source)
  if (!parsed.success || !parsedCompany.success) {
    const issues = [...(parsed.error?.issues ?? []), ...(parsedCompany.error?.issues ?? [])]
    const lines = issues.map((issue) => `  - ${issue.path.join('.') || '(root)'}: ${issue.message}`)
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`)
  }
  const raw = parsed.data
  const isProduction = raw.NODE_ENV === 'production'
  const dataDir = resolve(raw.DATA_DIR)
  const problems: string[] = []
  if (raw.STRIPE_SECRET_KEY && !raw.STRIPE_WEBHOOK_SECRET) {
    problems.push('STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (payments are confirmed by the signed webhook)')
  }
  if (isProduction && raw.STRIPE_API_BASE) problems.push('STRIPE_API_BASE: only for a Stripe fake outside production; unset it')
  if (isProduction && !raw.BETTER_AUTH_SECRET) problems.push('BETTER_AUTH_SECRET: required in production (at least 32 characters)')
  if (isProduction && !raw.STRIPE_SECRET_KEY && !raw.ALLOW_TEST_PAYMENTS) {
    problems.push(
      'STRIPE_SECRET_KEY: required in production to take card payments (with STRIPE_WEBHOOK_SECRET);' +
        ' or set ALLOW_TEST_PAYMENTS=1 for a staging shop whose payments are only simulated',
    )
  }
  const company = companyFromEnv(parsedCompany.data)
  if (isProduction) problems.push(...companySampleProblems(source, company))
  if (Boolean(raw.S3_ACCESS_KEY_ID) !== Boolean(raw.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither (the AWS SDK then finds its own credentials)')
  }
  if (!raw.S3_BUCKET && (raw.S3_ENDPOINT || raw.S3_ACCESS_KEY_ID || raw.S3_PREFIX)) {
    problems.push('S3_BUCKET: required with the other S3_* settings (without it, pictures are kept in DATA_DIR/media)')
  }
  if (isProduction && !raw.VERIFACTU) {
    problems.push(
      'VERIFACTU: required in production: `production` (billing records for the AEAT), `test` (for its test service)' +
        ' or `off` (no records, no QR: a staging shop; invoices then do not meet VERI*FACTU)',
    )
  }
  if (raw.VERIFACTU === 'production' && !raw.STRIPE_SECRET_KEY) {
    problems.push('VERIFACTU: `production` sends real records to the AEAT, never for simulated payments: use `test` or `off` with test payments')
  }
  const verifactuSending = verifactuSendingFrom(raw, isProduction, problems)
  const surchargeRateBasisPoints = surchargeRateFrom(raw, problems)
  const orderNotifyEmails = notifyEmailsFrom(raw.ORDER_NOTIFY_EMAILS, company, problems)
  if (problems.length > 0) throw new EnvError(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
  const {
    VERIFACTU: verifactuMode,
    VERIFACTU_CERT_PATH: _certPath,
    VERIFACTU_CERT_PASSWORD: _certPassword,
    VERIFACTU_ENDPOINT: _endpoint,
    VERIFACTU_PRODUCER_NAME: producerName,
    VERIFACTU_PRODUCER_TAX_ID: producerTaxId,
    VERIFACTU_INSTALLATION: installation,
    ALLOW_TEST_PAYMENTS: allowTestPayments,
    ADMIN_REQUIRE_2FA: adminRequire2fa,
    S3_BUCKET: bucket,
    S3_REGION: region,
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: accessKeyId,
    S3_SECRET_ACCESS_KEY: secretAccessKey,
    S3_FORCE_PATH_STYLE: forcePathStyle,
    S3_PREFIX: prefix,
    VAT_RATE: vatRate,
    SURCHARGE_RATE: _surchargeRate,
    ORDER_NOTIFY_EMAILS: _notifyEmails,
    ...rest
  } = raw
  return {
    ...rest,
    company,
    orderNotifyEmails,
    DATA_DIR: dataDir,
    PUBLIC_URL: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, ''),
    BETTER_AUTH_SECRET: raw.BETTER_AUTH_SECRET ?? developmentSecret(dataDir),
    isProduction,
    vatRateBasisPoints: Math.round(vatRate * 100),
    surchargeRateBasisPoints,
    verifactu: verifactuSettings(verifactuMode ?? 'test', {
      ...ownProducer(company, installation),
      ...(producerName ? { name: producerName } : {}),
      ...(producerTaxId ? { taxId: producerTaxId } : {}),
    }),
    verifactuSending,
    testPayments: !raw.STRIPE_SECRET_KEY && (!isProduction || allowTestPayments),
    adminRequireTwoFactor: adminRequire2fa === undefined ? isProduction : adminRequire2fa === '1' || adminRequire2fa === 'true',
    sessionPolicy: {
      idleSeconds: raw.SESSION_IDLE_HOURS * 3600,
      absoluteSeconds: raw.SESSION_MAX_HOURS * 3600,
      adminIdleSeconds: raw.ADMIN_SESSION_IDLE_HOURS * 3600,
    },
    s3: bucket
      ? {
          bucket,
          region,
          endpoint,
          forcePathStyle,
          prefix,
          credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
        }
      : null,
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

/**
 * The sending settings (docs/decisions/028): the certificate read and checked at start, so a wrong
 * file or password stops the shop with a clear message rather than failing at the first message.
 * Production refuses to start without one unless VERIFACTU is `off`.
 */
function verifactuSendingFrom(raw: RawEnv, isProduction: boolean, problems: string[]): VerifactuSending | null {
  const mode = raw.VERIFACTU ?? 'test'
  if (!raw.VERIFACTU_CERT_PATH) {
    if (isProduction && raw.VERIFACTU && mode !== 'off')
      problems.push(
        `VERIFACTU_CERT_PATH: required in production with VERIFACTU=${mode} (the company's certificate, to send the records to the AEAT);` +
          ' or set VERIFACTU=off (then invoices are not sent to Hacienda, and /admin says so)',
      )
    if (raw.VERIFACTU_CERT_PASSWORD) problems.push('VERIFACTU_CERT_PASSWORD: given without VERIFACTU_CERT_PATH')
    return null
  }
  let certificate: ClientCertificate
  try {
    certificate = readClientCertificate(readFileSync(raw.VERIFACTU_CERT_PATH), raw.VERIFACTU_CERT_PASSWORD)
  } catch (error) {
    const reason =
      error instanceof CertificateError
        ? error.message
        : error instanceof Error && 'code' in error
          ? `cannot read ${raw.VERIFACTU_CERT_PATH} (${String(error.code)})`
          : String(error)
    problems.push(`VERIFACTU_CERT_PATH: ${reason}`)
    return null
  }
  if (mode === 'off') return null
  return { endpoint: raw.VERIFACTU_ENDPOINT ?? verifactuEndpoints[mode], certificate }
}

/**
 * SURCHARGE_RATE, or the recargo the law pairs with VAT_RATE; it must be one the AEAT admits with
 * that IVA rate (its validations, §15.3), or every record carrying it would be refused.
 */
function surchargeRateFrom(raw: Pick<RawEnv, 'VAT_RATE' | 'SURCHARGE_RATE'>, problems: string[]): number {
  const vat = Math.round(raw.VAT_RATE * 100)
  const rate = raw.SURCHARGE_RATE === undefined ? defaultSurchargeRate(vat) : Math.round(raw.SURCHARGE_RATE * 100)
  if (rate === null || !isAdmittedSurchargeRate(vat, rate)) {
    const admitted = (surchargeRatesByTaxRate[vat] ?? []).map((bp) => bp / 100).join(' or ')
    problems.push(
      `SURCHARGE_RATE: ${rate === null ? 'required' : `${rate / 100} is not admitted`} with VAT_RATE ${raw.VAT_RATE}` +
        (admitted ? ` (the AEAT admits ${admitted})` : ' (the AEAT admits no recargo de equivalencia with it)'),
    )
    return 0
  }
  return rate
}

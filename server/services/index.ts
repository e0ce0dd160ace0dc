import { join } from 'node:path'
import type { Database } from '../db/client.ts'
import type { VerifactuMode } from '../../core/verifactu.ts'
import type { Env } from '../env.ts'
import type { AppLogger } from '../logger.ts'
import { createMailer, type Mailer } from './mail.ts'
import { createEmailOutbox, type EmailOutbox } from './email-outbox.ts'
import type { PaymentProvider } from './payments/provider.ts'
import { createStripeProvider, type StripePaymentProvider } from './payments/stripe.ts'
import { createTestProvider, type TestPaymentProvider } from './payments/test-provider.ts'
import { createRateLimits, type RateLimits } from './rate-limits.ts'
import { renderOrderConfirmation, type OrderConfirmationRenderer } from '../emails/order-confirmation.ts'
import { createCatalogPdfs, type CatalogPdfs } from './catalog-pdf/index.ts'
import { catalogReads, type CatalogReads } from './catalog.ts'
import type { CatalogVersion } from './catalog-version.ts'
import type { Company } from '../../core/company.ts'
import { invoiceSettings, type InvoiceSettings } from './invoices.ts'
import { fileMediaStore, s3MediaStore, type MediaStore } from './media/store.ts'
import { noBackups, type Backups } from './backups.ts'
import { createOrders, type OrderDeps, type Orders } from './orders/index.ts'
import { paymentLinkKey } from './orders/payment-links.ts'

/** What the procedures and the webhook need besides the database: one bag, built once per app. */
export interface Services {
  payments: PaymentProvider
  /** Stripe when configured: it also verifies the webhook; null with the test provider. */
  stripe: StripePaymentProvider | null
  /** The built-in test provider when it is the one taking payments (its page's procedures); else null. */
  testPayments: TestPaymentProvider | null
  /** Every email goes through here: kept in email_outbox and retried until it goes (ADR 019). */
  mailer: EmailOutbox
  renderOrderConfirmation: OrderConfirmationRenderer
  limits: RateLimits
  /** The PDF catalog per language, cached per catalog version. */
  catalogPdf: CatalogPdfs
  /** The catalog procedures' reads, kept until the catalog changes when the app follows its changes. */
  catalog: CatalogReads
  publicUrl: string
  /** The company's facts (COMPANY_* variables): emails, the PDF catalog, pages. */
  company: Company
  /** ORDER_NOTIFY_EMAILS: who hears of paid orders, contact messages and wholesale requests. */
  notifyEmails: readonly string[]
  /** Signs payment links (orders/payment-links.ts). */
  paymentLinkKey: Buffer
  /** ADMIN_REQUIRE_2FA: admin.* refuses an admin without two-factor. */
  adminRequireTwoFactor: boolean
  /** Uploaded pictures: DATA_DIR/media, or the S3_* bucket. */
  media: MediaStore
  /** The embedded database's backups, made by the shop; on PostgreSQL, none (npm run db:backup). */
  backups: Backups
  /** The seller and IVA rate every new invoice copies (COMPANY_*, VAT_RATE). */
  invoicing: InvoiceSettings
  /** The catalog's version as this process follows it (null when it does not: tests of procedures alone). */
  catalogVersion: CatalogVersion | null
  /** The orders wing: the only code that changes an order (docs/decisions/022). */
  orders: Orders
  /** Where the VERI*FACTU records go (VERIFACTU, VERIFACTU_CERT_PATH): the owner's pages warn when nowhere. */
  verifactuSending: VerifactuSendingSettings
}

/** Replacements for tests: a fake Stripe, a given provider, a mailer, limits, the email template. */
export interface ServiceOverrides {
  payments?: PaymentProvider | undefined
  stripe?: StripePaymentProvider | undefined
  /** The transport under the email outbox (SMTP, the `.eml` folder, a recording mailer). */
  mailer?: Mailer | undefined
  /** The email outbox's clock (tests move it instead of waiting for retries). */
  mailClock?: (() => Date) | undefined
  limits?: RateLimits | undefined
  renderOrderConfirmation?: OrderConfirmationRenderer | undefined
  /** The catalog's changes as the app follows them (LISTEN/NOTIFY); without it, catalog reads are not kept. */
  catalogVersion?: CatalogVersion | undefined
  media?: MediaStore | undefined
  /** The database's backups: the app passes its handle's; without it, the shop makes none. */
  backups?: Backups | undefined
}

/**
 * The services the environment asks for: Stripe with STRIPE_SECRET_KEY, else the built-in test
 * provider where allowed (never in production without ALLOW_TEST_PAYMENTS); SMTP with SMTP_URL,
 * else the `.eml` folder in DATA_DIR, both under the durable email queue (email_outbox); rate limits in
 * Redis with REDIS_URL, else in memory.
 */
export function createServices(env: Env, db: Database, log: AppLogger, overrides: ServiceOverrides = {}): Services {
  const stripe =
    overrides.stripe ??
    (env.STRIPE_SECRET_KEY
      ? createStripeProvider({
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
          ...(env.STRIPE_API_BASE ? { stripeClientOptions: stripeApiAt(env.STRIPE_API_BASE) } : {}),
        })
      : null)
  const testPayments = !stripe && !overrides.payments && env.testPayments ? createTestProvider(db, env.PUBLIC_URL) : null
  const payments = overrides.payments ?? stripe ?? testPayments
  if (!payments) throw new Error('No payment provider: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or ALLOW_TEST_PAYMENTS=1')
  const transport =
    overrides.mailer ??
    createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `${env.company.name} <${env.company.email}>`,
      outboxDir: join(env.DATA_DIR, 'outbox'),
      log,
    })
  const mailer = createEmailOutbox(db, transport, { log, ...(overrides.mailClock ? { clock: overrides.mailClock } : {}) })
  const limits = overrides.limits ?? createRateLimits({ redisUrl: env.REDIS_URL, log })
  const orderDeps = {
    payments,
    mailer,
    renderOrderConfirmation: overrides.renderOrderConfirmation ?? ((order) => renderOrderConfirmation(order, env.company)),
    invoicing: invoiceSettings(env),
    publicUrl: env.PUBLIC_URL,
    company: env.company,
    notifyEmails: env.orderNotifyEmails,
    paymentLinkKey: paymentLinkKey(env.BETTER_AUTH_SECRET),
  } satisfies OrderDeps
  const media = overrides.media ?? (env.s3 ? s3MediaStore(env.s3) : fileMediaStore(join(env.DATA_DIR, 'media')))
  return {
    ...orderDeps,
    orders: createOrders(db, orderDeps, {
      log,
      jobs: { waitMs: env.JOB_WAIT_MS, ...(overrides.mailClock ? { clock: overrides.mailClock } : {}) },
    }),
    stripe,
    testPayments,
    limits,
    catalogPdf: createCatalogPdfs(db, { publicUrl: env.PUBLIC_URL, company: env.company, media }),
    catalog: catalogReads(db, overrides.catalogVersion ?? null),
    adminRequireTwoFactor: env.adminRequireTwoFactor,
    catalogVersion: overrides.catalogVersion ?? null,
    backups: overrides.backups ?? noBackups,
    media,
    verifactuSending: verifactuSendingSettings(env),
  }
}

/** SDK options for Stripe's API at `base` (STRIPE_API_BASE): a fake answers at once, so no retries. */
function stripeApiAt(base: string) {
  const url = new URL(base)
  const protocol: 'http' | 'https' = url.protocol === 'http:' ? 'http' : 'https'
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol, maxNetworkRetries: 0, telemetry: false }
}

export interface VerifactuSendingSettings {
  mode: VerifactuMode
  /** The company's certificate when records are sent; null: made but not sent, or `off`. */
  certificate: { subject: string; notAfter: Date } | null
}

function verifactuSendingSettings(env: Pick<Env, 'verifactu' | 'verifactuSending'>): VerifactuSendingSettings {
  const certificate = env.verifactuSending?.certificate
  return { mode: env.verifactu.mode, certificate: certificate ? { subject: certificate.subject, notAfter: certificate.notAfter } : null }
}

/** Closes what the services hold open (SMTP pool, Redis). */
export async function closeServices(services: Services) {
  await services.mailer.close()
  await services.limits.close()
}

import type { Database } from '../../db/client.ts'
import type { AppLogger } from '../../logger.ts'
import type { OrderConfirmationRenderer } from '../../emails/order-confirmation.ts'
import type { Company } from '../../../core/company.ts'
import type { EmailOutbox } from '../email-outbox.ts'
import type { InvoiceSettings } from '../invoices.ts'
import type { JobQueue } from '../jobs.ts'
import type { PaymentProvider } from '../payments/provider.ts'
import type { OrderActor } from './events.ts'

/** What the orders wing is built with, once per app (server/services/index.ts). */
export interface OrderDeps {
  payments: PaymentProvider
  mailer: EmailOutbox
  renderOrderConfirmation: OrderConfirmationRenderer
  invoicing: InvoiceSettings
  publicUrl: string
  company: Company
  /** ORDER_NOTIFY_EMAILS: who hears of paid orders (and of contact messages and wholesale requests). */
  notifyEmails: readonly string[]
  /** Signs payment links (payment-links.ts), derived from BETTER_AUTH_SECRET. */
  paymentLinkKey: Buffer
}

/** The wing's own context: its dependencies, the database and the jobs queue its transitions queue into. */
export interface OrdersContext extends OrderDeps {
  db: Database
  jobs: JobQueue
  /** The app's log: for the jobs, which outlive the request that queued them. */
  log: AppLogger
}

/** Who asks (the timeline names them) and the request's log: every call into the wing carries one. */
export interface OrderCall {
  actor: OrderActor
  log: AppLogger
}

import { sql } from 'drizzle-orm'
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { claimColumns } from './leases.ts'

/** An attachment as the outbox keeps it: its bytes in base64 (invoice and catalog PDFs, up to ~1 MB). */
export interface StoredAttachment {
  filename: string
  contentType: string
  contentBase64: string
}

export const emailStatuses = ['pending', 'sent', 'failed'] as const

/**
 * Every email the shop sends (ADR 019): written before it is handed to SMTP (or the
 * `.eml` folder) and retried with backoff until it goes, by whichever instance claims it first.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** `order-confirmation`, `contact`, …: logs, the `.eml` file name and the X-Mail-Kind header. */
    kind: text().notNull(),
    recipient: text().notNull(),
    subject: text().notNull(),
    html: text().notNull(),
    text: text().notNull(),
    replyTo: jsonb().$type<{ name: string; address: string }>(),
    attachments: jsonb().$type<StoredAttachment[]>(),
    /** A message that must be queued once whoever asks for it (`order-confirmation:<orderId>`). */
    dedupeKey: text().unique(),
    status: text({ enum: emailStatuses }).notNull().default('pending'),
    ...claimColumns(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('email_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('email_outbox_status_idx').on(t.status),
  ],
)

import { sql } from 'drizzle-orm'
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { claimColumns } from './leases.ts'

export const jobStatuses = ['pending', 'done', 'failed'] as const

/**
 * Work a change queues for after its commit (docs/decisions/022): the emails and PDFs of an order's
 * transition, written in the transition's own transaction, so a crash between the commit and the
 * work loses nothing. Claimed like the email outbox's messages (docs/decisions/019): `FOR UPDATE SKIP
 * LOCKED` and a lease, so one instance runs a job, and a job cut short runs again once its lease ends.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Which handler runs it (`order-email`, …). */
    kind: text().notNull(),
    /** One job per key, whoever queues it (`order-confirmation:<orderId>`): queueing it again is a no-op. */
    key: text().notNull().unique(),
    /** What the handler needs, checked by the handler's schema when it runs. */
    payload: jsonb().$type<unknown>().notNull(),
    status: text({ enum: jobStatuses }).notNull().default('pending'),
    ...claimColumns(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
)

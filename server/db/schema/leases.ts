import { integer, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * The columns of a row that instances claim before working on it and retry until it is done (the
 * email outbox, docs/decisions/019; the jobs queue, docs/decisions/022): a function, so each table
 * gets columns of its own.
 */
export const claimColumns = () => ({
  /** Tries so far, counted when one is claimed (a crash during a try counts too). */
  attempts: integer().notNull().default(0),
  nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** The lease of the instance working on it now: nobody else claims it before this time. */
  lockedUntil: timestamp({ withTimezone: true }),
  /** Which claim holds the lease: only that one may record how the try went. */
  lockToken: uuid(),
  /** The last failure's message (never a credential or a body). */
  lastError: text(),
})

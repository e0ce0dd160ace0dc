import { randomUUID } from 'node:crypto'
import { and, asc, count, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { emailOutbox, type StoredAttachment } from '../db/schema/index.ts'
import type { AppLogger } from '../logger.ts'
import { describeError, type Mailer, type MailMessage } from './mail.ts'

/**
 * The durable email queue (ADR 019). `send` writes the message to `email_outbox` and tries it at
 * once through the transport (SMTP, the `.eml` folder, a test's mailer); when that fails the
 * message stays pending and `deliverDue` (the worker, on every instance) tries it again with
 * backoff until it goes or, after `giveUpAfterMs`, is marked failed. A message is claimed with
 * `FOR UPDATE SKIP LOCKED` and a lease, so one instance sends it, once.
 */
export interface EmailOutbox extends Mailer {
  /** One pass of the worker: claims the due messages no other instance holds and sends them. */
  deliverDue(): Promise<{ sent: number; retrying: number; failed: number }>
  /** Forgets sent messages older than `keepSentMs` (their dedupe keys with them). */
  purgeSent(): Promise<number>
  /** The clock the queue runs on (injected by tests). */
  now(): Date
}

export interface EmailOutboxOptions {
  log: Pick<AppLogger, 'info' | 'warn' | 'error'>
  clock?: () => Date
  /** The first retry's wait, doubled each time up to `maxBackoffMs`. */
  firstBackoffMs?: number
  maxBackoffMs?: number
  /** How long a message is retried before it is marked failed. */
  giveUpAfterMs?: number
  /** How long a claim holds a message: longer than the transport's longest send (mail.ts's timeouts). */
  leaseMs?: number
  /** Messages claimed per pass. */
  batchSize?: number
  keepSentMs?: number
}

const second = 1000
const hour = 3600 * second
const day = 24 * hour

export const outboxDefaults = {
  firstBackoffMs: 30 * second,
  maxBackoffMs: hour,
  giveUpAfterMs: 3 * day,
  leaseMs: 5 * 60 * second,
  batchSize: 20,
  keepSentMs: 30 * day,
}

/** The wait after the `attempts`-th failed attempt: 30 s, 1 min, 2 min, … up to 1 h. */
export function backoffMs(attempts: number, first = outboxDefaults.firstBackoffMs, max = outboxDefaults.maxBackoffMs): number {
  return Math.min(max, first * 2 ** Math.max(0, Math.min(attempts - 1, 30)))
}

/**
 * What a claimed row (an email, a job) records after a failed try, its lease let go: tried again
 * after the backoff, or marked failed once it has been retried for `giveUpAfterMs`.
 */
export function afterFailedTry(
  row: { attempts: number; createdAt: Date },
  now: Date,
  lastError: string,
  settings: { firstBackoffMs: number; maxBackoffMs: number; giveUpAfterMs: number } = outboxDefaults,
) {
  const giveUp = now.getTime() - row.createdAt.getTime() >= settings.giveUpAfterMs
  const nextAttemptAt = new Date(now.getTime() + backoffMs(row.attempts, settings.firstBackoffMs, settings.maxBackoffMs))
  const released = { lockedUntil: null, lockToken: null, lastError }
  return { giveUp, nextAttemptAt, set: giveUp ? { ...released, status: 'failed' as const } : { ...released, nextAttemptAt } }
}

type OutboxRow = typeof emailOutbox.$inferSelect
interface Claim {
  id: string
  token: string
  attempts: number
  createdAt: Date
  message: MailMessage
}

export function createEmailOutbox(db: Database, transport: Mailer, opts: EmailOutboxOptions): EmailOutbox {
  const settings = {
    firstBackoffMs: opts.firstBackoffMs ?? outboxDefaults.firstBackoffMs,
    maxBackoffMs: opts.maxBackoffMs ?? outboxDefaults.maxBackoffMs,
    giveUpAfterMs: opts.giveUpAfterMs ?? outboxDefaults.giveUpAfterMs,
    leaseMs: opts.leaseMs ?? outboxDefaults.leaseMs,
    batchSize: opts.batchSize ?? outboxDefaults.batchSize,
    keepSentMs: opts.keepSentMs ?? outboxDefaults.keepSentMs,
  }
  const clock = opts.clock ?? (() => new Date())
  const { log } = opts
  const later = (ms: number) => new Date(clock().getTime() + ms)

  /** Hands one claimed message to the transport and records what happened, under its claim. */
  async function attempt(claim: Claim): Promise<'sent' | 'retrying' | 'failed'> {
    const held = and(eq(emailOutbox.id, claim.id), eq(emailOutbox.lockToken, claim.token))
    const context = { emailId: claim.id, kind: claim.message.kind, attempts: claim.attempts }
    try {
      await transport.send(claim.message)
    } catch (error) {
      const lastError = errorText(error)
      const { giveUp, nextAttemptAt, set } = afterFailedTry(claim, clock(), lastError, settings)
      try {
        await db.update(emailOutbox).set(set).where(held)
      } catch (recordError) {
        // The lease runs out and the message is tried again.
        log.error({ err: recordError, ...context }, 'could not record a failed email attempt')
      }
      if (giveUp) {
        log.error({ ...context, error: lastError }, 'email given up after retrying: marked failed')
        return 'failed'
      }
      log.warn({ ...context, error: lastError, nextAttemptAt }, 'email not sent: kept and retried later')
      return 'retrying'
    }
    try {
      const marked = await db
        .update(emailOutbox)
        .set({ status: 'sent', sentAt: clock(), lockedUntil: null, lockToken: null, lastError: null })
        .where(held)
        .returning({ id: emailOutbox.id })
      if (marked.length === 0) log.warn(context, 'email sent after its lease ran out: it may be sent twice')
    } catch (error) {
      log.error({ err: error, ...context }, 'email sent but not marked sent: it may be sent twice')
    }
    return 'sent'
  }

  return {
    get transport() {
      return transport.transport
    },
    now: clock,

    async send(message) {
      const token = randomUUID()
      const createdAt = clock()
      // Written already claimed by this instance, so no worker takes it while it is tried here.
      const [row] = await db
        .insert(emailOutbox)
        .values({
          ...toRow(message),
          attempts: 1,
          nextAttemptAt: createdAt,
          lockedUntil: later(settings.leaseMs),
          lockToken: token,
          createdAt,
        })
        .onConflictDoNothing({ target: emailOutbox.dedupeKey })
        .returning({ id: emailOutbox.id })
      if (!row) {
        log.info({ kind: message.kind, dedupeKey: message.dedupeKey }, 'email already queued: not queued again')
        return
      }
      await attempt({ id: row.id, token, attempts: 1, createdAt, message })
    },

    async deliverDue() {
      const now = clock()
      const token = randomUUID()
      const due = and(
        eq(emailOutbox.status, 'pending'),
        lte(emailOutbox.nextAttemptAt, now),
        or(isNull(emailOutbox.lockedUntil), lt(emailOutbox.lockedUntil, now)),
      )
      // Rows another instance is claiming right now are skipped, not waited for; the conditions
      // are checked again on the row as it is once locked, so a claim is never taken twice.
      const candidates = db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(due)
        .orderBy(asc(emailOutbox.nextAttemptAt))
        .limit(settings.batchSize)
        .for('update', { skipLocked: true })
      const claimed: OutboxRow[] = await db
        .update(emailOutbox)
        .set({ lockedUntil: later(settings.leaseMs), lockToken: token, attempts: sql`${emailOutbox.attempts} + 1` })
        .where(and(inArray(emailOutbox.id, candidates), due))
        .returning()
      const outcome = { sent: 0, retrying: 0, failed: 0 }
      for (const row of claimed.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime())) {
        outcome[await attempt({ id: row.id, token, attempts: row.attempts, createdAt: row.createdAt, message: fromRow(row) })]++
      }
      return outcome
    },

    async purgeSent() {
      const before = new Date(clock().getTime() - settings.keepSentMs)
      const deleted = await db
        .delete(emailOutbox)
        .where(and(eq(emailOutbox.status, 'sent'), lt(emailOutbox.sentAt, before)))
        .returning({ id: emailOutbox.id })
      return deleted.length
    },

    close: () => transport.close(),
  }
}

/** How many emails are waiting (pending), sent and given up (failed): for an operator's metrics. */
export async function emailOutboxCounts(db: Database): Promise<Record<OutboxRow['status'], number>> {
  const rows = await db.select({ status: emailOutbox.status, count: count() }).from(emailOutbox).groupBy(emailOutbox.status)
  const counts = { pending: 0, sent: 0, failed: 0 }
  for (const row of rows) counts[row.status] = row.count
  return counts
}

/**
 * Runs the outbox's passes on this instance every `everyMs` (5 s by default) until stopped, each
 * after `beforeDelivery` (the jobs that queue emails, so what they queue goes in the same pass), and
 * every `sweepEveryMs` (and on the first pass) `sweep` (forgetting jobs done long ago) and the purge
 * of old sent messages. Stopping waits for the pass under way at most `stopWaitMs`:
 * a message whose send is cut short is sent by an instance once its lease runs out.
 */
export function startEmailOutboxWorker(
  outbox: EmailOutbox,
  opts: {
    log: Pick<AppLogger, 'error'>
    everyMs?: number
    beforeDelivery?: () => Promise<unknown>
    sweep?: () => Promise<unknown>
    sweepEveryMs?: number
    stopWaitMs?: number
  },
): { stop(): Promise<void> } {
  const sweepEveryMs = opts.sweepEveryMs ?? 60_000
  let lastSweep = Number.NEGATIVE_INFINITY
  let running: Promise<void> | null = null
  const pass = async () => {
    if (Date.now() - lastSweep >= sweepEveryMs) {
      lastSweep = Date.now()
      try {
        await opts.sweep?.()
        await outbox.purgeSent()
      } catch (error) {
        opts.log.error({ err: error }, 'email outbox sweep failed')
      }
    }
    try {
      await opts.beforeDelivery?.()
    } catch (error) {
      opts.log.error({ err: error }, 'jobs pass failed')
    }
    try {
      await outbox.deliverDue()
    } catch (error) {
      opts.log.error({ err: error }, 'email outbox pass failed')
    }
  }
  const timer = setInterval(() => {
    running ??= pass().finally(() => (running = null))
  }, opts.everyMs ?? 5000)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      if (!running) return
      let waited: NodeJS.Timeout | undefined
      await Promise.race([running, new Promise<void>((resolve) => (waited = setTimeout(resolve, opts.stopWaitMs ?? 3000)))])
      clearTimeout(waited)
    },
  }
}

function toRow(message: MailMessage) {
  return {
    kind: message.kind,
    recipient: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    replyTo: message.replyTo ?? null,
    attachments:
      message.attachments?.map((a): StoredAttachment => ({
        filename: a.filename,
        contentType: a.contentType,
        contentBase64: a.content.toString('base64'),
      })) ?? null,
    dedupeKey: message.dedupeKey ?? null,
  }
}

function fromRow(row: OutboxRow): MailMessage {
  return {
    to: row.recipient,
    subject: row.subject,
    html: row.html,
    text: row.text,
    kind: row.kind,
    ...(row.replyTo ? { replyTo: row.replyTo } : {}),
    ...(row.attachments
      ? {
          attachments: row.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.contentBase64, 'base64'),
          })),
        }
      : {}),
    ...(row.dedupeKey ? { dedupeKey: row.dedupeKey } : {}),
  }
}

/** What `last_error` keeps: the error's message and SMTP code, short (mail.ts never puts the URL in them). */
function errorText(error: unknown): string {
  const { message, code, responseCode } = describeError(error)
  const codes = [code, responseCode].filter((c) => c !== undefined && c !== null).join(' ')
  return `${codes ? `${codes}: ` : ''}${message}`.slice(0, 500)
}

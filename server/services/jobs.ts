import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { jobs } from '../db/schema/index.ts'
import type { AppLogger } from '../logger.ts'
import { afterFailedTry, outboxDefaults } from './email-outbox.ts'

/**
 * The generic jobs queue (docs/decisions/022): work a transaction queues for after its commit (an
 * order's emails and their PDFs), kept in `jobs` until it is done. The transaction that queues a job
 * runs it itself once committed (`run`); a job that fails, or whose instance died before running it,
 * is picked up by the worker every instance runs (`runDue`), with the email outbox's backoff, claim
 * and lease (docs/decisions/019), so one instance runs it at a time.
 */
export interface JobSpec {
  kind: string
  /** One job per key: a second job with the same key is not queued. */
  key: string
  payload: unknown
}

/** Runs one job; throwing leaves it for a retry. */
export type JobHandler = (payload: unknown) => Promise<void>

export interface JobQueue {
  /** Queues a job in the caller's transaction; its id, or null when a job with its key was queued before. */
  enqueue(tx: Database, job: JobSpec): Promise<string | null>
  /**
   * Runs these jobs now, after the transaction that queued them committed (those another instance
   * holds are left to it). The caller waits `waitMs` at most: a job still running then goes on after
   * the caller has answered, and one that fails is the worker's to retry.
   */
  run(ids: readonly string[]): Promise<void>
  /** One pass of the worker: claims the due jobs no other instance holds and runs them. */
  runDue(): Promise<{ done: number; retrying: number; failed: number }>
  /** Forgets jobs done more than `keepDoneMs` ago (their keys with them). */
  purgeDone(): Promise<number>
  /** Waits for the jobs still running after their callers answered (before the database closes). */
  settle(): Promise<void>
}

export interface JobQueueOptions {
  log: Pick<AppLogger, 'warn' | 'error'>
  clock?: () => Date
  /** How long a claim holds a job: longer than its longest run (drawing a PDF, handing an email to the outbox). */
  leaseMs?: number
  giveUpAfterMs?: number
  batchSize?: number
  keepDoneMs?: number
  /**
   * How long `run` keeps its caller waiting (0: until the jobs are done). A buyer's "paid" answer
   * must not queue behind invoice PDFs being drawn on a busy instance (docs/decisions/033).
   */
  waitMs?: number
}

/** `JobQueueOptions.waitMs` unless set: the order's emails are usually sent before the answer. */
export const defaultJobWaitMs = 2_000

type JobRow = typeof jobs.$inferSelect

export function createJobQueue(db: Database, handlers: Readonly<Record<string, JobHandler>>, opts: JobQueueOptions): JobQueue {
  const clock = opts.clock ?? (() => new Date())
  const leaseMs = opts.leaseMs ?? outboxDefaults.leaseMs
  const giveUpAfterMs = opts.giveUpAfterMs ?? outboxDefaults.giveUpAfterMs
  const keepDoneMs = opts.keepDoneMs ?? outboxDefaults.keepSentMs
  const waitMs = opts.waitMs ?? defaultJobWaitMs
  const running = new Set<Promise<unknown>>()
  const later = (ms: number) => new Date(clock().getTime() + ms)

  /** Takes the jobs `which` selects that are pending and free (a lapsed lease is free), and leases them to one claim. */
  async function claim(which: SQL, limit: number): Promise<{ token: string; rows: JobRow[] }> {
    const now = clock()
    const token = randomUUID()
    const free = and(eq(jobs.status, 'pending'), or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, now)), which)
    // Rows another instance is claiming right now are skipped, not waited for; the conditions are
    // checked again on the row as it is once locked, so a claim is never taken twice.
    const candidates = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(free)
      .orderBy(asc(jobs.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true })
    const rows = await db
      .update(jobs)
      .set({ lockedUntil: later(leaseMs), lockToken: token, attempts: sql`${jobs.attempts} + 1` })
      .where(and(inArray(jobs.id, candidates), free))
      .returning()
    return { token, rows: rows.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime()) }
  }

  /** Runs one claimed job and records how it went, under its claim. */
  async function attempt(row: JobRow, token: string): Promise<'done' | 'retrying' | 'failed'> {
    const held = and(eq(jobs.id, row.id), eq(jobs.lockToken, token))
    const context = { jobId: row.id, kind: row.kind, key: row.key, attempts: row.attempts }
    const handler = handlers[row.kind]
    try {
      if (!handler) throw new Error(`no handler for jobs of kind ${row.kind}`)
      await handler(row.payload)
    } catch (error) {
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500)
      const { giveUp, nextAttemptAt, set } = afterFailedTry(row, clock(), lastError, { ...outboxDefaults, giveUpAfterMs })
      await db
        .update(jobs)
        .set(set)
        .where(held)
        .catch((recordError: unknown) =>
          opts.log.error({ err: recordError, ...context }, 'could not record a failed job: its lease runs out and it runs again'),
        )
      if (giveUp) opts.log.error({ ...context, error: lastError }, 'job given up after retrying: marked failed')
      else opts.log.warn({ ...context, error: lastError, nextAttemptAt }, 'job failed: kept and retried later')
      return giveUp ? 'failed' : 'retrying'
    }
    await db
      .update(jobs)
      .set({ status: 'done', doneAt: clock(), lockedUntil: null, lockToken: null, lastError: null })
      .where(held)
      .catch((error: unknown) =>
        opts.log.error({ err: error, ...context }, 'job done but not marked done: it runs again (its work is keyed, so nothing is sent twice)'),
      )
    return 'done'
  }

  async function runClaimed({ token, rows }: { token: string; rows: JobRow[] }) {
    const outcome = { done: 0, retrying: 0, failed: 0 }
    for (const row of rows) outcome[await attempt(row, token)]++
    return outcome
  }

  return {
    async enqueue(tx, job) {
      const [row] = await tx
        .insert(jobs)
        .values({ kind: job.kind, key: job.key, payload: job.payload, nextAttemptAt: clock(), createdAt: clock() })
        .onConflictDoNothing({ target: jobs.key })
        .returning({ id: jobs.id })
      return row?.id ?? null
    },
    async run(ids) {
      if (ids.length === 0) return
      const work = claim(inArray(jobs.id, [...ids]), ids.length).then(runClaimed)
      if (waitMs === 0) {
        await work
        return
      }
      running.add(work)
      let answered = false
      // Settled either way; a failure once the caller has answered is logged here, not thrown at no one.
      const finished = work.then(
        () => true,
        (error: unknown) => {
          if (answered) opts.log.error({ err: error, jobIds: ids }, 'jobs run after their caller answered failed: left to the worker')
          return true
        },
      )
      void finished.finally(() => running.delete(work))
      let timer: NodeJS.Timeout | undefined
      const late = new Promise<false>((resolve) => {
        timer = setTimeout(resolve, waitMs, false)
      })
      try {
        // Done within the wait: the caller sees the run as it went (a failure is thrown to it).
        if (await Promise.race([finished, late])) await work
        else answered = true
      } finally {
        clearTimeout(timer)
      }
    },
    async runDue() {
      return runClaimed(await claim(lte(jobs.nextAttemptAt, clock()), opts.batchSize ?? outboxDefaults.batchSize))
    },
    async purgeDone() {
      const before = new Date(clock().getTime() - keepDoneMs)
      const deleted = await db
        .delete(jobs)
        .where(and(eq(jobs.status, 'done'), lt(jobs.doneAt, before)))
        .returning({ id: jobs.id })
      return deleted.length
    },
    async settle() {
      await Promise.allSettled([...running])
    },
  }
}

/**
 * Sending the billing records to the AEAT (docs/decisions/028). One sender at a time across
 * instances (an advisory lock); records in chain order, at most 1.000 per message, none before the
 * wait the last answer asked for (kept in the database) unless a full message is waiting; each
 * message written down before it leaves, and every record's answer kept beside it. A record the
 * AEAT never answered for goes again in the next message; one it answered for never goes again.
 */
import { and, asc, eq, inArray, isNotNull, isNull, not, sql } from 'drizzle-orm'
import type { DatabaseHandle, Database } from '../../db/client.ts'
import { verifactuAnswers, verifactuRecords, verifactuSending, verifactuSubmissions } from '../../db/schema/index.ts'
import type { AppLogger } from '../../logger.ts'
import type { VerifactuRecordState, VerifactuService } from '../../../core/verifactu.ts'
import { AeatAnswerError, duplicateCodes, initialWaitSeconds, parseAeatAnswer, type AeatLine } from './answer.ts'
import type { StoredRecord } from './chain.ts'
import { haltInvoicing } from './halt.ts'
import { TransportError, type AeatTransport } from './transport.ts'
import { maxRecordsPerMessage, regFactuXml, soapEnvelope, type ObligadoEmision } from './xml.ts'

/** The advisory lock only the sender takes: any number the app uses for nothing else. */
export const verifactuSenderLockKey = 7_361_902_115

export type AnswerState = NonNullable<typeof verifactuAnswers.$inferSelect.state>
/** A record's state for the owner and the metrics: its answer's, or pending while it has none. */
export type RecordSendState = VerifactuRecordState

export type SendResult =
  | { sent: 0; reason: 'busy' | 'nothing' | 'waiting' }
  | { sent: number; outcome: 'answered' | 'fault' | 'failed'; states: Partial<Record<RecordSendState, number>>; error?: string }

export interface VerifactuSenderOptions {
  database: Pick<DatabaseHandle, 'db' | 'unlessBusy'>
  service: VerifactuService
  /** The company whose records these are (the message's Cabecera). */
  obligado: ObligadoEmision
  transport: AeatTransport
  log: Pick<AppLogger, 'info' | 'warn' | 'error'>
  clock?: () => Date
  /** Records per message: the schema's 1.000 (tests make it smaller). */
  messageSize?: number
  /** Tests only: runs between the AEAT's answer and keeping it, as a sender that dies there. */
  afterAnswer?: () => Promise<void>
}

export interface VerifactuSender {
  /** One pass: sends the waiting records if the flow control allows it and no other sender is at it. */
  sendDue(): Promise<SendResult>
  /** Passes every `everyMs` until stopped. */
  start(everyMs?: number): { stop(): Promise<void> }
}

/** Records of a service the AEAT has not answered for, in chain order. */
function waitingRecords(db: Database, service: VerifactuService, limit: number): Promise<StoredRecord[]> {
  const answered = db
    .select({ one: sql`1` })
    .from(verifactuAnswers)
    .where(and(eq(verifactuAnswers.recordId, verifactuRecords.id), isNotNull(verifactuAnswers.state)))
  return db
    .select()
    .from(verifactuRecords)
    .where(and(eq(verifactuRecords.service, service), not(sql`exists ${answered}`)))
    .orderBy(asc(verifactuRecords.position))
    .limit(limit)
}

/**
 * The state an answer line gives a record. A "duplicate" rejection says the AEAT already holds a
 * record of that invoice: ours, when we sent this record before and lost the answer (a sender that
 * died, a timeout), so it counts as the AEAT's state of it; a conflict otherwise (the AEAT holds a
 * record this database never sent: a restored backup reissued the number).
 */
export function stateOfLine(line: AeatLine, sentBefore: boolean): AnswerState {
  if (line.state === 'Correcto') return 'accepted'
  if (line.state === 'AceptadoConErrores') return 'accepted_with_errors'
  if (line.code !== null && duplicateCodes.has(line.code)) {
    if (!sentBefore) return 'conflict'
    return line.duplicate === 'AceptadaConErrores' ? 'accepted_with_errors' : 'accepted'
  }
  return 'rejected'
}

const lineKey = (operation: string, number: string, date: string) => `${operation}|${number}|${date}`
const recordKey = (record: StoredRecord) => lineKey(record.kind === 'alta' ? 'Alta' : 'Anulacion', record.invoiceNumber, record.invoiceDate)

export function createVerifactuSender(opts: VerifactuSenderOptions): VerifactuSender {
  const { database, service, log } = opts
  const db = database.db
  const clock = opts.clock ?? (() => new Date())
  const messageSize = Math.min(opts.messageSize ?? maxRecordsPerMessage, maxRecordsPerMessage)

  async function flowControl() {
    const [flow] = await db.select().from(verifactuSending).where(eq(verifactuSending.service, service))
    if (flow) return flow
    // The migration makes both rows; a database restored from before it may lack them.
    const [made] = await db.insert(verifactuSending).values({ service }).onConflictDoNothing().returning()
    return made ?? { service, nextSendAt: null, waitSeconds: initialWaitSeconds }
  }

  /**
   * After a message the AEAT did not take: the wait its last answer asked for, and never less than
   * the first 60 s (an unreachable service is not called every pass). The owner can skip this pause
   * ("Reintentar ahora"); never a wait an answer gave.
   */
  async function pauseAfterFailure(sentAt: Date, waitSeconds: number) {
    await db
      .update(verifactuSending)
      .set({ nextSendAt: new Date(sentAt.getTime() + Math.max(waitSeconds, initialWaitSeconds) * 1000) })
      .where(eq(verifactuSending.service, service))
  }

  async function send(): Promise<SendResult> {
    const now = clock()
    const flow = await flowControl()
    const records = await waitingRecords(db, service, messageSize)
    if (records.length === 0) return { sent: 0, reason: 'nothing' }
    // Flow control (the order's art. 16.2): the wait, or a full message, whichever comes first.
    if (flow.nextSendAt && now < flow.nextSendAt && records.length < messageSize) return { sent: 0, reason: 'waiting' }

    const ids = records.map((record) => record.id)
    const earlier = await db
      .selectDistinct({ recordId: verifactuAnswers.recordId })
      .from(verifactuAnswers)
      .where(inArray(verifactuAnswers.recordId, ids))
    const sentBefore = new Set(earlier.map((row) => row.recordId))
    // Written down before it leaves: whatever happens next, these records are known to have been sent.
    const submissionId = await db.transaction(async (tx) => {
      const [submission] = await tx
        .insert(verifactuSubmissions)
        .values({ service, sentAt: now, recordCount: records.length })
        .returning({ id: verifactuSubmissions.id })
      if (!submission) throw new Error('the submission was not stored')
      await tx.insert(verifactuAnswers).values(ids.map((recordId) => ({ submissionId: submission.id, recordId })))
      return submission.id
    })

    const failed = async (outcome: 'fault' | 'failed', error: string): Promise<SendResult> => {
      await db.update(verifactuSubmissions).set({ outcome, error, answeredAt: clock() }).where(eq(verifactuSubmissions.id, submissionId))
      await pauseAfterFailure(now, flow.waitSeconds)
      log.warn({ service, records: records.length, error }, 'VERI*FACTU: the AEAT did not take the message; its records wait for the next')
      return { sent: records.length, outcome, states: { pending: records.length }, error }
    }

    let answer
    try {
      answer = parseAeatAnswer(
        await opts.transport.post(
          soapEnvelope(
            regFactuXml(
              opts.obligado,
              records.map((stored) => stored.record),
            ),
          ),
        ),
      )
    } catch (error) {
      if (error instanceof TransportError || error instanceof AeatAnswerError) return failed('failed', error.message)
      throw error
    }
    await opts.afterAnswer?.()
    if (answer.kind === 'fault') return failed('fault', answer.message)

    const lines = new Map(answer.lines.map((line) => [lineKey(line.operation, line.number, line.date), line]))
    const states: Partial<Record<RecordSendState, number>> = {}
    const answeredAt = clock()
    await db.transaction(async (tx) => {
      // One update per distinct answer (state, code, text), not one per record: a message holds up to 1.000.
      let conflicted: string | null = null
      const byAnswer = new Map<string, { state: AnswerState; code: string | null; description: string | null; ids: string[] }>()
      for (const record of records) {
        const line = lines.get(recordKey(record))
        const state = line ? stateOfLine(line, sentBefore.has(record.id)) : null
        states[state ?? 'pending'] = (states[state ?? 'pending'] ?? 0) + 1
        if (!line || !state) continue
        const key = JSON.stringify([state, line.code, line.description])
        const group = byAnswer.get(key) ?? { state, code: line.code, description: line.description, ids: [] }
        group.ids.push(record.id)
        byAnswer.set(key, group)
        if (state === 'rejected')
          log.warn(
            { service, invoice: record.invoiceNumber, code: line.code, description: line.description },
            'VERI*FACTU: the AEAT rejected a record',
          )
        if (state === 'conflict') {
          conflicted ??= record.invoiceNumber
          log.error(
            { service, invoice: record.invoiceNumber, code: line.code },
            'VERI*FACTU: the AEAT already holds another record of this invoice, one this database never sent (a restored backup?): invoicing stops',
          )
        }
      }
      for (const { ids: recordIds, ...answered } of byAnswer.values()) {
        await tx
          .update(verifactuAnswers)
          .set({ ...answered, answeredAt })
          .where(and(eq(verifactuAnswers.submissionId, submissionId), inArray(verifactuAnswers.recordId, recordIds), isNull(verifactuAnswers.state)))
      }
      await tx
        .update(verifactuSubmissions)
        .set({ outcome: 'answered', sendState: answer.sendState, csv: answer.csv, waitSeconds: answer.waitSeconds, answeredAt })
        .where(eq(verifactuSubmissions.id, submissionId))
      await tx
        .update(verifactuSending)
        .set({ waitSeconds: answer.waitSeconds, nextSendAt: new Date(now.getTime() + answer.waitSeconds * 1000) })
        .where(eq(verifactuSending.service, service))
      // The AEAT holds an invoice this database does not know it sent: its numbers and chain may
      // no longer be the AEAT's, so no invoice is issued until an admin reconciles (docs/decisions/030).
      if (conflicted) await haltInvoicing(tx, [service], { reason: 'conflict', detail: conflicted }, answeredAt)
    })
    log.info({ service, records: records.length, states, csv: answer.csv, sendState: answer.sendState }, 'VERI*FACTU: records sent to the AEAT')
    return { sent: records.length, outcome: 'answered', states }
  }

  const sendDue = async (): Promise<SendResult> => (await database.unlessBusy(verifactuSenderLockKey, send)) ?? { sent: 0, reason: 'busy' }

  return {
    sendDue,
    start(everyMs = 10_000) {
      let running: Promise<unknown> | null = null
      const timer = setInterval(() => {
        running ??= sendDue()
          .catch((error: unknown) => log.error({ err: error }, 'VERI*FACTU: the sender failed'))
          .finally(() => (running = null))
      }, everyMs)
      timer.unref()
      return {
        async stop() {
          clearInterval(timer)
          await running
        },
      }
    },
  }
}

/** How many records of a service are in each state (the metrics and the owner's view). */
export async function recordSendStates(db: Database, service: VerifactuService): Promise<Record<RecordSendState, number>> {
  const rows = await db
    .select({ state: verifactuAnswers.state, n: sql<number>`count(*)::int` })
    .from(verifactuRecords)
    .leftJoin(verifactuAnswers, and(eq(verifactuAnswers.recordId, verifactuRecords.id), isNotNull(verifactuAnswers.state)))
    .where(eq(verifactuRecords.service, service))
    .groupBy(verifactuAnswers.state)
  const counts: Record<RecordSendState, number> = { pending: 0, accepted: 0, accepted_with_errors: 0, rejected: 0, conflict: 0 }
  for (const row of rows) counts[row.state ?? 'pending'] += row.n
  return counts
}

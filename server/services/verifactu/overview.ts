/**
 * The owner's view of the VERI*FACTU records (docs/decisions/028, /admin/verifactu): every record
 * with its invoice and what the AEAT answered, what needs the owner's attention on every admin
 * page, and "Reintentar ahora".
 */
import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { invoices, verifactuAnswers, verifactuRecords, verifactuSending, verifactuSubmissions } from '../../db/schema/index.ts'
import { adminPageSize } from '../../../core/admin-lists.ts'
import type { VerifactuMode, VerifactuService } from '../../../core/verifactu.ts'
import { namesSpanishNif } from './record.ts'
import type { RecordSendState } from './sender.ts'

/** A record unanswered for longer than this needs the owner's attention (the law allows a delay, not a loss). */
export const unsentWarningHours = 24

/** The service whose records the owner sees: the one in use (the real one's, once VERIFACTU is off). */
export const serviceShown = (mode: VerifactuMode): VerifactuService => (mode === 'off' ? 'production' : mode)

export interface RecordsFilter {
  state?: RecordSendState | undefined
  /** `YYYY-MM`: the records made in that month, in Spain. */
  month?: string | undefined
  page: number
}

/** The record's final answer, if it has one (one at most: verifactu_answers_one_final). */
const finalAnswer = (db: Database) =>
  db
    .select({
      recordId: verifactuAnswers.recordId,
      state: verifactuAnswers.state,
      code: verifactuAnswers.code,
      description: verifactuAnswers.description,
      answeredAt: verifactuAnswers.answeredAt,
    })
    .from(verifactuAnswers)
    .where(isNotNull(verifactuAnswers.state))
    .as('final_answer')

/** The last message each record went in, and how it went (the reason a pending record waits). */
const lastAttempt = (db: Database) =>
  db
    .selectDistinctOn([verifactuAnswers.recordId], {
      recordId: verifactuAnswers.recordId,
      sentAt: sql<Date>`${verifactuSubmissions.sentAt}`.as('last_sent_at'),
      outcome: verifactuSubmissions.outcome,
      error: verifactuSubmissions.error,
    })
    .from(verifactuAnswers)
    .innerJoin(verifactuSubmissions, eq(verifactuSubmissions.id, verifactuAnswers.submissionId))
    .orderBy(verifactuAnswers.recordId, desc(verifactuSubmissions.sentAt))
    .as('last_attempt')

/** The record that corrects each corrected one (a subsanación), with its place in the chain. */
const correctionOf = (db: Database) =>
  db
    .select({
      correctsRecordId: sql<string | null>`${verifactuRecords.correctsRecordId}`.as('corrected_id'),
      position: sql<number | null>`${verifactuRecords.position}`.as('correction_position'),
    })
    .from(verifactuRecords)
    .where(isNotNull(verifactuRecords.correctsRecordId))
    .as('correction')

/** A record the owner can correct with a subsanación: a registro de alta the AEAT rejected or accepted with errors, not corrected yet. */
const correctable = (state: RecordSendState, kind: 'alta' | 'anulacion', corrected: boolean) =>
  !corrected && (state === 'rejected' || (kind === 'alta' && state === 'accepted_with_errors'))

/** One page of a service's records, newest first, with their invoice and the AEAT's answer. */
export async function verifactuRecordsPage(db: Database, service: VerifactuService, filter: RecordsFilter) {
  const answer = finalAnswer(db)
  const attempt = lastAttempt(db)
  const correction = correctionOf(db)
  const conditions: SQL[] = [eq(verifactuRecords.service, service)]
  if (filter.state === 'pending') conditions.push(isNull(answer.state))
  else if (filter.state) conditions.push(eq(answer.state, filter.state))
  if (filter.month) conditions.push(sql`to_char(${verifactuRecords.createdAt} at time zone 'Europe/Madrid', 'YYYY-MM') = ${filter.month}`)
  const where = and(...conditions)

  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: verifactuRecords.id,
        position: verifactuRecords.position,
        kind: verifactuRecords.kind,
        invoiceNumber: verifactuRecords.invoiceNumber,
        invoiceType: invoices.aeatType,
        orderId: invoices.orderId,
        totalCents: invoices.totalCents,
        hash: verifactuRecords.hash,
        createdAt: verifactuRecords.createdAt,
        state: answer.state,
        code: answer.code,
        description: answer.description,
        answeredAt: answer.answeredAt,
        lastSentAt: attempt.sentAt,
        lastOutcome: attempt.outcome,
        lastError: attempt.error,
        correctsRecordId: verifactuRecords.correctsRecordId,
        correctedByPosition: correction.position,
        buyer: invoices.buyer,
      })
      .from(verifactuRecords)
      .innerJoin(invoices, eq(invoices.id, verifactuRecords.invoiceId))
      .leftJoin(answer, eq(answer.recordId, verifactuRecords.id))
      .leftJoin(attempt, eq(attempt.recordId, verifactuRecords.id))
      .leftJoin(correction, eq(correction.correctsRecordId, verifactuRecords.id))
      .where(where)
      .orderBy(desc(verifactuRecords.position))
      .limit(adminPageSize)
      .offset((filter.page - 1) * adminPageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(verifactuRecords)
      .leftJoin(answer, eq(answer.recordId, verifactuRecords.id))
      .where(where),
  ])
  const count = total?.n ?? 0
  return {
    service,
    count,
    pageCount: Math.max(1, Math.ceil(count / adminPageSize)),
    records: rows.map(
      ({ state, createdAt, answeredAt, lastSentAt, lastOutcome, lastError, correctsRecordId, correctedByPosition, buyer, ...row }) => ({
        ...row,
        state: state ?? ('pending' as const),
        /** A subsanación: it corrects an earlier record of its invoice. */
        correction: correctsRecordId !== null,
        /** The chain position of the subsanación that corrected this record, if one did. */
        correctedBy: correctedByPosition ?? null,
        correctable: correctable(state ?? 'pending', row.kind, correctedByPosition !== null),
        /** Whether the invoice names its buyer by a Spanish NIF (a correction can say it is not in the census). */
        buyerSpanishNif: row.kind === 'alta' && namesSpanishNif({ aeatType: row.invoiceType, buyer }),
        createdAt: createdAt.toISOString(),
        answeredAt: answeredAt?.toISOString() ?? null,
        // Why a pending record still waits: the last message it went in, when it was not answered.
        lastAttempt: state === null && lastSentAt ? { sentAt: new Date(lastSentAt).toISOString(), outcome: lastOutcome, error: lastError } : null,
      }),
    ),
  }
}

/**
 * What every admin page warns about (the "a warning on every admin page"): records the AEAT
 * rejected, records it holds in another version (a conflict), and records not answered for more
 * than a day.
 */
/** The moment before which an unanswered record is late, as text: postgres-js does not bind a Date inside raw SQL (PGlite does). */
const unsentSince = (now: Date) => new Date(now.getTime() - unsentWarningHours * 3_600_000).toISOString()

export async function verifactuAttention(db: Database, service: VerifactuService, now: Date) {
  const answer = finalAnswer(db)
  const correction = correctionOf(db)
  const [row] = await db
    .select({
      // A rejected record corrected by a subsanación needs nothing more (the subsanación has its own state).
      rejected: sql<number>`count(*) filter (where ${answer.state} = 'rejected' and ${correction.position} is null)::int`,
      conflicts: sql<number>`count(*) filter (where ${answer.state} = 'conflict')::int`,
      unsentLong: sql<number>`count(*) filter (where ${answer.state} is null and ${verifactuRecords.createdAt} < ${unsentSince(now)}::timestamptz)::int`,
    })
    .from(verifactuRecords)
    .leftJoin(answer, eq(answer.recordId, verifactuRecords.id))
    .leftJoin(correction, eq(correction.correctsRecordId, verifactuRecords.id))
    .where(eq(verifactuRecords.service, service))
  return { rejected: row?.rejected ?? 0, conflicts: row?.conflicts ?? 0, unsentLong: row?.unsentLong ?? 0 }
}

export type RetryOutcome =
  | { kind: 'nothing' }
  /** The sender's next pass (within seconds) sends them. */
  | { kind: 'soon' }
  /** The AEAT's last answer asked to wait until then (its flow control): they go then, by themselves. */
  | { kind: 'aeatWait'; until: string }

/**
 * "Reintentar ahora": the waiting records go at the sender's next pass instead of after the pause a
 * failed attempt imposed. The wait an AEAT answer asked for (TiempoEsperaEnvio) is the law's flow
 * control and is kept: the owner is told when they go. Rejected records never go again (a
 * correction is a new record).
 */
export async function retrySending(db: Database, service: VerifactuService, now: Date): Promise<RetryOutcome> {
  return db.transaction(async (tx) => {
    const [flow] = await tx.select().from(verifactuSending).where(eq(verifactuSending.service, service)).for('update')
    const [waiting] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(verifactuRecords)
      .where(
        and(
          eq(verifactuRecords.service, service),
          sql`not exists (select 1 from ${verifactuAnswers} where ${verifactuAnswers.recordId} = ${verifactuRecords.id} and ${verifactuAnswers.state} is not null)`,
        ),
      )
    if (!waiting?.n) return { kind: 'nothing' }
    if (!flow?.nextSendAt || flow.nextSendAt <= now) return { kind: 'soon' }
    const [last] = await tx
      .select({ outcome: verifactuSubmissions.outcome })
      .from(verifactuSubmissions)
      .where(eq(verifactuSubmissions.service, service))
      .orderBy(desc(verifactuSubmissions.sentAt))
      .limit(1)
    if (last?.outcome === 'answered') return { kind: 'aeatWait', until: flow.nextSendAt.toISOString() }
    await tx.update(verifactuSending).set({ nextSendAt: now }).where(eq(verifactuSending.service, service))
    return { kind: 'soon' }
  })
}

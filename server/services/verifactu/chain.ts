/**
 * The shop's chain of VERI*FACTU billing records (docs/decisions/027), one per AEAT service,
 * appended inside the transaction that issues (or voids) the invoice: the record exists exactly
 * when the invoice does.
 * The chain's head row is updated first, and its lock is held until that transaction ends, so
 * records are appended one after the other whatever the number of instances issuing at once.
 */
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { invoices, verifactuAnswers, verifactuChain, verifactuRecords } from '../../db/schema/index.ts'
import { altaHashInput, anulacionHashInput, fingerprint } from './hash.ts'
import { verificationUrl } from './qr.ts'
import type { IDFactura, RegistroAlta, RegistroAnulacion, VerifactuService, VerifactuSettings } from '../../../core/verifactu.ts'
import { idFactura, namesSpanishNif, registroAlta, registroAnulacion } from './record.ts'

export type StoredRecord = typeof verifactuRecords.$inferSelect

const isAlta = (record: RegistroAlta | RegistroAnulacion): record is RegistroAlta => 'TipoFactura' in record

/** The next position of a service's chain and the record before it, under the head row's lock. */
async function nextLink(tx: Database, service: VerifactuService) {
  const [head] = await tx
    .update(verifactuChain)
    .set({ lastPosition: sql`${verifactuChain.lastPosition} + 1` })
    .where(eq(verifactuChain.service, service))
    .returning({ position: verifactuChain.lastPosition })
  if (!head) throw new Error(`the VERI*FACTU chain of ${service} has no head row (migration 0020)`)
  const [previous] =
    head.position > 1
      ? await tx
          .select({
            issuerTaxId: verifactuRecords.issuerTaxId,
            invoiceNumber: verifactuRecords.invoiceNumber,
            invoiceDate: verifactuRecords.invoiceDate,
            hash: verifactuRecords.hash,
          })
          .from(verifactuRecords)
          .where(and(eq(verifactuRecords.service, service), eq(verifactuRecords.position, head.position - 1)))
      : []
  if (head.position > 1 && !previous) throw new Error(`the VERI*FACTU chain has no record at position ${head.position - 1}`)
  return {
    position: head.position,
    previous: previous
      ? {
          id: { IDEmisorFactura: previous.issuerTaxId, NumSerieFactura: previous.invoiceNumber, FechaExpedicionFactura: previous.invoiceDate },
          hash: previous.hash,
        }
      : null,
  }
}

async function append(
  tx: Database,
  service: VerifactuService,
  invoiceId: string,
  position: number,
  record: RegistroAlta | RegistroAnulacion,
  id: IDFactura,
  correctsRecordId: string | null = null,
) {
  const [stored] = await tx
    .insert(verifactuRecords)
    .values({
      position,
      service,
      kind: isAlta(record) ? 'alta' : 'anulacion',
      invoiceId,
      issuerTaxId: id.IDEmisorFactura,
      invoiceNumber: id.NumSerieFactura,
      invoiceDate: id.FechaExpedicionFactura,
      hash: record.Huella,
      previousHash: 'RegistroAnterior' in record.Encadenamiento ? record.Encadenamiento.RegistroAnterior.Huella : null,
      record,
      correctsRecordId,
    })
    .returning()
  if (!stored) throw new Error('the billing record was not stored')
  return stored
}

/**
 * Appends the registro de alta of an invoice just issued in `tx`; nothing while VERIFACTU is `off`
 * (the chain starts at the first invoice issued after it leaves `off`). Returns the stored record.
 */
export async function recordIssuedInvoice(tx: Database, invoiceId: string, settings: VerifactuSettings, now: Date): Promise<StoredRecord | null> {
  if (settings.mode === 'off') return null
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId))
  if (!invoice) throw new Error(`no invoice ${invoiceId} to record`)
  return appendAlta(tx, settings.mode, invoice, settings, now)
}

/**
 * Builds an invoice's registro de alta (naming the invoice it corrects or replaces), chains it at
 * the end of the service's chain and stores it; `correction` makes it a subsanación of `correctsRecordId`.
 */
async function appendAlta(
  tx: Database,
  service: VerifactuService,
  invoice: typeof invoices.$inferSelect,
  settings: VerifactuSettings,
  now: Date,
  correction?: { of: string; rejected: boolean; unregisteredBuyer: boolean },
): Promise<StoredRecord> {
  const related = [invoice.correctsId, invoice.replacesId].filter((id): id is string => id !== null)
  const referenced = related.length > 0 ? await tx.select().from(invoices).where(inArray(invoices.id, related)) : []
  const identify = (id: string | null) => {
    const found = referenced.find((row) => row.id === id)
    return found ? idFactura(found) : undefined
  }
  const link = await nextLink(tx, service)
  const record = registroAlta({
    invoice,
    corrected: identify(invoice.correctsId),
    replaced: identify(invoice.replacesId),
    previous: link.previous,
    system: settings.system,
    generatedAt: now,
    correction,
  })
  return append(tx, service, invoice.id, link.position, record, record.IDFactura, correction?.of ?? null)
}

export type CorrectionResult =
  | { kind: 'made'; record: StoredRecord }
  /**
   * Not a registro de alta the AEAT rejected or accepted with errors, nor a registro de anulación
   * it rejected; or corrected already.
   */
  | { kind: 'notCorrectable' }
  /** "Not in the census" said of a buyer the invoice does not name by a Spanish NIF. */
  | { kind: 'noSpanishNif' }
  /** An anulación again while a registro de alta of its invoice still waits for the AEAT's answer. */
  | { kind: 'altaPending' }

/**
 * Whether the AEAT holds a registro de alta of an invoice: `held` once one was accepted (with or
 * without errors, or it said it holds another: a conflict), `notHeld` when every one it was sent
 * was rejected (or none was made), `unknown` while one waits for its answer.
 */
async function altaAtAeat(tx: Database, invoiceId: string): Promise<'held' | 'notHeld' | 'unknown'> {
  const altas = await tx
    .select({ state: verifactuAnswers.state })
    .from(verifactuRecords)
    .leftJoin(verifactuAnswers, and(eq(verifactuAnswers.recordId, verifactuRecords.id), isNotNull(verifactuAnswers.state)))
    .where(and(eq(verifactuRecords.invoiceId, invoiceId), eq(verifactuRecords.kind, 'alta')))
  if (altas.some((alta) => alta.state !== null && alta.state !== 'rejected')) return 'held'
  return altas.some((alta) => alta.state === null) ? 'unknown' : 'notHeld'
}

/**
 * Corrects a record the AEAT did not take as it was, with a new one of the same invoice chained at
 * the end like any record (the record itself never changes; docs/decisions/028):
 * - a registro de alta it rejected or accepted with errors: a subsanación, rebuilt from the invoice
 *   as issued with today's system data, `Subsanacion` S and, after a rejection, `RechazoPrevio` X;
 * - a registro de anulación it rejected: the anulación again with `RechazoPrevio` S, and
 *   `SinRegistroPrevio` S when the AEAT holds no registro de alta of the invoice (the web service's
 *   description §9.2.2 and §9.2.3; refused while an alta of it still waits for its answer, since
 *   which of the two the AEAT takes depends on it).
 * The corrected record's row lock makes two corrections at once of the same record one after the
 * other: the second finds the first and makes none (and the unique index allows one correction per
 * record anyway).
 */
export async function recordCorrection(
  tx: Database,
  recordId: string,
  settings: VerifactuSettings,
  now: Date,
  opts: { unregisteredBuyer: boolean },
): Promise<CorrectionResult> {
  const [target] = await tx.select().from(verifactuRecords).where(eq(verifactuRecords.id, recordId)).for('update')
  if (!target || settings.mode === 'off' || target.service !== settings.mode) return { kind: 'notCorrectable' }
  const [answer] = await tx
    .select({ state: verifactuAnswers.state })
    .from(verifactuAnswers)
    .where(and(eq(verifactuAnswers.recordId, target.id), isNotNull(verifactuAnswers.state)))
  const [corrected] = await tx.select({ id: verifactuRecords.id }).from(verifactuRecords).where(eq(verifactuRecords.correctsRecordId, target.id))
  const correctable = target.kind === 'alta' ? answer?.state === 'rejected' || answer?.state === 'accepted_with_errors' : answer?.state === 'rejected'
  if (corrected || !correctable) return { kind: 'notCorrectable' }
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, target.invoiceId))
  if (!invoice) return { kind: 'notCorrectable' }
  if (target.kind === 'anulacion') {
    // An anulación names no buyer: "not in the census" has nothing to say of it.
    const alta = await altaAtAeat(tx, invoice.id)
    if (alta === 'unknown') return { kind: 'altaPending' }
    return {
      kind: 'made',
      record: await appendAnulacion(tx, settings.mode, settings, invoice, now, { unregistered: alta === 'notHeld', correcting: target.id }),
    }
  }
  if (opts.unregisteredBuyer && !namesSpanishNif(invoice)) return { kind: 'noSpanishNif' }
  const correction = { of: target.id, rejected: answer?.state === 'rejected', unregisteredBuyer: opts.unregisteredBuyer }
  return { kind: 'made', record: await appendAlta(tx, settings.mode, invoice, settings, now, correction) }
}

/** Chains a registro de anulación of `invoice` at the end of the service's chain and stores it. */
async function appendAnulacion(
  tx: Database,
  service: VerifactuService,
  settings: VerifactuSettings,
  invoice: typeof invoices.$inferSelect,
  now: Date,
  opts: { unregistered: boolean; correcting: string | null },
): Promise<StoredRecord> {
  const voided = idFactura(invoice)
  const link = await nextLink(tx, service)
  const record = registroAnulacion({
    voided,
    previous: link.previous,
    system: settings.system,
    generatedAt: now,
    unregistered: opts.unregistered,
    afterRejection: opts.correcting !== null,
  })
  return append(tx, service, invoice.id, link.position, record, voided, opts.correcting)
}

/**
 * Appends the registro de anulación of an invoice issued in error, in `tx` (the caller holds the
 * order's lock): `SinRegistroPrevio` S when the AEAT rejected its registro de alta (and every
 * subsanación of it), so it holds none to void. Null when the invoice has no registro de alta to
 * void (issued while VERIFACTU was `off`, or before records existed) or was voided already.
 */
export async function recordVoidedInvoice(tx: Database, invoiceId: string, settings: VerifactuSettings, now: Date): Promise<StoredRecord | null> {
  if (settings.mode === 'off') return null
  const records = await tx.select({ kind: verifactuRecords.kind }).from(verifactuRecords).where(eq(verifactuRecords.invoiceId, invoiceId))
  if (!records.some((row) => row.kind === 'alta') || records.some((row) => row.kind === 'anulacion')) return null
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId))
  if (!invoice) return null
  const unregistered = (await altaAtAeat(tx, invoiceId)) === 'notHeld'
  return appendAnulacion(tx, settings.mode, settings, invoice, now, { unregistered, correcting: null })
}

/** The records of some invoices, in chain order (an invoice's PDF prints the QR of its registro de alta unless it was voided). */
export async function recordsOfInvoices(db: Database, invoiceIds: readonly string[]): Promise<StoredRecord[]> {
  if (invoiceIds.length === 0) return []
  return db
    .select()
    .from(verifactuRecords)
    .where(inArray(verifactuRecords.invoiceId, [...invoiceIds]))
    .orderBy(asc(verifactuRecords.position))
}

/** The QR's address of a registro de alta: its invoice and total as the record holds them, at the AEAT service it was made for. */
export function recordVerificationUrl(record: StoredRecord): string {
  if (!isAlta(record.record)) throw new Error('only a registro de alta is verifiable')
  return verificationUrl(record.service, { id: record.record.IDFactura, total: record.record.ImporteTotal })
}

/**
 * What is wrong with a run of the chain's records, in order (none: an unbroken chain): each
 * fingerprint must be the one its own fields give, and each record must name the one before it.
 */
export function chainProblems(records: readonly StoredRecord[]): string[] {
  const problems: string[] = []
  records.forEach((stored, i) => {
    const { record } = stored
    const previous = records[i - 1]
    const link = 'RegistroAnterior' in record.Encadenamiento ? record.Encadenamiento.RegistroAnterior : null
    const chained = { previousHash: link?.Huella ?? null, FechaHoraHusoGenRegistro: record.FechaHoraHusoGenRegistro }
    const input = isAlta(record)
      ? altaHashInput({
          ...record.IDFactura,
          TipoFactura: record.TipoFactura,
          CuotaTotal: record.CuotaTotal,
          ImporteTotal: record.ImporteTotal,
          ...chained,
        })
      : anulacionHashInput({ ...record.IDFactura, ...chained })
    if (fingerprint(input) !== record.Huella || record.Huella !== stored.hash)
      problems.push(`record ${stored.position}: its fingerprint is not its fields'`)
    if (previous && stored.position !== previous.position + 1) problems.push(`record ${stored.position}: follows record ${previous.position}`)
    if (previous && (link?.Huella !== previous.hash || link.NumSerieFactura !== previous.invoiceNumber))
      problems.push(`record ${stored.position}: does not name record ${previous.position} before it`)
    if (stored.position === 1 && link) problems.push('record 1: names a record before it')
  })
  return problems
}

/** A service's whole chain, in order (tests and the admin's view). */
export async function chainRecords(db: Database, service: VerifactuService, limit = 10_000): Promise<StoredRecord[]> {
  return db.select().from(verifactuRecords).where(eq(verifactuRecords.service, service)).orderBy(asc(verifactuRecords.position)).limit(limit)
}

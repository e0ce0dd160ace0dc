import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { invoicingHaltReasons, type RegistroAlta, type RegistroAnulacion } from '../../../core/verifactu.ts'
import { verifactuAnswerStateEnum, verifactuRecordKindEnum, verifactuServiceEnum, verifactuSubmissionOutcomeEnum } from './enums.ts'
import { invoices } from './orders.ts'

/**
 * The VERI*FACTU billing records (docs/decisions/027): one registro de alta per invoice issued
 * while VERIFACTU is not `off`, and a registro de anulación per invoice voided in error, in one
 * chain per AEAT service (each names the fingerprint of the one before). Written once, in the transaction that
 * issues the invoice; a trigger refuses every UPDATE, DELETE and TRUNCATE (migration 0020), so a
 * record is never edited: a mistake is corrected by a new record.
 */
export const verifactuRecords = pgTable(
  'verifactu_records',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Its place in its service's chain, from 1 with no gaps (taken under the chain's row lock). */
    position: integer().notNull(),
    kind: verifactuRecordKindEnum().notNull(),
    /** The AEAT service it is for (VERIFACTU when it was made): the QR's verification address follows it. */
    service: verifactuServiceEnum().notNull(),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id),
    /** The invoice as the AEAT identifies it (what the next record's RegistroAnterior names). */
    issuerTaxId: text().notNull(),
    invoiceNumber: text().notNull(),
    /** `dd-mm-yyyy`. */
    invoiceDate: text().notNull(),
    /** Huella: 64 upper-case hexadecimal characters. */
    hash: text().notNull(),
    /** The fingerprint of the record before; null only for the first. */
    previousHash: text(),
    /** The record as the AEAT receives it, in the schema's field names. */
    record: jsonb().$type<RegistroAlta | RegistroAnulacion>().notNull(),
    /**
     * A subsanación's: the record of the same invoice it corrects (one the AEAT rejected or
     * accepted with errors); null for an invoice's first record of its kind.
     */
    correctsRecordId: uuid().references((): AnyPgColumn => verifactuRecords.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('verifactu_records_position').on(t.service, t.position),
    uniqueIndex('verifactu_records_hash').on(t.hash),
    // One first record per invoice and kind; every other one is the correction of one record.
    uniqueIndex('verifactu_records_one_per_invoice_and_kind')
      .on(t.invoiceId, t.kind)
      .where(sql`${t.correctsRecordId} IS NULL`),
    uniqueIndex('verifactu_records_one_correction').on(t.correctsRecordId),
    check('verifactu_records_hash_format', sql`${t.hash} ~ '^[0-9A-F]{64}$'`),
    check('verifactu_records_first_unchained', sql`(${t.position} = 1) = (${t.previousHash} IS NULL)`),
  ],
)

/**
 * The head of each chain, one per AEAT service (records for the test service never chain into the
 * real one): the last position given. Appending a record takes the next position by updating its
 * row, which holds the row's lock until the issuing transaction ends, so two instances issuing at
 * once append one after the other and never fork the chain.
 */
export const verifactuChain = pgTable('verifactu_chain', {
  service: verifactuServiceEnum().primaryKey(),
  lastPosition: integer().notNull().default(0),
  /** Set when invoicing stops until an admin reconciles (docs/decisions/030): no invoice is issued meanwhile. */
  haltedAt: timestamp({ withTimezone: true }),
  haltReason: text({ enum: invoicingHaltReasons }),
  /** The backup restored, or the invoice the AEAT holds another record of. */
  haltDetail: text(),
})

/**
 * Each message sent to the AEAT (docs/decisions/028), written before it leaves: a message whose
 * sender died before its answer was kept stays `sending`, and its records are known to have been
 * sent (the AEAT's "duplicate" answer to them then means accepted).
 */
export const verifactuSubmissions = pgTable('verifactu_submissions', {
  id: uuid().primaryKey().defaultRandom(),
  service: verifactuServiceEnum().notNull(),
  sentAt: timestamp({ withTimezone: true }).notNull(),
  recordCount: integer().notNull(),
  outcome: verifactuSubmissionOutcomeEnum().notNull().default('sending'),
  /** EstadoEnvio: Correcto, ParcialmenteCorrecto or Incorrecto. */
  sendState: text(),
  /** The AEAT's código seguro de verificación of the message (kept: it cannot be asked for later). */
  csv: text(),
  /** TiempoEsperaEnvio: the seconds the AEAT asked to wait before the next message. */
  waitSeconds: integer(),
  /** The fault's text, or why no answer came. */
  error: text(),
  answeredAt: timestamp({ withTimezone: true }),
})

/**
 * What the AEAT answered for each record of a message, kept beside the record (records never
 * change). `state` null: no answer for it yet (the message failed, or is on its way); the record
 * goes again in a later message. A record with a state is never sent again.
 */
export const verifactuAnswers = pgTable(
  'verifactu_answers',
  {
    submissionId: uuid()
      .notNull()
      .references(() => verifactuSubmissions.id),
    recordId: uuid()
      .notNull()
      .references(() => verifactuRecords.id),
    state: verifactuAnswerStateEnum(),
    /** CodigoErrorRegistro and DescripcionErrorRegistro, as the AEAT gave them. */
    code: text(),
    description: text(),
    answeredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.submissionId, t.recordId] }),
    index('verifactu_answers_record').on(t.recordId),
    // One final answer per record: it is never sent again once it has one.
    uniqueIndex('verifactu_answers_one_final')
      .on(t.recordId)
      .where(sql`${t.state} IS NOT NULL`),
  ],
)

/**
 * The sender's flow control per AEAT service (Orden HAC/1177/2024 art. 16.2): no message before
 * `nextSendAt` (the last message's time plus the wait its answer gave, 60 s at first) unless a
 * full message of records is waiting.
 */
export const verifactuSending = pgTable('verifactu_sending', {
  service: verifactuServiceEnum().primaryKey(),
  nextSendAt: timestamp({ withTimezone: true }),
  waitSeconds: integer().notNull().default(60),
})

import { sql } from 'drizzle-orm'
import { check, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { RegistroAlta, RegistroAnulacion } from '../../../core/verifactu.ts'
import { verifactuRecordKindEnum, verifactuServiceEnum } from './enums.ts'
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('verifactu_records_position').on(t.service, t.position),
    uniqueIndex('verifactu_records_hash').on(t.hash),
    uniqueIndex('verifactu_records_one_per_invoice_and_kind').on(t.invoiceId, t.kind),
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
})

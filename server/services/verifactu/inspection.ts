/**
 * The records of a period as the AEAT would receive them (docs/decisions/028): for an inspection,
 * `GET /admin/verifactu/records.xml`. The same writer as the sender's messages, so the document is
 * what was (or will be) sent; one message holds at most 1.000 records, so a longer period is refused.
 */
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { verifactuRecords } from '../../db/schema/index.ts'
import type { VerifactuService } from '../../../core/verifactu.ts'
import type { StoredRecord } from './chain.ts'
import { maxRecordsPerMessage, regFactuDocument, type ObligadoEmision } from './xml.ts'

/** The records of a service made on Spain's days `from`…`to` (both included), in chain order; one more than a message holds at most. */
export function recordsOfPeriod(db: Database, service: VerifactuService, from: string, to: string): Promise<StoredRecord[]> {
  return db
    .select()
    .from(verifactuRecords)
    .where(
      and(
        eq(verifactuRecords.service, service),
        sql`(${verifactuRecords.createdAt} at time zone 'Europe/Madrid')::date between ${from}::date and ${to}::date`,
      ),
    )
    .orderBy(asc(verifactuRecords.position))
    .limit(maxRecordsPerMessage + 1)
}

export type InspectionDocument = { kind: 'document'; xml: string; count: number } | { kind: 'empty' } | { kind: 'tooMany' }

export async function inspectionDocument(
  db: Database,
  service: VerifactuService,
  obligado: ObligadoEmision,
  from: string,
  to: string,
): Promise<InspectionDocument> {
  const records = await recordsOfPeriod(db, service, from, to)
  if (records.length === 0) return { kind: 'empty' }
  if (records.length > maxRecordsPerMessage) return { kind: 'tooMany' }
  return {
    kind: 'document',
    xml: regFactuDocument(
      obligado,
      records.map((stored) => stored.record),
    ),
    count: records.length,
  }
}

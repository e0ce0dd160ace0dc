/**
 * Invoicing stops until an admin reconciles (docs/decisions/030) when this database may no longer
 * hold the last invoice and record the AEAT has: after a restore from a backup (invoices issued
 * after it may exist, numbered, sent and in customers' hands: issuing now would reuse their numbers
 * and fork the chain), or when the AEAT answers that it holds another record of an invoice this
 * shop never sent it (a `conflict`). Payments go on; their invoices are issued when an admin
 * resumes. The halt lives on the chain's head row of each service.
 */
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { verifactuChain } from '../../db/schema/index.ts'
import type { InvoicingHaltReason, VerifactuService, VerifactuSettings } from '../../../core/verifactu.ts'

export interface InvoicingHalt {
  reason: InvoicingHaltReason
  /** The backup restored, or the invoice the AEAT holds another record of. */
  detail: string | null
  since: string
}

/** Why the service's invoicing is stopped, or null while it runs. */
export async function invoicingHalt(db: Database, service: VerifactuService): Promise<InvoicingHalt | null> {
  const [head] = await db
    .select({ since: verifactuChain.haltedAt, reason: verifactuChain.haltReason, detail: verifactuChain.haltDetail })
    .from(verifactuChain)
    .where(eq(verifactuChain.service, service))
  if (!head?.since || !head.reason) return null
  return { reason: head.reason, detail: head.detail, since: head.since.toISOString() }
}

/** Whether invoices may be issued now under these settings: always with `off` (no chain to fork). */
export async function invoicingStopped(db: Database, settings: VerifactuSettings): Promise<boolean> {
  return settings.mode !== 'off' && (await invoicingHalt(db, settings.mode)) !== null
}

/** Stops invoicing of these services; a service stopped already keeps its first reason. */
export async function haltInvoicing(
  db: Database,
  services: readonly VerifactuService[],
  halt: { reason: InvoicingHaltReason; detail: string | null },
  now: Date,
): Promise<void> {
  if (services.length === 0) return
  await db
    .update(verifactuChain)
    .set({ haltedAt: now, haltReason: halt.reason, haltDetail: halt.detail })
    .where(and(inArray(verifactuChain.service, [...services]), isNull(verifactuChain.haltedAt)))
}

/** Lets the service's invoicing go on; false when it was not stopped. */
export async function liftInvoicingHalt(db: Database, service: VerifactuService): Promise<boolean> {
  const lifted = await db
    .update(verifactuChain)
    .set({ haltedAt: null, haltReason: null, haltDetail: null })
    .where(and(eq(verifactuChain.service, service), isNotNull(verifactuChain.haltedAt)))
    .returning({ service: verifactuChain.service })
  return lifted.length > 0
}

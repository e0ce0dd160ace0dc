/**
 * An order's timeline (docs/product.md#fulfilment): what happened to it and who did it. Each event
 * is written by the change it describes, inside that change's transaction, so the timeline never
 * tells of a change that was rolled back nor misses one that was made.
 */
import { asc, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { orderEvents, user } from '../../db/schema/index.ts'
import type { OrderActorKind as ActorKind, OrderTimelineType as OrderEventType } from '../../../core/order-flow.ts'

export type { ActorKind, OrderEventType }

/** Who made a change: the buyer, an admin, the payment provider, or the shop itself (expiry, invoices). */
export interface OrderActor {
  kind: ActorKind
  /** The account, when there is one (a guest buyer, the provider and the shop have none). */
  id?: string | null | undefined
  email?: string | null | undefined
}

export const systemActor: OrderActor = { kind: 'system' }
export const providerActor: OrderActor = { kind: 'provider' }

/**
 * The buyer as the timeline names them: their account and its email, or for a guest (or an account
 * gone meanwhile) the email the order was placed with.
 */
export async function customerActor(tx: Database, opts: { userId: string | null; orderEmail: string }): Promise<OrderActor> {
  if (!opts.userId) return { kind: 'customer', id: null, email: opts.orderEmail }
  const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, opts.userId)).limit(1)
  return account ? { kind: 'customer', id: opts.userId, email: account.email } : { kind: 'customer', id: null, email: opts.orderEmail }
}

/**
 * Writes one event in the caller's transaction. `clock_timestamp()`, not the transaction's `now()`:
 * two events of one transaction (paid, then its invoice) keep the order they happened in.
 */
export async function recordOrderEvent(
  tx: Database,
  event: { orderId: string; type: OrderEventType; actor: OrderActor; details?: Record<string, string | null | undefined> },
): Promise<void> {
  const details: Record<string, string> = {}
  for (const [key, value] of Object.entries(event.details ?? {})) if (value !== null && value !== undefined && value !== '') details[key] = value
  await tx.insert(orderEvents).values({
    orderId: event.orderId,
    type: event.type,
    actorKind: event.actor.kind,
    actorId: event.actor.id ?? null,
    actorEmail: event.actor.email ?? null,
    details,
    createdAt: sql`clock_timestamp()`,
  })
}

export interface OrderTimelineEntry {
  id: string
  type: OrderEventType
  /** ISO time. */
  at: string
  actor: { kind: ActorKind; email: string | null }
  details: Record<string, string>
}

/** Every event of an order, oldest first: the admin's order page shows them as its timeline. */
export async function orderTimeline(db: Database, orderId: string): Promise<OrderTimelineEntry[]> {
  const rows = await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.seq))
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    at: row.createdAt.toISOString(),
    actor: { kind: row.actorKind, email: row.actorEmail },
    details: row.details,
  }))
}

/**
 * A customer's billing details for full invoices (docs/product.md#invoices): what /account keeps
 * for next time, what checkout offers, and a wholesale customer's approved company and tax id,
 * which their invoices always carry.
 */
import { eq } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { profiles, user } from '../db/schema/index.ts'
import { wholesaleBilling, type Billing } from '../../core/billing.ts'
import type { Role } from '../../core/roles.ts'

export interface BillingDetails {
  /** What the customer keeps: their last checkout's full invoice details, or what they set on /account. */
  saved: Billing | null
  /** A wholesale customer's approved company and tax id: their invoices always name it. */
  wholesale: Billing | null
}

export async function billingDetails(db: Database, caller: { userId: string; role: Role | null } | null): Promise<BillingDetails> {
  if (!caller) return { saved: null, wholesale: null }
  const [profile] = await db
    .select({ billing: profiles.billing, name: profiles.fullName, company: profiles.companyName, taxId: profiles.taxId })
    .from(profiles)
    .where(eq(profiles.userId, caller.userId))
  const wholesale = caller.role === 'b2b' && profile?.taxId ? wholesaleBilling(profile.company ?? profile.name, profile.taxId) : null
  return { saved: profile?.billing ?? null, wholesale }
}

/** Keeps (or, with null, forgets) the billing details checkout offers next time. */
export async function saveBilling(db: Database, userId: string, billing: Billing | null): Promise<void> {
  const [account] = await db.select({ name: user.name }).from(user).where(eq(user.id, userId))
  if (!account) return
  await db
    .insert(profiles)
    .values({ userId, fullName: account.name, billing })
    .onConflictDoUpdate({ target: profiles.userId, set: { billing, updatedAt: new Date() } })
}

/**
 * Who pays the recargo de equivalencia (docs/decisions/029): a wholesale customer the admin put
 * under it, whose tax id allows it (core/equivalence-surcharge.ts). The cart, checkout and the
 * admin's list ask here; the order then keeps the rate it was charged at, and its invoices copy it.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { profiles } from '../db/schema/index.ts'
import { AppError } from '../errors.ts'
import { surchargeAllowed, surchargeEligibility } from '../../core/equivalence-surcharge.ts'
import { messages } from '../../core/messages.ts'
import type { Role } from '../../core/roles.ts'
import type { TaxRates } from '../../core/totals.ts'

/** The shop's rates (VAT_RATE, SURCHARGE_RATE): the IVA in every price and the recargo of those under it. */
export interface ShopTaxRates {
  taxRateBasisPoints: number
  surchargeRateBasisPoints: number
}

/** The rates a buyer pays: the shop's recargo for a wholesale customer under it, none for anyone else. */
export async function buyerTaxRates(db: Database, buyer: { userId: string | null; role: Role | null }, shop: ShopTaxRates): Promise<TaxRates> {
  const none = { taxRateBasisPoints: shop.taxRateBasisPoints, surchargeRateBasisPoints: 0 }
  if (buyer.role !== 'b2b' || !buyer.userId) return none
  const [profile] = await db
    .select({ applies: profiles.equivalenceSurcharge, taxId: profiles.taxId })
    .from(profiles)
    .where(and(eq(profiles.userId, buyer.userId), eq(profiles.approvedB2b, true)))
  if (!profile?.applies || !surchargeAllowed(surchargeEligibility(profile.taxId))) return none
  return { ...none, surchargeRateBasisPoints: shop.surchargeRateBasisPoints }
}

/**
 * Puts a wholesale customer under the recargo de equivalencia, or takes them out of it: their cart
 * and next orders show and charge it (orders already made keep what they were made with). Refused
 * for an account without wholesale access, and, to put it under, for a tax id the regime excludes.
 */
export async function setEquivalenceSurcharge(db: Database, change: { userId: string; applies: boolean }): Promise<void> {
  await db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ taxId: profiles.taxId })
      .from(profiles)
      .where(and(eq(profiles.userId, change.userId), eq(profiles.approvedB2b, true)))
      .for('update')
    if (!profile) throw new AppError('CONFLICT', messages.notWholesaleCustomer)
    if (change.applies && !surchargeAllowed(surchargeEligibility(profile.taxId))) throw new AppError('CONFLICT', messages.surchargeNotAllowed)
    await tx
      .update(profiles)
      .set({ equivalenceSurcharge: change.applies, updatedAt: sql`now()` })
      .where(eq(profiles.userId, change.userId))
  })
}

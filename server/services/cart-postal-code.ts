/**
 * The postal code a cart remembers (docs/product.md#cart): the drawer estimates the delivery for it
 * and checkout starts from it. One per cart owner; signing in carries the anonymous cart's over.
 */
import { eq, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { cartPostalCodes } from '../db/schema/index.ts'
import type { CartOwner } from './cart.ts'

const ownedBy = (owner: CartOwner) => ('userId' in owner ? eq(cartPostalCodes.userId, owner.userId) : eq(cartPostalCodes.sessionId, owner.sessionId))

export async function rememberedPostalCode(db: Database, owner: CartOwner | null): Promise<string | null> {
  if (!owner) return null
  const [row] = await db.select({ postalCode: cartPostalCodes.postalCode }).from(cartPostalCodes).where(ownedBy(owner)).limit(1)
  return row?.postalCode ?? null
}

/** Remembers `postalCode` for the owner's cart (already checked), or forgets it (null). */
export async function rememberPostalCode(db: Database, owner: CartOwner, postalCode: string | null) {
  if (postalCode === null) {
    await db.delete(cartPostalCodes).where(ownedBy(owner))
    return
  }
  const values = 'userId' in owner ? { userId: owner.userId, sessionId: null } : { userId: null, sessionId: owner.sessionId }
  await db
    .insert(cartPostalCodes)
    .values({ ...values, postalCode })
    .onConflictDoUpdate({
      ...('userId' in owner
        ? { target: cartPostalCodes.userId, targetWhere: sql`${cartPostalCodes.userId} is not null` }
        : { target: cartPostalCodes.sessionId, targetWhere: sql`${cartPostalCodes.sessionId} is not null` }),
      set: { postalCode, updatedAt: sql`now()` },
    })
}

/**
 * On sign-in the anonymous cart's postal code, typed just now, replaces the one the account kept;
 * without one, the account's stays.
 */
export async function mergeSessionPostalCode(db: Database, sessionId: string, userId: string) {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(cartPostalCodes)
      .where(eq(cartPostalCodes.sessionId, sessionId))
      .returning({ postalCode: cartPostalCodes.postalCode })
    if (deleted) await rememberPostalCode(tx, { userId }, deleted.postalCode)
  })
}

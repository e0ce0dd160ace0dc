import { desc, eq } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { orders } from '../db/schema/index.ts'
import { accountProfile } from './account.ts'
import { addressFields } from '../../core/address.ts'
import { shippingFromProfile } from '../../core/account.ts'
import { countryCodeOf, type ShippingInput } from '../../core/shipping.ts'

/** The shipping address and phone of the user's most recent order, or null before any order. */
async function lastOrderShipping(db: Database, userId: string) {
  const [last] = await db
    .select({ name: orders.customerName, phone: orders.customerPhone, address: orders.shippingAddress })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(1)
  return last ?? null
}

/**
 * The checkout form's defaults for a signed-in user (docs/product.md#checkout): name, email, phone
 * and the default address from the profile; what the profile lacks comes from the user's most
 * recent order (its address, phone, name). The country is always a choice of the list (older rows
 * store a name).
 */
export async function checkoutPrefill(db: Database, user: { id: string; name: string }): Promise<ShippingInput> {
  const profile = await accountProfile(db, user.id)
  const last = await lastOrderShipping(db, user.id)
  const shipping = shippingFromProfile({
    ...profile,
    name: profile.name || last?.name || user.name,
    phone: profile.phone || last?.phone || '',
    address: profile.address ?? (last?.address ? addressFields(last.address) : null),
  })
  return { ...shipping, country: countryCodeOf(shipping.country) || 'ES' }
}

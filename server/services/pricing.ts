import { hasWholesaleAccess, type Role } from '../../core/roles.ts'

export interface PricedProduct {
  priceRetailCents: number
  priceWholesaleCents: number
}

/** The unit price a caller pays: wholesale for b2b and admin, retail for everyone else. */
export function unitPriceCents(role: Role | null, product: PricedProduct): number {
  return hasWholesaleAccess(role) ? product.priceWholesaleCents : product.priceRetailCents
}

/** The wholesale price as the caller may see it: only b2b and admin ever receive it. */
export function visibleWholesaleCents(role: Role | null, product: PricedProduct): number | undefined {
  return hasWholesaleAccess(role) ? product.priceWholesaleCents : undefined
}

import { hasWholesaleAccess, type Role } from '../../core/roles.ts'

export interface PricedProduct {
  priceRetailCents: number
  priceWholesaleCents: number
}

/** Which of a product's prices a caller pays: wholesale for b2b and admin, retail for everyone else. */
export function pricesFor(role: Role | null): 'retail' | 'wholesale' {
  return hasWholesaleAccess(role) ? 'wholesale' : 'retail'
}

/** The unit price a caller pays (`pricesFor`). */
export function unitPriceCents(role: Role | null, product: PricedProduct): number {
  return pricesFor(role) === 'wholesale' ? product.priceWholesaleCents : product.priceRetailCents
}

/** The wholesale price as the caller may see it: only b2b and admin ever receive it. */
export function visibleWholesaleCents(role: Role | null, product: PricedProduct): number | undefined {
  return hasWholesaleAccess(role) ? product.priceWholesaleCents : undefined
}

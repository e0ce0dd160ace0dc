/** Roles the server resolves per request (docs/product.md#roles). Signed-out callers have no role (`null`). */
export const roles = ['customer', 'b2b', 'admin'] as const
export type Role = (typeof roles)[number]

/** B2B treatment (wholesale prices, B2B dashboard) includes admins (docs/product.md#roles). */
export function hasWholesaleAccess(role: Role | null | undefined): boolean {
  return role === 'b2b' || role === 'admin'
}

export function isAdmin(role: Role | null | undefined): boolean {
  return role === 'admin'
}

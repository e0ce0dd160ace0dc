// The identifiers of core/identifiers.ts, checked without zod: the root layout and route search
// validators run on every page, and zod would put ~24 KB gzip in every page's first download.
// url-identifiers.test.ts holds these to the zod schemas.

const slugPattern = /^[a-z0-9-]{1,120}$/
// zod's `z.uuid()`: RFC 9562 versions 1 to 8, plus the nil and max UUIDs.
const uuidPattern =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/

/** A category or product slug (`slugSchema`, which trims). */
export function isSlug(value: unknown): value is string {
  return typeof value === 'string' && slugPattern.test(value.trim())
}

/** An order's id (`orderIdSchema`). */
export function isOrderId(value: unknown): value is string {
  return typeof value === 'string' && uuidPattern.test(value)
}

/** A payment provider's session id (`paymentSessionId`). */
export function isPaymentSessionId(value: unknown): value is string {
  return typeof value === 'string' && value.length >= 1 && value.length <= 200
}

/** The search of a page an emailed link opens (choose a new password, cancel a change of address): its token, if any. */
export function tokenSearch(search: Record<string, unknown>): { token?: string } {
  return typeof search.token === 'string' ? { token: search.token } : {}
}

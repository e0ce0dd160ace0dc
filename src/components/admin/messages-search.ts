// /admin/messages?unanswered=1: only the contact messages still to answer (docs/product.md#forms).
// The route's validator is in every page's first download: it only reads the URL.

export interface MessagesSearch {
  /** Only the contact messages not answered yet (admin.messages' `unanswered`). */
  unanswered?: boolean
}

/**
 * The route's `validateSearch`. The router reads `?unanswered=1` as the number 1 and
 * `?unanswered=true` (what its links write for `true`) as a boolean: both mean only those to answer;
 * anything else, all of them.
 */
export function parseMessagesSearch(search: Record<string, unknown>): MessagesSearch {
  const value = search.unanswered
  return value === true || value === 1 || value === '1' || value === 'true' ? { unanswered: true } : {}
}

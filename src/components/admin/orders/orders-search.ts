// The order table's filters live in the URL (/admin/orders?q=…&status=…&payment=…&delivery=…&from=…&to=…&page=…),
// so a link or Back brings the same table. The route's validator is in every page's first
// download: it only picks the filters out of the URL, and orders-filters.ts, which comes with the
// page's code, checks their values.

export interface OrdersSearch {
  /** An order number, or part of a customer's email or name. */
  q?: string
  status?: string
  payment?: string
  /** Home delivery or showroom pickup. */
  delivery?: string
  /** Placed on or after this day (YYYY-MM-DD, in Spain). */
  from?: string
  /** Placed on or before this day. */
  to?: string
  /** Withdrawn orders (docs/product.md#withdrawal): `pending` (still to refund) or `all`. */
  withdrawal?: string
  page?: number
}

const textKeys = ['q', 'status', 'payment', 'delivery', 'from', 'to', 'withdrawal'] as const

/** The route's `validateSearch`: the filters the URL has, as text (the page as a number). */
export function parseOrdersSearch(search: Record<string, unknown>): OrdersSearch {
  const picked: OrdersSearch = {}
  for (const key of textKeys) {
    const value = search[key]
    // Digits alone (part of an order number) arrive parsed as a number: they are still text to search.
    if (typeof value === 'string' || typeof value === 'number') picked[key] = String(value)
  }
  if (typeof search.page === 'number') picked.page = search.page
  return picked
}

// A panel's availability (docs/product.md#availability): in stock, or made to order in a number of
// working days, which the delivery window of an order holding it starts after. No stock counts
// are kept.

/** The working days a made-to-order panel may take: at least one, at most twelve weeks. */
export const leadTimeLimits = { min: 1, max: 60 } as const

/** In stock (null) or made to order in `leadTimeDays` working days. */
export interface Availability {
  leadTimeDays: number | null
}

/**
 * The working days an order waits before it can leave: its slowest made-to-order line's (the
 * lines are made side by side), 0 when every line is in stock.
 */
export function orderLeadDays(lines: readonly Availability[]): number {
  return lines.reduce((most, line) => Math.max(most, line.leadTimeDays ?? 0), 0)
}

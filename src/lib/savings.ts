/** docs/product.md#prices: savings percent = (retail − wholesale) / retail, shown with 0 decimals. */
export function savingsPercent(retailCents: number, wholesaleCents: number): number {
  if (retailCents <= 0) return 0
  return Math.round(((retailCents - wholesaleCents) / retailCents) * 100)
}

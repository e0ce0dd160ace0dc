/** Order and cart arithmetic over integer cents: the one place totals are computed, on both sides. */
export interface PricedLine {
  quantity: number
  unitPriceCents: number
}

export function lineTotalCents(line: PricedLine): number {
  return line.quantity * line.unitPriceCents
}

/** docs/product.md#prices: tax 0 and shipping 0 (prices include VAT; delivery is quoted separately), total = subtotal. */
export function totals(lines: readonly PricedLine[]) {
  const subtotalCents = lines.reduce((sum, line) => sum + lineTotalCents(line), 0)
  const taxCents = 0
  const shippingCostCents = 0
  return { subtotalCents, taxCents, shippingCostCents, totalCents: subtotalCents + taxCents + shippingCostCents }
}

import { messageEuros } from './money.ts'

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

/**
 * The highest order total, delivery and recargo included (docs/product.md#prices): 999.999,99 €, the most
 * Stripe takes in one payment (8 digits of cents). Also far below a 32-bit `integer` column's limit.
 */
export const maxOrderTotalCents = 99_999_999

/** Whether an order of this total can be paid in one payment: checkout refuses, and no payment opens, otherwise. */
export function isPayableTotal(totalCents: number): boolean {
  return Number.isSafeInteger(totalCents) && totalCents >= 0 && totalCents <= maxOrderTotalCents
}

/** What messages.orderTooLarge names: the highest total, as an amount in the reader's language. */
export const orderTooLargeValues = { max: messageEuros(maxOrderTotalCents) }

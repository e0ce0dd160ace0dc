import { messageEuros } from './money.ts'

/**
 * Money over integer cents, one rule for every document (docs/decisions/026): the cart, checkout,
 * orders, invoices and their AEAT records. Every stored and charged price includes IVA; a
 * document's taxable base and IVA are split once, from its total (never line by line, so the parts
 * always add up to what was paid); the recargo de equivalencia is the only amount ever added on top.
 */
export interface PricedLine {
  quantity: number
  unitPriceCents: number
}

export function lineTotalCents(line: PricedLine): number {
  return line.quantity * line.unitPriceCents
}

/** What lines add up to (IVA included). */
export function totals(lines: readonly PricedLine[]) {
  return { subtotalCents: lines.reduce((sum, line) => sum + lineTotalCents(line), 0) }
}

/** The IVA the prices include and, for a buyer under the recargo de equivalencia, its rate (0 for everyone else). */
export interface TaxRates {
  taxRateBasisPoints: number
  surchargeRateBasisPoints: number
}

/**
 * An order's amounts: its lines and its delivery (both IVA included, the delivery as the server
 * priced it: core/delivery.ts) and, for a buyer under the recargo de equivalencia, the recargo on
 * the taxable base of the whole order, delivery included, added on top and kept as the order's tax
 * (docs/decisions/029). For everyone else the tax is 0 and the total is subtotal + delivery.
 */
export function orderAmounts(lines: readonly PricedLine[], rates: TaxRates, shippingCostCents: number) {
  const { subtotalCents } = totals(lines)
  const taxCents = documentAmounts(subtotalCents + shippingCostCents, rates).surchargeCents
  return { subtotalCents, taxCents, shippingCostCents, totalCents: subtotalCents + shippingCostCents + taxCents }
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

/**
 * Splits a price that includes IVA into the taxable base and the IVA: the base is rounded to the
 * cent and the IVA is the rest, so base + IVA is always exactly the total the customer paid.
 */
export function splitIncludedTax(totalCents: number, rateBasisPoints: number): { taxableBaseCents: number; taxCents: number } {
  const sign = totalCents < 0 ? -1 : 1
  const gross = Math.abs(totalCents)
  const base = Math.round((gross * 10_000) / (10_000 + rateBasisPoints))
  return { taxableBaseCents: sign * base, taxCents: sign * (gross - base) }
}

/**
 * A document's amounts from what its lines add up to (IVA included): the base and the IVA split
 * once, and the recargo de equivalencia on the base when the buyer is under it (0 otherwise), added
 * on top. total = base + IVA + recargo.
 */
export function documentAmounts(grossCents: number, rates: { taxRateBasisPoints: number; surchargeRateBasisPoints?: number }) {
  const { taxableBaseCents, taxCents } = splitIncludedTax(grossCents, rates.taxRateBasisPoints)
  const surchargeCents = Math.round((taxableBaseCents * (rates.surchargeRateBasisPoints ?? 0)) / 10_000)
  return { taxableBaseCents, taxCents, surchargeCents, totalCents: taxableBaseCents + taxCents + surchargeCents }
}

/**
 * An invoice's amounts for what its order charged: the base and the IVA split once from its lines
 * (IVA included), and the recargo de equivalencia as the order charged it (its tax), so the
 * invoice's total is always what was paid.
 */
export function chargedDocumentAmounts(grossCents: number, taxRateBasisPoints: number, surchargeCents: number) {
  const { taxableBaseCents, taxCents } = splitIncludedTax(grossCents, taxRateBasisPoints)
  return { taxableBaseCents, taxCents, surchargeCents, totalCents: taxableBaseCents + taxCents + surchargeCents }
}

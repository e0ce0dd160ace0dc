/** Panels per cart line: whole numbers from 1 to 999 (one place for client and server). */
export const minQuantity = 1
export const maxQuantity = 999

/** What the quantity input means: anything non-numeric or below 1 becomes 1 (docs/product.md#cart). */
export function parseQuantity(raw: string | number): number {
  const value = typeof raw === 'number' ? raw : Number.parseInt(raw.trim(), 10)
  if (!Number.isFinite(value) || value < minQuantity) return minQuantity
  return Math.min(Math.floor(value), maxQuantity)
}

/** Panels per cart line: whole numbers from 1 to 999 (one place for client and server). */
export const minQuantity = 1
export const maxQuantity = 999

/** What the quantity input means: anything non-numeric or below 1 becomes 1 (docs/product.md#cart). */
export function parseQuantity(raw: string | number): number {
  const value = typeof raw === 'number' ? raw : Number.parseInt(raw.trim(), 10)
  if (!Number.isFinite(value) || value < minQuantity) return minQuantity
  return Math.min(Math.floor(value), maxQuantity)
}

export type TypedQuantity = { ok: true; quantity: number } | { ok: false; reason: 'empty' | 'invalid' | 'tooFew' | 'tooMany' }

/**
 * What a typed quantity means when the shopper commits it (the cart drawer): a whole number within
 * the limits, or why it is not one, so the screen can say so and change nothing.
 */
export function readTypedQuantity(raw: string): TypedQuantity {
  const text = raw.trim()
  if (text === '') return { ok: false, reason: 'empty' }
  if (!/^\d+$/.test(text)) return { ok: false, reason: 'invalid' }
  const quantity = Number.parseInt(text, 10)
  if (quantity < minQuantity) return { ok: false, reason: 'tooFew' }
  if (quantity > maxQuantity) return { ok: false, reason: 'tooMany' }
  return { ok: true, quantity }
}

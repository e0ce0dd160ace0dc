import { z } from 'zod'
import { isShippingField, type ShippingField } from '../../core/shipping.ts'

/**
 * The checkout form kept across trips (docs/product.md#checkout): what the shopper typed and this
 * checkout's key, in the tab's sessionStorage (never a cookie: it never travels to the server, and
 * it goes when the tab closes). Signing in from checkout or cancelling on the payment page comes
 * back to the form as it was, and the same key makes the server resume the same pending order.
 * Browser only: call these from effects and event handlers, never while rendering on the server.
 */
const storageKey = 'checkout-draft'

export type DraftValues = Partial<Record<ShippingField, string>>

const draftSchema = z.object({
  key: z.uuid(),
  values: z.record(z.string(), z.string().max(300)).transform((values) => {
    const known: DraftValues = {}
    for (const [field, value] of Object.entries(values)) if (isShippingField(field)) known[field] = value
    return known
  }),
})
type Draft = z.output<typeof draftSchema>

/** When storage is refused (a locked-down browser), the key still lasts as long as the page. */
let memoryDraft: Draft | null = null

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    return null
  }
}

function read(): Draft | null {
  const stored = storage()?.getItem(storageKey)
  if (!stored) return memoryDraft
  try {
    const parsed = draftSchema.safeParse(JSON.parse(stored))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

function write(draft: Draft) {
  memoryDraft = draft
  try {
    storage()?.setItem(storageKey, JSON.stringify(draft))
  } catch {
    // Full or refused storage: the draft lives in memory for this page only.
  }
}

/** A random UUID v4; getRandomValues works on plain http too, where randomUUID does not. */
function newCheckoutKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

function current(): Draft {
  const draft = read()
  if (draft) return draft
  const fresh = { key: newCheckoutKey(), values: {} }
  write(fresh)
  return fresh
}

/** The fields the shopper typed in this tab's checkout (they win over the server's prefill). */
export function readCheckoutDraft(): DraftValues {
  return read()?.values ?? {}
}

/** Keeps one field as the shopper types it. */
export function saveCheckoutDraftField(field: ShippingField, value: string) {
  const draft = current()
  write({ ...draft, values: { ...draft.values, [field]: value.slice(0, 300) } })
}

/**
 * This checkout's key: the same one while the draft lasts (a double click, a retry, or coming back
 * from the payment page resume the same order), a new one when there is no draft.
 */
export function checkoutKey(): string {
  return current().key
}

/**
 * A new key for the typed form: the old key's order can no longer be this checkout's (it was
 * cancelled, or it belongs to whoever was signed in on this tab before).
 */
export function renewCheckoutKey(): string {
  const key = newCheckoutKey()
  write({ key, values: read()?.values ?? {} })
  return key
}

/** Forgets the draft and its key: call once the order is paid; the next checkout starts afresh. */
export function clearCheckoutDraft() {
  memoryDraft = null
  try {
    storage()?.removeItem(storageKey)
  } catch {
    // Nothing was stored.
  }
}

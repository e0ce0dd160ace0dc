import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { checkoutKey, clearCheckoutDraft, readCheckoutDraft, saveCheckoutDraftField } from './checkout-draft.ts'

/** The tab's sessionStorage, as the browser gives it. */
function memoryStorage() {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

let storage: ReturnType<typeof memoryStorage>
beforeEach(() => {
  storage = memoryStorage()
  vi.stubGlobal('window', { sessionStorage: storage })
  clearCheckoutDraft()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the checkout draft', () => {
  it('keeps the typed fields and one checkout key until it is cleared', () => {
    expect(readCheckoutDraft()).toEqual({})
    const key = checkoutKey()
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    saveCheckoutDraftField('phone', '612 345 678')
    saveCheckoutDraftField('postal_code', '03181')
    expect(readCheckoutDraft()).toEqual({ phone: '612 345 678', postal_code: '03181' })
    // Coming back from the payment page: the same key, so the server resumes the same order.
    expect(checkoutKey()).toBe(key)
    expect(JSON.parse(storage.items.get('checkout-draft') ?? '{}')).toMatchObject({ key, values: { phone: '612 345 678' } })

    clearCheckoutDraft()
    expect(readCheckoutDraft()).toEqual({})
    expect(storage.items.size).toBe(0)
    expect(checkoutKey()).not.toBe(key)
  })

  it('ignores a stored draft that is not one (edited or from an older version)', () => {
    storage.items.set('checkout-draft', '{"key":"not-a-uuid","values":{}}')
    expect(readCheckoutDraft()).toEqual({})
    storage.items.set('checkout-draft', 'not json')
    expect(readCheckoutDraft()).toEqual({})
    storage.items.set('checkout-draft', JSON.stringify({ key: '0b0e7f5e-3a52-4a8e-9a53-2f0c1f7c9d11', values: { city: 'Elche', evil: 'x' } }))
    expect(readCheckoutDraft()).toEqual({ city: 'Elche' })
    expect(checkoutKey()).toBe('0b0e7f5e-3a52-4a8e-9a53-2f0c1f7c9d11')
  })

  it('still gives one key per page when storage is refused', () => {
    vi.stubGlobal('window', {
      get sessionStorage(): Storage {
        throw new DOMException('denied', 'SecurityError')
      },
    })
    const key = checkoutKey()
    expect(checkoutKey()).toBe(key)
    saveCheckoutDraftField('city', 'Elche')
    expect(readCheckoutDraft()).toEqual({ city: 'Elche' })
  })
})

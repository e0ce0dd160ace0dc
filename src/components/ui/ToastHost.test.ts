import { describe, expect, it } from 'vitest'
import { carryOverMs, staleToasts } from './ToastHost.tsx'

describe('staleToasts (toasts do not follow the shopper to the next page)', () => {
  it('dismisses what was shown before the navigating click, keeps what that click just said', () => {
    const now = 100_000
    const seen = new Map<string | number, number>([
      ['added-to-cart', now - 5_000],
      [7, now - carryOverMs - 1],
      ['signed-in', now - 200],
      ['at-the-edge', now - carryOverMs],
    ])
    expect(staleToasts(seen, now)).toEqual(['added-to-cart', 7])
  })
})

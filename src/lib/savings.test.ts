import { describe, expect, it } from 'vitest'
import { savingsPercent } from './savings.ts'

describe('savingsPercent', () => {
  it('rounds to whole percent', () => {
    expect(savingsPercent(8000, 4000)).toBe(50)
    expect(savingsPercent(8900, 4200)).toBe(53)
    expect(savingsPercent(9500, 5500)).toBe(42)
    expect(savingsPercent(8000, 8000)).toBe(0)
  })
})

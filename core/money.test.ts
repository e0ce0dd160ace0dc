import { describe, expect, it } from 'vitest'
import { formatEuros } from './money.ts'

describe('formatEuros', () => {
  it('formats integer cents with two decimals in each language', () => {
    expect(formatEuros(8000, 'es').replace(/\s/g, ' ')).toBe('80,00 €')
    expect(formatEuros(8055, 'en')).toBe('€80.55')
    expect(formatEuros(123456, 'es').replace(/\s/g, ' ')).toBe('1234,56 €')
  })
})

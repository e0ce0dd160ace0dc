import { describe, expect, it } from 'vitest'
import { parseQuantity } from './quantity.ts'

describe('parseQuantity (docs/product.md#cart)', () => {
  it.each([
    ['3', 3],
    [' 12 ', 12],
    ['', 1],
    ['abc', 1],
    ['0', 1],
    ['-4', 1],
    ['2.7', 2],
    ['5000', 999],
  ])('reads %j as %d', (raw, expected) => {
    expect(parseQuantity(raw)).toBe(expected)
  })
})

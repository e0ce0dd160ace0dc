import { describe, expect, it } from 'vitest'
import { parseQuantity, readTypedQuantity } from './quantity.ts'

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

describe('readTypedQuantity (the cart drawer’s typed quantity)', () => {
  it.each([
    ['20', { ok: true, quantity: 20 }],
    [' 7 ', { ok: true, quantity: 7 }],
    ['999', { ok: true, quantity: 999 }],
    ['1', { ok: true, quantity: 1 }],
    ['', { ok: false, reason: 'empty' }],
    ['  ', { ok: false, reason: 'empty' }],
    ['abc', { ok: false, reason: 'invalid' }],
    ['2.5', { ok: false, reason: 'invalid' }],
    ['-3', { ok: false, reason: 'invalid' }],
    ['0', { ok: false, reason: 'tooFew' }],
    ['1000', { ok: false, reason: 'tooMany' }],
  ])('reads %j', (raw, expected) => {
    expect(readTypedQuantity(raw)).toEqual(expected)
  })
})

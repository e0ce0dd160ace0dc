import { describe, expect, it } from 'vitest'
import { safeRedirect } from './account.ts'

describe('safeRedirect', () => {
  it.each([
    ['/product/marmol-carrara-blanco', '/product/marmol-carrara-blanco'],
    ['/shop?category=madera', '/shop?category=madera'],
    ['https://evil.example/', '/'],
    ['//evil.example/path', '/'],
    ['/\\evil.example', '/'],
    [undefined, '/'],
    ['', '/'],
  ])('%j → %j', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected)
  })
})

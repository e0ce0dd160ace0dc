import { describe, expect, it } from 'vitest'
import { signInSearch } from './account.ts'
import { safeRedirect } from '../../core/sign-in-redirect.ts'

describe('safeRedirect', () => {
  it.each([
    ['/product/marmol-carrara-blanco', '/product/marmol-carrara-blanco'],
    ['/shop?category=madera', '/shop?category=madera'],
    ['https://evil.example/', '/'],
    ['//evil.example/path', '/'],
    ['/\\evil.example', '/'],
    [undefined, '/'],
    ['', '/'],
    ['/\t/evil.example', '/'],
    ['/checkout', '/checkout'],
    ['/checkout?cancelled=1', '/checkout?cancelled=1'],
    ['/auth', '/'],
    ['/auth?redirect=/checkout', '/'],
    ['/auth/reset?token=x', '/'],
    ['/checkout?redirect=/auth?redirect=/orders', '/checkout'],
  ])('%j → %j', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected)
  })
})

describe('signInSearch', () => {
  it('links back to the page, but never to the home page, the sign-in page or a page with its own redirect', () => {
    expect(signInSearch('/checkout')).toEqual({ redirect: '/checkout' })
    expect(signInSearch('/shop?category=marmol')).toEqual({ redirect: '/shop?category=marmol' })
    expect(signInSearch('/')).toEqual({})
    expect(signInSearch('/auth?redirect=%2Fauth')).toEqual({})
    expect(signInSearch('/auth/reset')).toEqual({})
    expect(signInSearch('/orders?redirect=/x')).toEqual({})
  })
})

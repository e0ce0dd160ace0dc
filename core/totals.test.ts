import { describe, expect, it } from 'vitest'
import { isPayableTotal, lineTotalCents, maxOrderTotalCents, orderTooLargeValues, totals } from './totals.ts'
import { i18nFor } from './i18n/catalogs.ts'
import { translateMessage } from './i18n/translate-message.ts'
import { messages } from './messages.ts'
import { formatEuros } from './money.ts'

describe('totals', () => {
  it('multiplies a line in integer cents, without floating-point drift', () => {
    expect(lineTotalCents({ quantity: 3, unitPriceCents: 8055 })).toBe(24165)
    expect(lineTotalCents({ quantity: 999, unitPriceCents: 8900 })).toBe(8891100)
  })

  it('adds the lines', () => {
    expect(
      totals([
        { quantity: 2, unitPriceCents: 8500 },
        { quantity: 1, unitPriceCents: 4010 },
      ]),
    ).toEqual({ subtotalCents: 21010 })
  })

  it('is zero for no lines', () => {
    expect(totals([])).toEqual({ subtotalCents: 0 })
  })
})

describe('the highest order total (docs/product.md#prices: what one payment can take)', () => {
  it('is 999.999,99 €, and far below a 32-bit integer column', () => {
    expect(maxOrderTotalCents).toBe(99_999_999)
    expect(maxOrderTotalCents * 21).toBeLessThan(2 ** 31 - 1)
  })

  it.each([
    [0, true],
    [1, true],
    [99_999_999, true],
    [100_000_000, false],
    [999 * 2_147_484, false],
    [-1, false],
    [0.5, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
  ])('%d cents payable: %s', (cents, payable) => {
    expect(isPayableTotal(cents)).toBe(payable)
  })

  it('is checked on the order total, all its lines together', () => {
    const lines = [
      { quantity: 99, unitPriceCents: 1_000_000 },
      { quantity: 1, unitPriceCents: 999_999 },
    ]
    expect(isPayableTotal(totals(lines).subtotalCents)).toBe(true)
    expect(isPayableTotal(totals([...lines, { quantity: 1, unitPriceCents: 1 }]).subtotalCents)).toBe(false)
  })

  it.each(['es', 'en'] as const)('is named in its message as formatEuros shows it (%s)', (language) => {
    const said = translateMessage(i18nFor(language), messages.orderTooLarge.id, orderTooLargeValues)
    expect(said).toContain(formatEuros(maxOrderTotalCents, language))
  })
})

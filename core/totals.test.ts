import { describe, expect, it } from 'vitest'
import { lineTotalCents, totals } from './totals.ts'

describe('totals', () => {
  it('multiplies a line in integer cents, without floating-point drift', () => {
    expect(lineTotalCents({ quantity: 3, unitPriceCents: 8055 })).toBe(24165)
    expect(lineTotalCents({ quantity: 999, unitPriceCents: 8900 })).toBe(8891100)
  })

  it('adds the lines; tax and shipping are 0, so the total is the subtotal', () => {
    expect(
      totals([
        { quantity: 2, unitPriceCents: 8500 },
        { quantity: 1, unitPriceCents: 4010 },
      ]),
    ).toEqual({ subtotalCents: 21010, taxCents: 0, shippingCostCents: 0, totalCents: 21010 })
  })

  it('is zero for no lines', () => {
    expect(totals([])).toEqual({ subtotalCents: 0, taxCents: 0, shippingCostCents: 0, totalCents: 0 })
  })
})

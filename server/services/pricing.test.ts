import { describe, expect, it } from 'vitest'
import { unitPriceCents, visibleWholesaleCents } from './pricing.ts'

const panel = { priceRetailCents: 8500, priceWholesaleCents: 4000 }

describe('pricing', () => {
  it('charges wholesale to b2b customers and admins, retail to everyone else', () => {
    expect(unitPriceCents('b2b', panel)).toBe(4000)
    expect(unitPriceCents('admin', panel)).toBe(4000)
    expect(unitPriceCents('customer', panel)).toBe(8500)
    expect(unitPriceCents(null, panel)).toBe(8500)
  })

  it('shows the wholesale price only to those who may pay it', () => {
    expect(visibleWholesaleCents('b2b', panel)).toBe(4000)
    expect(visibleWholesaleCents('admin', panel)).toBe(4000)
    expect(visibleWholesaleCents('customer', panel)).toBeUndefined()
    expect(visibleWholesaleCents(null, panel)).toBeUndefined()
  })
})

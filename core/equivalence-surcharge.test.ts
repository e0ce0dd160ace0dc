import { describe, expect, it } from 'vitest'
import { defaultSurchargeRate, isAdmittedSurchargeRate, surchargeEligibility } from './equivalence-surcharge.ts'
import { chargedDocumentAmounts, orderAmounts } from './totals.ts'

describe('who the recargo de equivalencia can apply to (docs/decisions/029)', () => {
  it('individuals: a DNI, a NIF K/L/M or a NIE, with or without the ES prefix', () => {
    for (const id of ['12345678Z', 'ES12345678Z', 'X1234567L', 'Y1234567X', 'Z1234567R', 'K1234567L'])
      expect(surchargeEligibility(id), id).toBe('person')
  })

  it('entities without legal personality: a comunidad de bienes (E); a sociedad civil (J) to be checked', () => {
    expect(surchargeEligibility('E03999991')).toBe('entity')
    expect(surchargeEligibility('ESE03999991')).toBe('entity')
    expect(surchargeEligibility('J03999995')).toBe('civilSociety')
  })

  it('never a company, a foreign buyer or no tax id', () => {
    for (const id of ['B03999992', 'A58818501', 'ESB03999992', 'DE136695976', 'FR40303265045', 'ES', ''])
      expect(surchargeEligibility(id), id).toBe('notAllowed')
    expect(surchargeEligibility(null)).toBe('notAllowed')
  })
})

describe('its rate', () => {
  it('is the one the law pairs with the IVA rate; the AEAT admits only those', () => {
    expect(defaultSurchargeRate(2100)).toBe(520)
    expect(defaultSurchargeRate(1000)).toBe(140)
    expect(defaultSurchargeRate(400)).toBe(50)
    expect(defaultSurchargeRate(1200)).toBeNull()
    expect(isAdmittedSurchargeRate(2100, 175)).toBe(true)
    expect(isAdmittedSurchargeRate(2100, 140)).toBe(false)
    expect(isAdmittedSurchargeRate(1000, 520)).toBe(false)
  })
})

describe('an order’s amounts', () => {
  const lines = [
    { quantity: 2, unitPriceCents: 8500 },
    { quantity: 1, unitPriceCents: 4010 },
  ]

  it('for everyone else: no tax, the total is the subtotal', () => {
    expect(orderAmounts(lines, { taxRateBasisPoints: 2100, surchargeRateBasisPoints: 0 }, 0)).toEqual({
      subtotalCents: 21010,
      taxCents: 0,
      shippingCostCents: 0,
      totalCents: 21010,
    })
  })

  it('under the recargo: 5,2 % of the whole order’s base, rounded once, on top', () => {
    // 210,10 € with IVA: base 173,64 € (21010 / 1,21 = 17363,6), recargo 9,03 € (17364 × 0,052 = 902,9).
    expect(orderAmounts(lines, { taxRateBasisPoints: 2100, surchargeRateBasisPoints: 520 }, 0)).toEqual({
      subtotalCents: 21010,
      taxCents: 903,
      shippingCostCents: 0,
      totalCents: 21913,
    })
  })

  it('its invoice splits base and IVA from the lines and keeps the recargo as charged, so it totals what was paid', () => {
    expect(chargedDocumentAmounts(21010, 2100, 903)).toEqual({ taxableBaseCents: 17364, taxCents: 3646, surchargeCents: 903, totalCents: 21913 })
    expect(chargedDocumentAmounts(-21010, 2100, -903)).toEqual({
      taxableBaseCents: -17364,
      taxCents: -3646,
      surchargeCents: -903,
      totalCents: -21913,
    })
  })
})

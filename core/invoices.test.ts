import { describe, expect, it } from 'vitest'
import { invoiceFileName, invoiceNumber, invoiceNumberPattern, invoiceYear } from './invoices.ts'
import { splitIncludedTax } from './totals.ts'

describe('invoice numbers', () => {
  it('count per year, six digits, corrective invoices in their own R series', () => {
    expect(invoiceNumber('invoice', 2026, 123)).toBe('2026-000123')
    expect(invoiceNumber('invoice', 2027, 1)).toBe('2027-000001')
    expect(invoiceNumber('corrective', 2026, 1)).toBe('R2026-000001')
  })

  it('are the only shapes an invoice URL accepts', () => {
    for (const good of ['2026-000123', 'R2026-000001']) expect(invoiceNumberPattern.test(good)).toBe(true)
    for (const bad of ['2026-123', 'X2026-000001', '2026-0001234', '../2026-000001', '2026-000001.pdf', ''])
      expect(invoiceNumberPattern.test(bad)).toBe(false)
  })

  it('name their PDF in the customer’s language', () => {
    expect(invoiceFileName('2026-000123', 'es')).toBe('factura-2026-000123.pdf')
    expect(invoiceFileName('R2026-000001', 'en')).toBe('invoice-R2026-000001.pdf')
  })
})

describe('splitIncludedTax: the IVA included in a price', () => {
  it.each([
    [12100, 2100, 10000, 2100],
    [1299, 2100, 1074, 225],
    [0, 2100, 0, 0],
    [11050, 1050, 10000, 1050],
    [1000, 1000, 909, 91],
    [1, 2100, 1, 0],
  ])('%i cents at %i bp → base %i + IVA %i', (total, rate, base, tax) => {
    const split = splitIncludedTax(total, rate)
    expect(split).toEqual({ taxableBaseCents: base, taxCents: tax })
    expect(split.taxableBaseCents + split.taxCents).toBe(total)
  })

  it('mirrors a refund exactly: a negative total splits into the negated parts', () => {
    expect(splitIncludedTax(-12100, 2100)).toEqual({ taxableBaseCents: -10000, taxCents: -2100 })
    expect(splitIncludedTax(-1299, 2100)).toEqual({ taxableBaseCents: -1074, taxCents: -225 })
  })

  it('always adds back up to the total', () => {
    for (let total = 0; total < 5000; total += 7) {
      const { taxableBaseCents, taxCents } = splitIncludedTax(total, 2100)
      expect(taxableBaseCents + taxCents).toBe(total)
      // The base is rounded to the cent, so the IVA is within a cent of 21 % of it.
      expect(Math.abs(taxCents - (taxableBaseCents * 2100) / 10_000)).toBeLessThan(1)
    }
  })
})

describe('invoiceYear', () => {
  it('follows the calendar in Spain, not UTC, at New Year', () => {
    // 23:30 UTC on 31 December is already 00:30 on 1 January in Madrid (UTC+1 in winter).
    expect(invoiceYear(new Date('2026-12-31T23:30:00Z'))).toBe(2027)
    expect(invoiceYear(new Date('2026-12-31T22:59:59Z'))).toBe(2026)
    expect(invoiceYear(new Date('2027-01-01T00:00:00+01:00'))).toBe(2027)
  })
})

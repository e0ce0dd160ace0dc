import { describe, expect, it } from 'vitest'
import { bookPeriodOptions, currentMonthDays, currentMonthValue, monthLabel, parseMonth, recentMonths, spainDay } from './verifactu-periods.ts'

const values = (now: Date) => bookPeriodOptions(now).map((option) => option.value)

describe('the book’s periods', () => {
  it('offers the last 12 months, then the last 5 quarters, the current ones first', () => {
    expect(values(new Date('2027-01-15T10:00:00Z'))).toEqual([
      '2027-01',
      '2026-12',
      '2026-11',
      '2026-10',
      '2026-09',
      '2026-08',
      '2026-07',
      '2026-06',
      '2026-05',
      '2026-04',
      '2026-03',
      '2026-02',
      '2027-Q1',
      '2026-Q4',
      '2026-Q3',
      '2026-Q2',
      '2026-Q1',
    ])
  })

  it('gives each month and quarter its year and number', () => {
    const options = bookPeriodOptions(new Date('2026-06-30T10:00:00Z'))
    expect(options[0]).toEqual({ kind: 'month', value: '2026-06', year: 2026, month: 6 })
    expect(options[11]).toEqual({ kind: 'month', value: '2025-07', year: 2025, month: 7 })
    expect(options.slice(12)).toEqual([
      { kind: 'quarter', value: '2026-Q2', year: 2026, quarter: 2 },
      { kind: 'quarter', value: '2026-Q1', year: 2026, quarter: 1 },
      { kind: 'quarter', value: '2025-Q4', year: 2025, quarter: 4 },
      { kind: 'quarter', value: '2025-Q3', year: 2025, quarter: 3 },
      { kind: 'quarter', value: '2025-Q2', year: 2025, quarter: 2 },
    ])
  })

  it('counts in Spain: 23:30 UTC on 31 December 2026 is already January 2027 in Madrid', () => {
    const now = new Date('2026-12-31T23:30:00Z')
    expect(spainDay(now)).toEqual({ year: 2027, month: 1, day: 1 })
    expect(currentMonthValue(now)).toBe('2027-01')
    expect(values(now)[0]).toBe('2027-01')
    expect(values(now)[12]).toBe('2027-Q1')
    expect(currentMonthDays(now)).toEqual({ from: '2027-01-01', to: '2027-01-01' })
    // An hour earlier it was still 2026 in Spain.
    expect(currentMonthValue(new Date('2026-12-31T22:30:00Z'))).toBe('2026-12')
  })

  it('counts summer time too: 22:30 UTC on 31 May is 1 June in Madrid', () => {
    expect(currentMonthDays(new Date('2026-05-31T22:30:00Z'))).toEqual({ from: '2026-06-01', to: '2026-06-01' })
    expect(currentMonthDays(new Date('2026-05-31T21:30:00Z'))).toEqual({ from: '2026-05-01', to: '2026-05-31' })
  })

  it('gives today and the first day of its month as an inspection’s days', () => {
    expect(currentMonthDays(new Date('2027-01-15T10:00:00Z'))).toEqual({ from: '2027-01-01', to: '2027-01-15' })
  })

  it('names a month in the reader’s language', () => {
    expect(monthLabel(2026, 12, 'es')).toBe('diciembre de 2026')
    expect(monthLabel(2026, 12, 'en')).toBe('December 2026')
    expect(monthLabel(2027, 1, 'es')).toBe('enero de 2027')
    expect(monthLabel(2027, 1, 'en')).toBe('January 2027')
  })
})

describe('the records’ months', () => {
  it('are the book’s months: the last 12, the current one first, in Spain', () => {
    const now = new Date('2026-12-31T23:30:00Z')
    expect(recentMonths(now)).toEqual(bookPeriodOptions(now).filter((option) => option.kind === 'month'))
    expect(recentMonths(now).map((option) => option.value)).toEqual([
      '2027-01',
      '2026-12',
      '2026-11',
      '2026-10',
      '2026-09',
      '2026-08',
      '2026-07',
      '2026-06',
      '2026-05',
      '2026-04',
      '2026-03',
      '2026-02',
    ])
  })

  it('reads a month written YYYY-MM, and nothing else', () => {
    expect(parseMonth('2026-12')).toEqual({ kind: 'month', value: '2026-12', year: 2026, month: 12 })
    expect(parseMonth('2027-01')).toEqual({ kind: 'month', value: '2027-01', year: 2027, month: 1 })
    for (const wrong of ['2026-13', '2026-00', '2026-1', '26-01', '2026-01-01', ' 2026-01', '', 202601, undefined, null])
      expect(parseMonth(wrong)).toBeNull()
  })
})

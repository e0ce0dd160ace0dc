import type { Language } from '../../core/language.ts'

// The periods and days the owner's VERI*FACTU page offers (/admin/verifactu): months and quarters
// of the libro registro de facturas expedidas, the months its records are filtered by, and the days
// of an inspection's records. Every day is a day in Spain (Europe/Madrid), whatever the reader's or
// the server's clock says.

const timeZone = 'Europe/Madrid'

/** How many months, then quarters, the book's period offers, the current one first. */
export const bookMonths = 12
export const bookQuarters = 5

/** A day in Spain: its year, its month (1–12) and its day of the month. */
export interface SpainDay {
  year: number
  month: number
  day: number
}

/** A month as a period: its value (`YYYY-MM`), its year and its number (1–12). */
export interface MonthOption {
  kind: 'month'
  value: string
  year: number
  month: number
}

export type BookPeriodOption = MonthOption | { kind: 'quarter'; value: string; year: number; quarter: number }

const pad = (n: number) => String(n).padStart(2, '0')

/** The day `now` is in Spain. */
export function spainDay(now: Date): SpainDay {
  const parts = new Intl.DateTimeFormat('en', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(now)
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value)
  return { year: part('year'), month: part('month'), day: part('day') }
}

/** A day as a date field holds it: `YYYY-MM-DD`. */
export const isoDay = ({ year, month, day }: SpainDay) => `${year}-${pad(month)}-${pad(day)}`

/** A month as the book's period names it: `YYYY-MM`. */
export const monthValue = (year: number, month: number) => `${year}-${pad(month)}`

/** A quarter as the book's period names it: `YYYY-QN`. */
export const quarterValue = (year: number, quarter: number) => `${year}-Q${quarter}`

/** Today in Spain and the first day of its month, as date fields hold them: an inspection's period by default. */
export function currentMonthDays(now: Date): { from: string; to: string } {
  const today = spainDay(now)
  return { from: isoDay({ ...today, day: 1 }), to: isoDay(today) }
}

/** The last 12 months as of `now` in Spain, the current one first: the book's months and the records' filter. */
export function recentMonths(now: Date): MonthOption[] {
  const { year, month } = spainDay(now)
  // Months counted from year 0, so stepping back crosses into the year before.
  const current = year * 12 + (month - 1)
  return Array.from({ length: bookMonths }, (_, back): MonthOption => {
    const index = current - back
    const [y, m] = [Math.floor(index / 12), (index % 12) + 1]
    return { kind: 'month', value: monthValue(y, m), year: y, month: m }
  })
}

/** A month written `YYYY-MM` (what the records' filter puts in the URL), or null when it is not one. */
export function parseMonth(value: unknown): MonthOption | null {
  if (typeof value !== 'string') return null
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(value)
  if (!match) return null
  const [year, month] = [Number(match[1]), Number(match[2])]
  return { kind: 'month', value, year, month }
}

/**
 * The book's periods: the last 12 months (the current one first), then the last 5 quarters (the
 * current one first), as of `now` in Spain.
 */
export function bookPeriodOptions(now: Date): BookPeriodOption[] {
  const { year, month } = spainDay(now)
  const months = recentMonths(now)
  const currentQuarter = year * 4 + Math.floor((month - 1) / 3)
  const quarters = Array.from({ length: bookQuarters }, (_, back): BookPeriodOption => {
    const index = currentQuarter - back
    const [y, q] = [Math.floor(index / 4), (index % 4) + 1]
    return { kind: 'quarter', value: quarterValue(y, q), year: y, quarter: q }
  })
  return [...months, ...quarters]
}

/** The book's default period: the current month in Spain. */
export const currentMonthValue = (now: Date) => {
  const { year, month } = spainDay(now)
  return monthValue(year, month)
}

/** A month in the reader's language: "diciembre de 2026", "December 2026". */
export function monthLabel(year: number, month: number, language: Language): string {
  // Midday on the 15th, so the month is the same in Spain whatever the clock's zone.
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'es-ES', { month: 'long', year: 'numeric', timeZone }).format(
    new Date(Date.UTC(year, month - 1, 15, 12)),
  )
}

import type { Language } from '../../core/language.ts'
import { numberLocales } from '../../core/money.ts'

// One formatter per (language, digits): building an Intl.NumberFormat costs more than formatting,
// and a page with a cart formats many numbers.
const numberFormatters = new Map<string, Intl.NumberFormat>()

export function formatNumber(value: number, language: Language, fractionDigits = 0): string {
  const key = `${language}:${fractionDigits}`
  let formatter = numberFormatters.get(key)
  if (!formatter) {
    formatter = new Intl.NumberFormat(numberLocales[language], { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits })
    numberFormatters.set(key, formatter)
  }
  return formatter.format(value)
}

/** The value of the visitor's language, from a record's `…Es` / `…En` pair. */
export function pick<T>(language: Language | string, es: T, en: T): T {
  return language === 'en' ? en : es
}

/** A date (and time) in the shop's time zone, in the page's language. */
export function formatDate(iso: string, language: Language, withTime = false): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'es-ES', {
    dateStyle: withTime ? 'medium' : 'long',
    ...(withTime ? { timeStyle: 'short' } : {}),
    timeZone: 'Europe/Madrid',
  }).format(new Date(iso))
}

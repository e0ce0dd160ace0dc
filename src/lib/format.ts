import type { Language } from '../../core/language.ts'

const locales: Record<Language, string> = { es: 'es-ES', en: 'en-IE' }
const euroFormatters = new Map<Language, Intl.NumberFormat>()

/** Integer cents → "80,00 €" / "€80.00": money is formatted only here (ADR 002). */
export function formatEuros(cents: number, language: Language): string {
  let formatter = euroFormatters.get(language)
  if (!formatter) {
    formatter = new Intl.NumberFormat(locales[language], { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 })
    euroFormatters.set(language, formatter)
  }
  return formatter.format(cents / 100)
}

export function formatNumber(value: number, language: Language, fractionDigits = 0): string {
  return new Intl.NumberFormat(locales[language], { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(value)
}

/** The value of the visitor's language, from a record's `…Es` / `…En` pair. */
export function pick<T>(language: Language | string, es: T, en: T): T {
  return language === 'en' ? en : es
}

import type { Language } from './language.ts'

/** The number format of each language. */
export const numberLocales: Record<Language, string> = { es: 'es-ES', en: 'en-IE' }
const euroFormatters = new Map<Language, Intl.NumberFormat>()

/** Integer cents → "80,00 €" / "€80.00": money is formatted only here (ADR 002). */
export function formatEuros(cents: number, language: Language): string {
  let formatter = euroFormatters.get(language)
  if (!formatter) {
    formatter = new Intl.NumberFormat(numberLocales[language], {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    })
    euroFormatters.set(language, formatter)
  }
  return formatter.format(cents / 100)
}

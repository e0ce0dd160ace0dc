import type { Language } from './language.ts'

/** The number format of each language. */
export const numberLocales: Record<Language, string> = { es: 'es-ES', en: 'en-IE' }
const euroOptions = {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
} as const satisfies Intl.NumberFormatOptions
const euroFormatters = new Map<Language, Intl.NumberFormat>()

/** Integer cents → "80,00 €" / "€80.00": money is formatted only here (ADR 002). */
export function formatEuros(cents: number, language: Language): string {
  let formatter = euroFormatters.get(language)
  if (!formatter) {
    formatter = new Intl.NumberFormat(numberLocales[language], euroOptions)
    euroFormatters.set(language, formatter)
  }
  return formatter.format(cents / 100)
}

const percentFormatters = new Map<Language, Intl.NumberFormat>()

/** A rate in basis points → "5,2 %" / "5.2%" (IVA and recargo rates on invoices, the cart and payment lines). */
export function formatRate(basisPoints: number, language: Language): string {
  let formatter = percentFormatters.get(language)
  if (!formatter) {
    formatter = new Intl.NumberFormat(numberLocales[language], { style: 'percent', maximumFractionDigits: 2 })
    percentFormatters.set(language, formatter)
  }
  return formatter.format(basisPoints / 10_000)
}

/**
 * The Lingui formats every translation passes (core/i18n/translate-message.ts, server/i18n.ts): a
 * message names an amount as `{max, number, euros}`, shown as formatEuros shows it, in the
 * reader's language. Lingui's `i18n._` without them throws on such a message.
 */
export const messageFormats = { euros: euroOptions }

/** The value of a message's `{name, number, euros}`: values travel untranslated, so cents become euros here. */
export const messageEuros = (cents: number) => cents / 100

/** The shop's languages. Spanish is the default for every visitor (docs/product.md#language). */
export const languages = ['es', 'en'] as const
export type Language = (typeof languages)[number]
export const defaultLanguage: Language = 'es'

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value)
}

/** Cookie that keeps the visitor's choice (docs/product.md#language). */
export const languageCookie = 'lang'

/**
 * The language of a request: `?lang=` first (so each language has its own indexable URL), then the
 * cookie, then the default.
 */
export function pickLanguage(queryValue: unknown, cookieValue: unknown): Language {
  if (isLanguage(queryValue)) return queryValue
  if (isLanguage(cookieValue)) return cookieValue
  return defaultLanguage
}

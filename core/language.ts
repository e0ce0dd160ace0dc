/** The shop's languages. Spanish is the default for every visitor (docs/product.md#language). */
export const languages = ['es', 'en'] as const
export type Language = (typeof languages)[number]
export const defaultLanguage: Language = 'es'

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value)
}

/**
 * Cookie that keeps the visitor's choice (docs/product.md#language): the language of the page the
 * person reads, for what has no path of its own (API answers, emails, the bare home's redirect).
 */
export const languageCookie = 'lang'

/**
 * The language of a request that is not a page (a page's language is its path, core/language-urls.ts):
 * `?lang=` first, then the cookie, then the default.
 */
export function pickLanguage(queryValue: unknown, cookieValue: unknown): Language {
  if (isLanguage(queryValue)) return queryValue
  if (isLanguage(cookieValue)) return cookieValue
  return defaultLanguage
}

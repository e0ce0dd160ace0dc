import { setupI18n, type I18n, type Messages } from '@lingui/core'
import { messages as en } from './locales/en.ts'
import { messages as es } from './locales/es.ts'
import type { Language } from '../language.ts'

/**
 * The shop's compiled Lingui catalogs (`npm run i18n:extract` writes locales/*.po, then compiles
 * them to locales/*.ts): the one place that loads them, for the server, the SSR bundle and tests.
 */
export const catalogs: Record<Language, Messages> = { es, en }

/** A fresh Lingui instance for one language, with its catalog loaded. */
export function i18nFor(language: Language): I18n {
  return setupI18n({ locale: language, messages: { [language]: catalogs[language] } })
}

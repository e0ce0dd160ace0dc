import { setupI18n } from '@lingui/core'
import type { Language } from '../../core/language.ts'
import { messages as enMessages } from './locales/en.po'
import { messages as esMessages } from './locales/es.po'
import { translateMessage } from './shared-messages.ts'

const translators = { es: setupI18n({ locale: 'es', messages: { es: esMessages } }), en: setupI18n({ locale: 'en', messages: { en: enMessages } }) }

/** Server messages (errors, shared validation) in a language, from the same catalogs as the pages. */
export function translate(language: Language, source: string): string {
  return translateMessage(translators[language], source)
}

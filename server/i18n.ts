import type { I18n, MessageDescriptor } from '@lingui/core'
import { i18nFor } from '../core/i18n/catalogs.ts'
import { translateMessage } from '../core/i18n/translate-message.ts'
import type { Language } from '../core/language.ts'
import { messageFormats } from '../core/money.ts'

const instances: Record<Language, I18n> = { es: i18nFor('es'), en: i18nFor('en') }

/**
 * Server texts in a language, from the compiled catalogs (no client build needed): a descriptor
 * of core/messages.ts or the emails, or a catalog id (zod rules); other text comes back as it is.
 */
export function translate(language: Language, message: MessageDescriptor | string, values?: Record<string, unknown>): string {
  const i18n = instances[language]
  if (typeof message === 'string') return translateMessage(i18n, message, values)
  return i18n._(message.id, values ?? message.values, { message: message.message, formats: messageFormats })
}

export type Translate = typeof translate

/** The Lingui instance of a language (templates that translate many texts). */
export function i18nOf(language: Language): I18n {
  return instances[language]
}

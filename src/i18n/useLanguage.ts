import { useLingui } from '@lingui/react'
import { defaultLanguage, isLanguage, type Language } from '../../core/language.ts'

/** The active language as the shop's own type. */
export function useLanguage(): Language {
  const { i18n } = useLingui()
  return isLanguage(i18n.locale) ? i18n.locale : defaultLanguage
}

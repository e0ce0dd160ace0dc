import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { messages as en } from '../../src/i18n/locales/en.po'
import { messages as es } from '../../src/i18n/locales/es.po'

/** Renders a component inside a fresh Lingui instance in the given language (Lingui's test advice). */
export function renderInLanguage(ui: ReactNode, language: 'es' | 'en' = 'es') {
  const i18n = setupI18n({ locale: language, messages: { es, en } })
  return render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>)
}

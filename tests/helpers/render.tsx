import { I18nProvider } from '@lingui/react'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { i18nFor } from '../../core/i18n/catalogs.ts'

/** Renders a component inside a fresh Lingui instance in the given language (Lingui's test advice). */
export function renderInLanguage(ui: ReactNode, language: 'es' | 'en' = 'es') {
  const i18n = i18nFor(language)
  return render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>)
}

import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterContextProvider } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { i18nFor } from '../../core/i18n/catalogs.ts'

/**
 * Renders a component inside a fresh Lingui instance in the given language (Lingui's test advice),
 * on a page of a router at `path` (forms post to their page's address).
 */
export function renderInLanguage(ui: ReactNode, language: 'es' | 'en' = 'es', path = language === 'en' ? '/en/' : '/') {
  const i18n = i18nFor(language)
  const router = createRouter({ routeTree: createRootRoute(), history: createMemoryHistory({ initialEntries: [path] }) })
  return render(
    <I18nProvider i18n={i18n}>
      <RouterContextProvider router={router}>{ui}</RouterContextProvider>
    </I18nProvider>,
  )
}

import type { Messages } from '@lingui/core'
import type { Language } from '../language.ts'

/** One language's compiled catalog, loaded on demand: the browser fetches only the page's language. */
export async function loadCatalog(language: Language): Promise<Messages> {
  const { messages } = language === 'en' ? await import('./locales/en.ts') : await import('./locales/es.ts')
  return messages
}

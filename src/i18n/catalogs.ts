import type { Messages } from '@lingui/core'
import type { Language } from '../../core/language.ts'

/** Loads one language's compiled catalog (the Lingui Vite plugin compiles .po on import). */
export async function loadMessages(language: Language): Promise<Messages> {
  const { messages } = language === 'en' ? await import('./locales/en.po') : await import('./locales/es.po')
  return messages
}

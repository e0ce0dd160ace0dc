import { AsyncLocalStorage } from 'node:async_hooks'
import { z } from 'zod'
import type { Language } from '../core/language.ts'

// Zod's built-in messages ("expected string…") follow the language of the request being handled.
// Messages our schemas set themselves take precedence over these; outside a request (environment
// checks for the operator) they are English.
const requestLanguage = new AsyncLocalStorage<Language>()
const maps = { es: z.locales.es().localeError, en: z.locales.en().localeError }

z.config({ localeError: (issue) => maps[requestLanguage.getStore() ?? 'en'](issue) })

export function withZodLanguage<T>(language: Language, fn: () => T): T {
  return requestLanguage.run(language, fn)
}

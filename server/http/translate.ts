import type { Language } from '../../core/language.ts'

/** Server messages (errors, limits) in the visitor's language, from the shop's Lingui catalogs. */
export type Translate = (language: Language, source: string) => string

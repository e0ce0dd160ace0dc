import type { I18n } from '@lingui/core'
import { messageFormats } from '../money.ts'

/**
 * A catalog id (core/messages.ts) in the instance's language, with its values; any other text
 * (zod's own messages, already in the caller's language) as it is.
 */
export function translateMessage(i18n: I18n, idOrText: string, values?: Record<string, unknown>): string {
  return i18n.messages[idOrText] === undefined ? idOrText : i18n._(idOrText, values, { formats: messageFormats })
}

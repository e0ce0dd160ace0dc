import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'

// Shared zod schemas (src/shared) carry English source texts, since the server cannot run Lingui's
// macros. Listing them here puts them in the catalogs; `translateMessage` looks them up by the id
// Lingui derives from the text.
export const sharedMessages = [
  msg`Name must be at least 2 characters`,
  msg`Invalid email address`,
  msg`Phone must be at least 6 characters`,
  msg`Address is required`,
  msg`Address line 2 is too long`,
  msg`City is required`,
  msg`State or province is too long`,
  msg`Postal code is required`,
  msg`Country is required`,
  msg`Cart is empty`,
]

export function translateMessage(i18n: I18n, source: string): string {
  const id = generateMessageId(source)
  return i18n.messages[id] === undefined ? source : i18n._(id)
}

import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'

// Messages written by code that cannot run Lingui's macros: the shared zod schemas (src/shared) and
// the server's errors. They are English source texts; listing them here puts them in the catalogs,
// and `translateMessage` looks them up by the id Lingui derives from the text.
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
  msg`A cart line holds at most 999 panels`,
  msg`Product not found`,
  msg`Category not found`,
  msg`Cart item not found`,
  msg`Order not found`,
  msg`Payment session not found`,
  msg`This checkout was already used`,
  msg`Error processing order`,
  msg`Sign in required`,
  msg`Not allowed for your account`,
  msg`Cross-site request refused`,
  msg`Too many attempts. Please wait a few minutes and try again.`,
  msg`Something went wrong. Please try again in a moment.`,
  msg`The request could not be processed.`,
  msg`Some prices in your cart have changed. Please check your order before paying.`,
]

export function translateMessage(i18n: I18n, source: string): string {
  const id = generateMessageId(source)
  return i18n.messages[id] === undefined ? source : i18n._(id)
}

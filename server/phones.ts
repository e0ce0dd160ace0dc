/**
 * The server's check of another country's phone number (docs/product.md#delivery): core/phone.ts
 * reads Spanish numbers and only shapes the others (a country code and its digits), so the pages
 * need no numbering plans; here libphonenumber-js checks that the number has a length its
 * country's plan allows before an order or an account keeps it. Its length, not its range: the
 * carrier calls the number, and a range newer than the library's data (or one it holds back, as
 * the United Kingdom's 07700 900…) must not cost a sale; a digit too many or too few is caught.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js'
import { AppError } from './errors.ts'
import { messages } from '../core/messages.ts'

/** The number as stored (E.164), or a BAD_REQUEST beside `field` when its country has no number of that length. */
export function checkedPhone(e164: string, field = 'phone'): string {
  // Spain's plan is checked in core/phone.ts already, on both sides.
  if (e164.startsWith('+34')) return e164
  const parsed = parsePhoneNumberFromString(e164)
  if (parsed?.isPossible()) return parsed.number
  throw new AppError('BAD_REQUEST', messages.phoneFormat, { field })
}

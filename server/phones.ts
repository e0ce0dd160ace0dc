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

/**
 * A stored number as people read it, grouped as its country writes it (`+447700900123` →
 * `+44 7700 900123`, `+34612345678` → `+34 612 34 56 78`); anything else (an order older than the
 * rule, a contact's free-text phone) as it was stored. Server-side, for the same reason as above.
 */
export function displayPhone(stored: string): string {
  if (!stored.startsWith('+')) return stored
  return parsePhoneNumberFromString(stored)?.formatInternational() ?? stored
}

/** A phone a person may have left out (a contact's, a profile's): as people read it, or null. */
export const shownPhone = (stored: string | null): string | null => (stored ? displayPhone(stored) : null)

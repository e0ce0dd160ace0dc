/**
 * Phone numbers for orders and accounts, normalised to E.164 (docs/product.md#delivery): Spanish
 * ones in any usual writing, with or without +34 (`+34612345678`), and any other country's with its
 * code (`+44 7700 900123` → `+447700900123`).
 *
 * Spain's plan is simple and closed (nine digits; 6 and 7 for mobiles, 8 and 9 for landlines and
 * service numbers; no trunk prefix), so a small rule checks it here, on both sides. Another
 * country's number is only shaped here (a country code and 7 to 15 digits); the server checks it
 * against that country's plan with libphonenumber-js (server/phones.ts), whose metadata would
 * weigh ~80 kB in every page that has a phone field.
 */

/** What people put between digits: spaces (also non-breaking), dots, hyphens, slashes, brackets. */
const separators = /[\s.\-/()]/g

/** The number in E.164, or null when it is not a Spanish phone number (see `phoneE164` for any other). */
export function spanishPhoneE164(input: string): string | null {
  const compact = input.replace(separators, '')
  let national = compact
  if (compact.startsWith('+34')) national = compact.slice(3)
  else if (compact.startsWith('0034')) national = compact.slice(4)
  // "34612345678": the country code typed without "+" (eleven digits; a national number has nine).
  else if (/^34\d{9}$/.test(compact)) national = compact.slice(2)
  return /^[6-9]\d{8}$/.test(national) ? `+34${national}` : null
}

/**
 * The number in E.164 when it can be one: a Spanish number (as `spanishPhoneE164` reads it), or a
 * number with its country code (`+` or `00`, then 7 to 15 digits, the first not 0); null otherwise.
 * Another country's number is checked further on the server.
 */
export function phoneE164(input: string): string | null {
  const spanish = spanishPhoneE164(input)
  if (spanish) return spanish
  const compact = input.replace(separators, '').replace(/^00/, '+')
  return /^\+[1-9]\d{6,14}$/.test(compact) ? compact : null
}

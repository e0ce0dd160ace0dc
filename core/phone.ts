/**
 * Spanish phone numbers, normalised to E.164 (`+34612345678`) for orders (docs/product.md#delivery).
 *
 * A small rule rather than libphonenumber-js: the shop delivers in Spain only, and Spain's plan is
 * simple and closed (nine digits; 6 and 7 for mobiles, 8 and 9 for landlines and service numbers;
 * no trunk prefix). libphonenumber-js would add at least ~80 kB of metadata to the client bundle
 * ("min") to check the same thing; the tests in phone.test.ts pin down the formats people type.
 */

/** What people put between digits: spaces (also non-breaking), dots, hyphens, slashes, brackets. */
const separators = /[\s.\-/()]/g

/** The number in E.164, or null when it is not a Spanish phone number. */
export function spanishPhoneE164(input: string): string | null {
  const compact = input.replace(separators, '')
  let national = compact
  if (compact.startsWith('+34')) national = compact.slice(3)
  else if (compact.startsWith('0034')) national = compact.slice(4)
  // "34612345678": the country code typed without "+" (eleven digits; a national number has nine).
  else if (/^34\d{9}$/.test(compact)) national = compact.slice(2)
  return /^[6-9]\d{8}$/.test(national) ? `+34${national}` : null
}

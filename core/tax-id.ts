import * as vat from 'jsvat'

// docs/product.md#b2b: a wholesale customer identifies its business by a Spanish NIF, NIE or CIF
// (checked by its control character) or by another EU member state's VAT number (its country's
// format and check digits). jsvat holds those rules; only the EU's 27 are accepted.
const euMembers = [
  vat.austria,
  vat.belgium,
  vat.bulgaria,
  vat.croatia,
  vat.cyprus,
  vat.czechRepublic,
  vat.denmark,
  vat.estonia,
  vat.finland,
  vat.france,
  vat.germany,
  vat.greece,
  vat.hungary,
  vat.ireland,
  vat.italy,
  vat.latvia,
  vat.lithuania,
  vat.luxembourg,
  vat.malta,
  vat.netherlands,
  vat.poland,
  vat.portugal,
  vat.romania,
  vat.slovakiaRepublic,
  vat.slovenia,
  vat.spain,
  vat.sweden,
]

/** Upper case without the spaces, dots and dashes people type inside tax ids. */
export function normalizeTaxId(raw: string): string {
  return raw.toUpperCase().replace(/[\s.\-/]/g, '')
}

/**
 * The tax id as it is stored (normalised), or null when it is neither a valid Spanish NIF, NIE or
 * CIF (with or without the `ES` prefix) nor a valid VAT number of another EU member state
 * (with its country prefix, `EL` for Greece).
 */
export function parseTaxId(raw: string): string | null {
  const value = normalizeTaxId(raw)
  // A Spanish id starts with a digit or one letter followed by a digit; two letters are a country prefix.
  const prefixed = /^[A-Z]{2}/.test(value)
  const candidate = prefixed ? value : `ES${value}`
  if (!/^[A-Z]{2}[0-9A-Z]{2,13}$/.test(candidate)) return null
  return vat.checkVAT(candidate, euMembers).isValid ? value : null
}

export function isValidTaxId(raw: string): boolean {
  return parseTaxId(raw) !== null
}

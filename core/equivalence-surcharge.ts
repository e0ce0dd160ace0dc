/**
 * The recargo de equivalencia (docs/product.md#recargo; arts. 154–163 LIVA): a retailer under this
 * regime pays its supplier, on top of the IVA, a surcharge on the taxable base, and the supplier's
 * invoice and VERI*FACTU record carry it. Only individuals (a NIF or NIE) and entities without legal
 * personality can be under it: a CIF beginning with E (comunidades de bienes), or with J (sociedades
 * civiles, under it only without a mercantile purpose, so the owner is warned). A company (any other
 * CIF) or a foreign buyer never is.
 */

/** The recargo's line on the payment page, the invoice and the order's emails: `{rate}` is formatRate's (core/money.ts). */
export const surchargeLabel = /*i18n*/ { id: 'surcharge.label', message: 'Equivalence surcharge (recargo de equivalencia, {rate})' }

/** Whether a wholesale customer's tax id allows the regime. */
export const surchargeEligibilities = ['person', 'entity', 'civilSociety', 'notAllowed'] as const
export type SurchargeEligibility = (typeof surchargeEligibilities)[number]

/** A stored tax id (normalised, core/tax-id.ts) without the `ES` prefix some customers type. */
const spanishId = (taxId: string) => (/^ES[0-9A-Z]/.test(taxId) && !/^ES[A-Z]{2}/.test(taxId) ? taxId.slice(2) : taxId)

export function surchargeEligibility(taxId: string | null): SurchargeEligibility {
  if (!taxId) return 'notAllowed'
  const id = spanishId(taxId)
  // DNI, NIF of Spaniards without a DNI (K, L, M) and NIE: individuals.
  if (/^\d{8}[A-Z]$/.test(id) || /^[KLMXYZ]\d{7}[A-Z]$/.test(id)) return 'person'
  if (/^E\d{7}[0-9A-J]$/.test(id)) return 'entity'
  if (/^J\d{7}[0-9A-J]$/.test(id)) return 'civilSociety'
  return 'notAllowed'
}

export const surchargeAllowed = (eligibility: SurchargeEligibility) => eligibility !== 'notAllowed'

/**
 * The recargo rates the AEAT admits with each IVA rate, in basis points, the ordinary one first
 * (Validaciones y errores VERI*FACTU §15.3: 21 % → 5,2 % or 1,75 % (tobacco); 10 % → 1,4 %; 7,5 % → 1 %;
 * 5 % → 0,62 %; 4 % → 0,5 %; 2 % → 0,26 %; 0 % → 0 %).
 */
export const surchargeRatesByTaxRate: Readonly<Record<number, readonly number[]>> = {
  2100: [520, 175],
  1000: [140],
  750: [100],
  500: [62],
  400: [50],
  200: [26],
  0: [0],
}

/** The ordinary recargo of an IVA rate (null: the AEAT admits none with it). */
export function defaultSurchargeRate(taxRateBasisPoints: number): number | null {
  return surchargeRatesByTaxRate[taxRateBasisPoints]?.[0] ?? null
}

export function isAdmittedSurchargeRate(taxRateBasisPoints: number, surchargeRateBasisPoints: number): boolean {
  return surchargeRatesByTaxRate[taxRateBasisPoints]?.includes(surchargeRateBasisPoints) ?? false
}

/**
 * The billing form's fields without their checks (core/billing.ts holds those, with the EU's VAT
 * rules): what a page needs to draw the form, light enough for the checkout's first download.
 */

/** How the buyer names themselves: a tax id (a Spanish NIF, NIE or CIF, or an EU VAT number), a passport, or another foreign document. */
export const billingIdKinds = ['tax_id', 'passport', 'foreign_id'] as const
export type BillingIdKind = (typeof billingIdKinds)[number]
export const isBillingIdKind = (value: unknown): value is BillingIdKind => billingIdKinds.some((kind) => kind === value)

/** The AEAT's kind of buyer id: a Spanish NIF, or an `IDOtro` type. */
export const buyerIdTypes = ['nif', '02', '03', '04'] as const
export type BuyerIdType = (typeof buyerIdTypes)[number]

/** ISO 3166-1 alpha-2: the countries a foreign document may come from (names: Intl.DisplayNames, in the reader's language). */
export const countryCodes = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH ' +
  'CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN ' +
  'GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI ' +
  'LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM ' +
  'PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD ' +
  'TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ')

export const billingLimits = { name: { min: 2, max: 120 }, taxId: { max: 40 }, foreignId: { min: 3, max: 20 } } as const

export const billingFields = ['name', 'idKind', 'taxId', 'country'] as const
export type BillingField = (typeof billingFields)[number]

export const isBillingField = (key: unknown): key is BillingField => billingFields.some((field) => field === key)

/** The name each field's input has on the page: what a form posts, and where the keyboard goes when it needs fixing. */
export const billingInputNames: Record<BillingField, string> = {
  name: 'billing_name',
  idKind: 'billing_id_kind',
  taxId: 'billing_tax_id',
  country: 'billing_country',
}

/** The form's values: a tax id needs no country (its own prefix, or Spain). */
export interface BillingFormValues {
  name: string
  idKind: BillingIdKind
  taxId: string
  country: string
}

export const emptyBilling: BillingFormValues = { name: '', idKind: 'tax_id', taxId: '', country: '' }

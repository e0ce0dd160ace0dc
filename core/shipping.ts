import type { I18n } from '@lingui/core'
import { z } from 'zod'
import { messages } from './messages.ts'
import { phoneE164 } from './phone.ts'
import { isUnservedPostalCode, postalCodePattern, provinceOf } from './provinces.ts'
import { plainText } from './text.ts'

/**
 * The shipping form (docs/product.md#checkout, #delivery), one schema for the checkout form and
 * checkout.create. Every field is trimmed; each rule carries the id of its message
 * (core/messages.ts), which the client and the server translate with the same catalogs. The output
 * is what an order stores: the phone in E.164, the country as its ISO code, and the province
 * derived from the postal code (never the text the browser sent).
 */
export const shippingLimits = {
  full_name: { min: 2, max: 100 },
  email: { max: 255 },
  phone: { min: 6, max: 20 },
  address_line1: { min: 5, max: 200 },
  address_line2: { max: 200 },
  postal_code: { min: 5, max: 5 },
  city: { min: 2, max: 100 },
  state: { max: 100 },
  country: { min: 2, max: 100 },
} as const

export const shippingMessages = {
  full_name: messages.nameTooShort.id,
  email: messages.invalidEmail.id,
  phone: messages.phoneFormat.id,
  address_line1: messages.addressRequired.id,
  address_line2: messages.addressLine2TooLong.id,
  postal_code: messages.postalCodeFormat.id,
  city: messages.cityRequired.id,
  state: messages.stateTooLong.id,
  country: messages.countryFromList.id,
} as const

/** The countries the shop delivers to, by ISO 3166-1 code: the checkout's country list. */
export const servedCountries = ['ES'] as const
export type CountryCode = (typeof servedCountries)[number]

/** Each served country's name, in the reader's language. */
export const countryNames = {
  ES: /*i18n*/ { id: 'country.es', message: 'Spain' },
} as const satisfies Record<CountryCode, { id: string; message: string }>

const spainNames = new Set(['es', 'esp', 'españa', 'espana', 'spain'])

/**
 * The ISO code of a stored or typed country: orders and profiles saved before the list stored the
 * name ("España"), which still means Spain. Anything else stays as it was (and fails the list).
 */
export function countryCodeOf(country: string): string {
  return spainNames.has(country.trim().toLowerCase()) ? 'ES' : country.trim()
}

/** A stored country in the reader's language; an unknown value as it was stored. */
export function countryName(i18n: I18n, stored: string): string {
  const code = countryCodeOf(stored)
  return code === 'ES' ? i18n._(countryNames.ES) : stored
}

const L = shippingLimits
const M = shippingMessages
const between = (min: number, max: number, message: string) => plainText().min(min, message).max(max, message)

/**
 * A phone number, Spanish in any usual writing or another with its country code, stored in E.164
 * (core/phone.ts; the server checks another country's number against its plan). Under 6 characters
 * it says so first, as the client's specification words it.
 */
export const phoneNumber = plainText()
  .min(L.phone.min, messages.phoneTooShort.id)
  .max(L.phone.max, M.phone)
  .refine((value) => phoneE164(value) !== null, M.phone)
  .transform((value) => phoneE164(value) ?? value)

/** A Spanish postal code (five digits, a province's prefix) of a zone the shop serves. */
export const postalCode = plainText()
  // Under 4 characters it is missing, as the client's specification words it; then our own rules.
  .min(4, { error: messages.postalCodeRequired.id, abort: true })
  .regex(postalCodePattern, { error: M.postal_code, abort: true })
  .refine((value) => provinceOf(value) !== undefined, { error: messages.postalCodeUnknown.id, abort: true })
  .refine((value) => !isUnservedPostalCode(value), messages.postalCodeNotServed.id)

/** A country from the list, as its ISO code. */
export const country = z
  .string()
  .transform(countryCodeOf)
  .pipe(z.enum(servedCountries, { error: M.country }))

/** The form's fields one by one, in the form's order (the first failing field is reported first). */
export const shippingFields = z.object({
  full_name: between(L.full_name.min, L.full_name.max, M.full_name),
  email: z.string().trim().max(L.email.max, M.email).pipe(z.email(M.email)),
  phone: phoneNumber,
  address_line1: between(L.address_line1.min, L.address_line1.max, M.address_line1),
  address_line2: plainText().max(L.address_line2.max, M.address_line2),
  postal_code: postalCode,
  city: between(L.city.min, L.city.max, M.city),
  state: plainText().max(L.state.max, M.state),
  country,
})

/** The province an address stores: the one its postal code names, whatever the browser sent. */
export function withProvince<T extends { postal_code: string; state: string }>(address: T): T {
  return { ...address, state: provinceOf(address.postal_code) ?? address.state }
}

export const shippingSchema = shippingFields.transform(withProvince)

/**
 * What checkout always asks for: a showroom pickup needs no more (docs/product.md#delivery), unless
 * a full invoice needs the buyer's address.
 */
export const contactFields = shippingFields.pick({ full_name: true, email: true, phone: true })
export type Contact = z.output<typeof contactFields>

/** A Spanish postal code of any province: a pickup's billing address may be in the Canary Islands, Ceuta or Melilla. */
export const anySpanishPostalCode = plainText()
  .regex(postalCodePattern, { error: M.postal_code, abort: true })
  .refine((value) => provinceOf(value) !== undefined, messages.postalCodeUnknown.id)

/** A pickup's address when a full invoice names the buyer: the form's fields, any Spanish province. */
export const billingAddressSchema = shippingFields.extend({ postal_code: anySpanishPostalCode }).transform(withProvince)

/** What checkout sends before its rules are applied: every field as typed (a pickup's address may be left empty). */
export const shippingDraft = z.object({
  full_name: z.string(),
  email: z.string(),
  phone: z.string(),
  address_line1: z.string().default(''),
  address_line2: z.string().default(''),
  postal_code: z.string().default(''),
  city: z.string().default(''),
  state: z.string().default(''),
  country: z.string().default('ES'),
})

/**
 * The rules a checkout's details follow (docs/product.md#delivery): home delivery needs an address
 * the shop delivers to; a pickup needs only the contact, or, with a full invoice, the buyer's
 * address anywhere in Spain. One choice for the checkout form and checkout.create.
 */
export function checkoutShippingSchema(delivery: 'home' | 'pickup', fullInvoice: boolean) {
  if (delivery === 'home') return shippingSchema
  return fullInvoice ? billingAddressSchema : contactFields
}

/**
 * Whether a pickup's details bring an address: a full invoice asked for, or one typed (a wholesale
 * customer's full invoice is decided on the server, so their form always sends it).
 */
export const pickupAddressGiven = (shipping: z.input<typeof shippingDraft>, fullInvoice: boolean) =>
  fullInvoice || [shipping.address_line1, shipping.address_line2, shipping.postal_code, shipping.city].some((value) => Boolean(value?.trim()))

/** Whether checkout's details carry an address (home delivery, or a pickup with a full invoice). */
export const hasAddress = (shipping: Shipping | Contact): shipping is Shipping => 'address_line1' in shipping

export type ShippingInput = z.input<typeof shippingSchema>
export type Shipping = z.output<typeof shippingSchema>
export type ShippingField = keyof Shipping
export function isShippingField(key: unknown): key is ShippingField {
  return typeof key === 'string' && Object.hasOwn(shippingLimits, key)
}

export const emptyShipping: ShippingInput = {
  full_name: '',
  email: '',
  phone: '',
  address_line1: '',
  address_line2: '',
  postal_code: '',
  city: '',
  state: '',
  country: 'ES',
}

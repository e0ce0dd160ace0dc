import type { I18n } from '@lingui/core'
import { countryName } from './shipping.ts'

/** Postal address as stored on profiles and orders. */
export interface PostalAddress {
  line1: string
  line2: string | null
  city: string
  state: string | null
  postal_code: string
  country: string
}

/** An address as lines to print (emails, order views), its country in the reader's language. */
export function addressLines(i18n: I18n, a: PostalAddress): string[] {
  return [a.line1, a.line2, `${a.postal_code} ${a.city}`, a.state, countryName(i18n, a.country)].filter((line): line is string => Boolean(line))
}

/** An address as the forms name its fields (checkout, the account's default address). */
export interface AddressFields {
  address_line1: string
  address_line2: string
  city: string
  state: string
  postal_code: string
  country: string
}

/**
 * The address's fields in the one order checkout and /account show them
 * (src/components/address/AddressFields.tsx): the postal code before the town, which it offers, and
 * the province, which it fills.
 */
export const addressFieldOrder = ['address_line1', 'address_line2', 'postal_code', 'city', 'state', 'country'] as const satisfies ReadonlyArray<
  keyof AddressFields
>
export type AddressFieldName = (typeof addressFieldOrder)[number]

/** The one mapping from form fields to the stored address: empty optional lines are stored as null. */
export function storedAddress(fields: AddressFields): PostalAddress {
  return {
    line1: fields.address_line1,
    line2: fields.address_line2 || null,
    city: fields.city,
    state: fields.state || null,
    postal_code: fields.postal_code,
    country: fields.country,
  }
}

/** A stored address back as form fields (prefills). */
export function addressFields(address: PostalAddress): AddressFields {
  return {
    address_line1: address.line1,
    address_line2: address.line2 ?? '',
    city: address.city,
    state: address.state ?? '',
    postal_code: address.postal_code,
    country: address.country,
  }
}

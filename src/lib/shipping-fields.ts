import { useLingui } from '@lingui/react/macro'
import { countryNames, servedCountries, type ShippingField } from '../../core/shipping.ts'

/** The browser's autofill names of the shipping fields (checkout and the account's address). */
export const shippingAutoComplete: Record<ShippingField, string> = {
  full_name: 'name',
  email: 'email',
  phone: 'tel',
  address_line1: 'address-line1',
  address_line2: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  postal_code: 'postal-code',
  // The list's values are ISO codes, which is what "country" autofills.
  country: 'country',
}

/** The shipping fields' labels in the page's language. */
export function useShippingLabels(): Record<ShippingField, string> {
  const { t } = useLingui()
  return {
    full_name: t`Full name`,
    email: t`Email`,
    phone: t`Phone`,
    address_line1: t`Address`,
    address_line2: t`Address line 2 (optional)`,
    city: t`City`,
    state: t`Province`,
    postal_code: t`Postal code`,
    country: t`Country`,
  }
}

/** The country list's choices (the countries the shop delivers to), named in the page's language. */
export function useCountryOptions(): Array<{ value: string; label: string }> {
  const { i18n } = useLingui()
  return servedCountries.map((code) => ({ value: code, label: i18n._(countryNames[code]) }))
}

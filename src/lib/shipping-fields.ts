import { useLingui } from '@lingui/react/macro'
import type { ShippingField } from '../../core/shipping.ts'

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
  country: 'country-name',
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
    state: t`State or province (optional)`,
    postal_code: t`Postal code`,
    country: t`Country`,
  }
}

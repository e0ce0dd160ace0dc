import { billingFields, billingInputNames, type BillingField } from './billing-fields.ts'
import type { ShippingField } from './shipping.ts'

/**
 * The checkout form's fields by the form's own names (`billing.taxId` for who a full invoice is
 * made out to), in the page's order: what the page posts without JavaScript and what a refused
 * post brings back to it (core/posted-form.ts).
 */
export const checkoutShippingFields = [
  'full_name',
  'email',
  'phone',
  'address_line1',
  'address_line2',
  'postal_code',
  'city',
  'state',
  'country',
] as const satisfies readonly ShippingField[]

export type CheckoutFormField = ShippingField | 'delivery' | 'full_invoice' | 'address_confirmed' | `billing.${BillingField}` | 'checkoutKey'

export const checkoutFormFields: readonly CheckoutFormField[] = [
  ...checkoutShippingFields,
  'delivery',
  'address_confirmed',
  'full_invoice',
  ...billingFields.map((name) => `billing.${name}` as const),
  'checkoutKey',
]

/** Each field's input name on the page (a billing field's is its own, shared with /account and the admin). */
export const checkoutInputNames: Record<CheckoutFormField, string> = {
  full_name: 'full_name',
  email: 'email',
  phone: 'phone',
  address_line1: 'address_line1',
  address_line2: 'address_line2',
  postal_code: 'postal_code',
  city: 'city',
  state: 'state',
  country: 'country',
  delivery: 'delivery',
  address_confirmed: 'address_confirmed',
  full_invoice: 'full_invoice',
  'billing.name': billingInputNames.name,
  'billing.idKind': billingInputNames.idKind,
  'billing.taxId': billingInputNames.taxId,
  'billing.country': billingInputNames.country,
  checkoutKey: 'checkoutKey',
}

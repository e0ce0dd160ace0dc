import { z } from 'zod'
import { messages } from './messages.ts'
import { plainText } from './text.ts'

/**
 * The shipping form (docs/product.md#checkout), one schema for the checkout form and checkout.create. Every field
 * is trimmed; each rule carries the id of the spec's message (core/messages.ts), which the client
 * and the server translate with the same catalogs.
 */
export const shippingLimits = {
  full_name: { min: 2, max: 100 },
  email: { max: 255 },
  phone: { min: 6, max: 20 },
  address_line1: { min: 5, max: 200 },
  address_line2: { max: 200 },
  city: { min: 2, max: 100 },
  state: { max: 100 },
  postal_code: { min: 4, max: 20 },
  country: { min: 2, max: 100 },
} as const

export const shippingMessages = {
  full_name: messages.nameTooShort.id,
  email: messages.invalidEmail.id,
  phone: messages.phoneTooShort.id,
  address_line1: messages.addressRequired.id,
  address_line2: messages.addressLine2TooLong.id,
  city: messages.cityRequired.id,
  state: messages.stateTooLong.id,
  postal_code: messages.postalCodeRequired.id,
  country: messages.countryRequired.id,
} as const

const L = shippingLimits
const M = shippingMessages
const between = (min: number, max: number, message: string) => plainText().min(min, message).max(max, message)

export const shippingSchema = z.object({
  full_name: between(L.full_name.min, L.full_name.max, M.full_name),
  email: z.string().trim().max(L.email.max, M.email).pipe(z.email(M.email)),
  phone: between(L.phone.min, L.phone.max, M.phone),
  address_line1: between(L.address_line1.min, L.address_line1.max, M.address_line1),
  address_line2: plainText().max(L.address_line2.max, M.address_line2),
  city: between(L.city.min, L.city.max, M.city),
  state: plainText().max(L.state.max, M.state),
  postal_code: between(L.postal_code.min, L.postal_code.max, M.postal_code),
  country: between(L.country.min, L.country.max, M.country),
})

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
  city: '',
  state: '',
  postal_code: '',
  country: '',
}

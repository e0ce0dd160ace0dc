import { z } from 'zod'

/**
 * The shipping form (SPEC §5), one schema for the checkout form and checkout.create. Every field
 * is trimmed; each rule carries the spec's message (English source text, translated by the client
 * through the Lingui catalogs: see src/i18n/validation.ts).
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
  full_name: 'Name must be at least 2 characters',
  email: 'Invalid email address',
  phone: 'Phone must be at least 6 characters',
  address_line1: 'Address is required',
  address_line2: 'Address line 2 is too long',
  city: 'City is required',
  state: 'State or province is too long',
  postal_code: 'Postal code is required',
  country: 'Country is required',
} as const

const L = shippingLimits
const M = shippingMessages
const between = (min: number, max: number, message: string) => z.string().trim().min(min, message).max(max, message)

export const shippingSchema = z.object({
  full_name: between(L.full_name.min, L.full_name.max, M.full_name),
  email: z.string().trim().max(L.email.max, M.email).pipe(z.email(M.email)),
  phone: between(L.phone.min, L.phone.max, M.phone),
  address_line1: between(L.address_line1.min, L.address_line1.max, M.address_line1),
  address_line2: z.string().trim().max(L.address_line2.max, M.address_line2),
  city: between(L.city.min, L.city.max, M.city),
  state: z.string().trim().max(L.state.max, M.state),
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

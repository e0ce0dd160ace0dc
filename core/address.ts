/** Postal address as stored on profiles and orders. */
export interface PostalAddress {
  line1: string
  line2: string | null
  city: string
  state: string | null
  postal_code: string
  country: string
}

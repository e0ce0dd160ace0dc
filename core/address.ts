/** Postal address as stored on profiles and orders (SPEC §3). */
export interface PostalAddress {
  line1: string
  line2: string | null
  city: string
  state: string | null
  postal_code: string
  country: string
}

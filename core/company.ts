/**
 * Company facts shown across the shop (header, footer, contact page, legal texts, WhatsApp button,
 * emails, the PDF catalog). They come from the `COMPANY_*` variables (server/env.ts), and the
 * browser receives them from the server with each page (src/lib/company.ts): one build serves any
 * deployment. This module holds only their shape, the development samples and pure formatting.
 */
export interface Company {
  /** The trade name the shop goes by everywhere, except where the law wants the legal name. */
  name: string
  /** The registered name: legal texts, invoices, the footer's legal line, email footers. */
  legalName: string
  /** Spanish CIF, as printed (e.g. B03999992). */
  taxId: string
  email: string
  /** Display form of the phone number. */
  phone: string
  /** E.164 digits (no +) for tel: links. */
  phoneDigits: string
  /** E.164 digits (no +) for wa.me links. */
  whatsappDigits: string
  address: {
    street: string
    postalCode: string
    city: string
    province: string
    /** ISO 3166-1 code ("ES"), named in the reader's language where it is printed (the invoice). */
    country: string
  }
  openingHours: { weekdays: string; saturday: string }
  map: { latitude: number; longitude: number; zoom: number }
}

/**
 * Development samples: every one is a default of a `COMPANY_*` variable, and production refuses to
 * start while any is left (server/env.ts). The tax id passes the CIF check.
 */
export const sampleCompany: Company = {
  name: 'Paneles Torrevieja',
  legalName: 'Paneles Decorativos Torrevieja S.L.',
  taxId: 'B03999992',
  email: 'info@panelestorrevieja.es',
  phone: '+34 965 70 12 34',
  phoneDigits: '34965701234',
  whatsappDigits: '34612345678',
  address: {
    street: 'Calle Ramón Gallud, 112',
    postalCode: '03181',
    city: 'Torrevieja',
    province: 'Alicante',
    country: 'ES',
  },
  openingHours: { weekdays: '9:00–14:00, 16:30–19:30', saturday: '10:00–13:30' },
  map: { latitude: 37.9787, longitude: -0.6822, zoom: 15 },
}

/** "Street, 03181 City (Province)": the one-line address of the showroom. */
export function formatAddressLine(company: Pick<Company, 'address'>): string {
  const a = company.address
  return `${a.street}, ${a.postalCode} ${a.city} (${a.province})`
}

/** The phone's E.164 digits as a wa.me or tel: link part ("+34 612 345 678" → "34612345678"). */
export function phoneDigitsOf(phone: string): string {
  return phone.replace(/\D/g, '')
}

/** "+34 612 345 678" for display, from E.164 digits of a Spanish number (others unchanged). */
export function formatPhoneDigits(digits: string): string {
  const m = /^34(\d{3})(\d{3})(\d{3})$/.exec(digits)
  return m ? `+34 ${m[1]} ${m[2]} ${m[3]}` : `+${digits}`
}

/** The logo's monogram: the initials of the trade name's first two words ("Paneles Torrevieja" → "PT"). */
export function monogramOf(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /^\p{Lu}/u.test(word))
    .slice(0, 2)
    .map((word) => word[0])
    .join('')
}

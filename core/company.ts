/**
 * Company facts shown across the shop (nav, footer, contact page, WhatsApp button, emails).
 * One place, with sensible defaults (docs/product.md#catalog).
 */
export const company = {
  name: 'Paneles Decorativos Torrevieja',
  shortName: 'Paneles Torrevieja',
  legalName: 'Paneles Decorativos Torrevieja S.L.',
  taxId: 'B-03999999',
  address: {
    street: 'Calle Ramón Gallud, 112',
    postalCode: '03181',
    city: 'Torrevieja',
    province: 'Alicante',
    country: 'España',
  },
  email: 'info@panelestorrevieja.es',
  /** Display form of the phone number. */
  phone: '+34 965 70 12 34',
  /** E.164 digits for tel: and wa.me links. */
  phoneDigits: '34965701234',
  whatsappDigits: '34612345678',
  openingHours: { weekdays: '9:00–14:00, 16:30–19:30', saturday: '10:00–13:30' },
  map: {
    latitude: 37.9787,
    longitude: -0.6822,
    zoom: 15,
  },
} as const

export function formatAddressLine(): string {
  const a = company.address
  return `${a.street}, ${a.postalCode} ${a.city} (${a.province})`
}

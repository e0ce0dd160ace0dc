import { unservedPostalCodePrefixes } from './served-zones.ts'

/**
 * Delivery (docs/product.md#delivery): the methods the owner offers and what each costs, one rule
 * for the checkout, the order, the invoice and every text that quotes a price. Prices include IVA,
 * like every price the shop stores (docs/decisions/026); the server always decides them.
 */

/** Showroom pickup in Torrevieja, or home delivery. */
export const deliveryMethods = ['home', 'pickup'] as const
export type DeliveryMethod = (typeof deliveryMethods)[number]

/** The zones home delivery serves, priced apart: the Canary Islands, Ceuta and Melilla are quoted by hand. */
export const deliveryZones = ['peninsula', 'balearics'] as const
export type DeliveryZone = (typeof deliveryZones)[number]

/**
 * The home delivery zone of a Spanish postal code; null when home delivery does not serve it, or it
 * names no province (five digits, a province's prefix from 01 to 52: core/provinces.ts).
 */
export function deliveryZoneOf(postalCode: string): DeliveryZone | null {
  const code = postalCode.trim()
  const province = Number(code.slice(0, 2))
  if (!/^\d{5}$/.test(code) || province < 1 || province > 52 || unservedPostalCodePrefixes.includes(code.slice(0, 2))) return null
  return code.startsWith('07') ? 'balearics' : 'peninsula'
}

/** A band of a rate table: its price applies up to its number of panels (included); null: any larger order. */
export interface DeliveryBand {
  upToPanels: number | null
  priceCents: number
}

/** The rates of one zone for one kind of customer: bands by panels, and an order total from which delivery is free (null: never). */
export interface DeliveryRateTable {
  bands: DeliveryBand[]
  freeFromCents: number | null
}

/** A zone's window in working days, and its rates for retail and for approved wholesale customers. */
export interface DeliveryZoneSettings {
  minDays: number
  maxDays: number
  retail: DeliveryRateTable
  wholesale: DeliveryRateTable
}

/** The owner's delivery settings (admin.delivery; checked by core/delivery-settings.ts): what the checkout offers and charges. */
export interface DeliverySettings {
  /** `readyInDays`: working days until an order paid is ready at the showroom (0: the same day). */
  pickup: { enabled: boolean; readyInDays: number }
  home: Record<DeliveryZone, DeliveryZoneSettings>
}

const free: DeliveryRateTable = { bands: [{ upToPanels: null, priceCents: 0 }], freeFromCents: null }

/**
 * A fresh shop's settings: pickup, and home delivery free everywhere it serves (the shop's
 * "shipping 0" until the owner sets prices), in 3–5 working days in the Peninsula and 4–7 in the
 * Balearic Islands.
 */
export const defaultDeliverySettings: DeliverySettings = {
  pickup: { enabled: true, readyInDays: 1 },
  home: {
    peninsula: { minDays: 3, maxDays: 5, retail: free, wholesale: free },
    balearics: { minDays: 4, maxDays: 7, retail: free, wholesale: free },
  },
}

/** What a home delivery costs for an order of `panels` panels whose lines add up to `subtotalCents`. */
export function homeDeliveryCents(table: DeliveryRateTable, order: { panels: number; subtotalCents: number }): number {
  if (table.freeFromCents !== null && order.subtotalCents >= table.freeFromCents) return 0
  const band = table.bands.find((candidate) => candidate.upToPanels === null || order.panels <= candidate.upToPanels)
  // The schema makes the last band open-ended; a table without one would charge its last band.
  return (band ?? table.bands[table.bands.length - 1]!).priceCents
}

/** A way the order can be delivered, its price and its window in working days. */
export type DeliveryOption =
  | { method: 'home'; zone: DeliveryZone; priceCents: number; minDays: number; maxDays: number }
  | { method: 'pickup'; priceCents: 0; minDays: number; maxDays: number }

/**
 * The methods an order can have, home delivery first (it is preselected): home delivery when the
 * postal code is in a zone it serves, priced for the buyer (`wholesale`: an approved wholesale
 * customer's rates), and pickup when the owner offers it, for any postal code. Each window starts
 * after `leadDays`, the working days its made-to-order panels take (core/availability.ts).
 */
export function deliveryOptions(
  settings: DeliverySettings,
  order: { postalCode: string | null; panels: number; subtotalCents: number; wholesale: boolean; leadDays: number },
): DeliveryOption[] {
  const options: DeliveryOption[] = []
  const zone = order.postalCode === null ? null : deliveryZoneOf(order.postalCode)
  const lead = order.leadDays
  if (zone) {
    const rates = settings.home[zone]
    const table = order.wholesale ? rates.wholesale : rates.retail
    options.push({
      method: 'home',
      zone,
      priceCents: homeDeliveryCents(table, order),
      minDays: rates.minDays + lead,
      maxDays: rates.maxDays + lead,
    })
  }
  if (settings.pickup.enabled) {
    const ready = settings.pickup.readyInDays + lead
    options.push({ method: 'pickup', priceCents: 0, minDays: ready, maxDays: ready })
  }
  return options
}

/** The cheapest home delivery for a kind of customer in any zone, before any free-delivery threshold ("Entrega desde X €"). */
export function cheapestHomeDeliveryCents(settings: DeliverySettings, wholesale: boolean): number {
  return Math.min(
    ...deliveryZones.flatMap((zone) => (wholesale ? settings.home[zone].wholesale : settings.home[zone].retail).bands.map((band) => band.priceCents)),
  )
}

/** Whether home delivery costs nothing anywhere for a kind of customer (a fresh shop: "Envío: gratis" before any address). */
export function homeDeliveryAlwaysFree(settings: DeliverySettings, wholesale: boolean): boolean {
  return deliveryZones.every((zone) =>
    (wholesale ? settings.home[zone].wholesale : settings.home[zone].retail).bands.every((band) => band.priceCents === 0),
  )
}

/**
 * What a shop page says of delivery for a kind of customer (docs/product.md#delivery): home
 * delivery's lowest rate, whether it is free everywhere, the widest window over the zones, and
 * whether pickup is offered; with each zone's retail rates for the product pages' structured data.
 */
export function deliverySummary(settings: DeliverySettings, wholesale: boolean) {
  const zones = deliveryZones.map((zone) => settings.home[zone])
  return {
    fromCents: cheapestHomeDeliveryCents(settings, wholesale),
    free: homeDeliveryAlwaysFree(settings, wholesale),
    minDays: Math.min(...zones.map((zone) => zone.minDays)),
    maxDays: Math.max(...zones.map((zone) => zone.maxDays)),
    pickup: settings.pickup.enabled ? { readyInDays: settings.pickup.readyInDays } : null,
    retail: Object.fromEntries(
      deliveryZones.map((zone) => [
        zone,
        { minDays: settings.home[zone].minDays, maxDays: settings.home[zone].maxDays, rates: settings.home[zone].retail },
      ]),
    ) as Record<DeliveryZone, { minDays: number; maxDays: number; rates: DeliveryRateTable }>,
  }
}
export type DeliverySummary = ReturnType<typeof deliverySummary>

/** The names of the methods and zones, in the reader's language. */
export const deliveryMethodLabels = {
  home: /*i18n*/ { id: 'delivery.method.home', message: 'Home delivery' },
  pickup: /*i18n*/ { id: 'delivery.method.pickup', message: 'Showroom pickup (Torrevieja)' },
} as const satisfies Record<DeliveryMethod, { id: string; message: string }>

export const deliveryZoneLabels = {
  peninsula: /*i18n*/ { id: 'delivery.zone.peninsula', message: 'Peninsula' },
  balearics: /*i18n*/ { id: 'delivery.zone.balearics', message: 'Balearic Islands' },
} as const satisfies Record<DeliveryZone, { id: string; message: string }>

/** An invoice's and a payment page's line for the delivery: "Envío a domicilio (Península)". */
export const deliveryLineLabel = /*i18n*/ { id: 'delivery.line', message: 'Home delivery ({zone})' }

const windowMessages = {
  range: /*i18n*/ { id: 'delivery.window.range', message: '{min}–{max} working days' },
  days: /*i18n*/ { id: 'delivery.window.days', message: '{days, plural, one {# working day} other {# working days}}' },
  ready: /*i18n*/ {
    id: 'delivery.window.ready',
    message:
      '{days, plural, =0 {Ready the same working day it is paid} one {Ready # working day after it is paid} other {Ready # working days after it is paid}}',
  },
} as const

/**
 * The window a method promises, as a message and its values for the reader's catalog: "3–5 días
 * laborables" for home delivery, "Lista 1 día laborable después del pago" for pickup.
 */
export function deliveryWindow(delivery: { method: DeliveryMethod; minDays: number; maxDays: number }) {
  if (delivery.method === 'pickup') return { message: windowMessages.ready, values: { days: delivery.maxDays } }
  return delivery.minDays === delivery.maxDays
    ? { message: windowMessages.days, values: { days: delivery.maxDays } }
    : { message: windowMessages.range, values: { min: delivery.minDays, max: delivery.maxDays } }
}

import { describe, expect, it } from 'vitest'
import {
  cheapestHomeDeliveryCents,
  defaultDeliverySettings,
  deliveryOptions,
  deliveryZoneOf,
  homeDeliveryCents,
  type DeliverySettings,
} from './delivery.ts'
import { deliverySettingsSchema } from './delivery-settings.ts'
import { messages } from './messages.ts'

// docs/product.md#delivery: the owner's rates decide what delivery costs, by zone, order size,
// threshold and kind of customer; pickup is free and serves any postal code.

const priced: DeliverySettings = {
  pickup: { enabled: true, readyInDays: 2 },
  home: {
    peninsula: {
      minDays: 3,
      maxDays: 5,
      retail: {
        bands: [
          { upToPanels: 10, priceCents: 2_500 },
          { upToPanels: null, priceCents: 8_900 },
        ],
        freeFromCents: 150_000,
      },
      wholesale: { bands: [{ upToPanels: null, priceCents: 4_000 }], freeFromCents: null },
    },
    balearics: {
      minDays: 5,
      maxDays: 8,
      retail: {
        bands: [
          { upToPanels: 10, priceCents: 4_500 },
          { upToPanels: null, priceCents: 14_900 },
        ],
        freeFromCents: null,
      },
      wholesale: { bands: [{ upToPanels: null, priceCents: 9_000 }], freeFromCents: null },
    },
  },
}

describe('the zone of a postal code', () => {
  it.each([
    ['46001', 'peninsula'],
    ['28013', 'peninsula'],
    ['03181', 'peninsula'],
    ['07001', 'balearics'],
    ['07800', 'balearics'],
    ['35001', null],
    ['38001', null],
    ['51001', null],
    ['52001', null],
    ['99001', null],
  ] as const)('%s → %s', (postalCode, zone) => {
    expect(deliveryZoneOf(postalCode)).toBe(zone)
  })
})

describe('what home delivery costs', () => {
  const retail = priced.home.peninsula.retail
  it('by the band the order’s panels fall in, the limit included', () => {
    expect(homeDeliveryCents(retail, { panels: 1, subtotalCents: 8_000 })).toBe(2_500)
    expect(homeDeliveryCents(retail, { panels: 10, subtotalCents: 80_000 })).toBe(2_500)
    expect(homeDeliveryCents(retail, { panels: 11, subtotalCents: 88_000 })).toBe(8_900)
  })
  it('nothing from the free-delivery threshold on (IVA included), whatever the size', () => {
    expect(homeDeliveryCents(retail, { panels: 30, subtotalCents: 149_999 })).toBe(8_900)
    expect(homeDeliveryCents(retail, { panels: 30, subtotalCents: 150_000 })).toBe(0)
  })
})

describe('the methods an order can have', () => {
  it('home delivery priced for the zone and the kind of customer, then pickup, free', () => {
    expect(deliveryOptions(priced, { postalCode: '46001', panels: 4, subtotalCents: 32_000, wholesale: false, leadDays: 0 })).toEqual([
      { method: 'home', zone: 'peninsula', priceCents: 2_500, minDays: 3, maxDays: 5 },
      { method: 'pickup', priceCents: 0, minDays: 2, maxDays: 2 },
    ])
    expect(deliveryOptions(priced, { postalCode: '07001', panels: 4, subtotalCents: 32_000, wholesale: true, leadDays: 0 })[0]).toEqual({
      method: 'home',
      zone: 'balearics',
      priceCents: 9_000,
      minDays: 5,
      maxDays: 8,
    })
    // The retail threshold is not the wholesale one.
    expect(deliveryOptions(priced, { postalCode: '46001', panels: 40, subtotalCents: 200_000, wholesale: true, leadDays: 0 })[0]).toMatchObject({
      priceCents: 4_000,
    })
  })

  it('starts every window after the working days a made-to-order panel takes', () => {
    expect(deliveryOptions(priced, { postalCode: '46001', panels: 4, subtotalCents: 32_000, wholesale: false, leadDays: 10 })).toEqual([
      { method: 'home', zone: 'peninsula', priceCents: 2_500, minDays: 13, maxDays: 15 },
      { method: 'pickup', priceCents: 0, minDays: 12, maxDays: 12 },
    ])
  })

  it('only pickup for the Canary Islands, Ceuta, Melilla or no postal code yet; nothing when pickup is off too', () => {
    for (const postalCode of ['35001', '51001', null]) {
      expect(
        deliveryOptions(priced, { postalCode, panels: 1, subtotalCents: 8_000, wholesale: false, leadDays: 0 }).map((option) => option.method),
      ).toEqual(['pickup'])
    }
    const noPickup = { ...priced, pickup: { enabled: false, readyInDays: 1 } }
    expect(deliveryOptions(noPickup, { postalCode: '38001', panels: 1, subtotalCents: 8_000, wholesale: false, leadDays: 0 })).toEqual([])
  })

  it('a fresh shop: pickup, and home delivery free everywhere it serves', () => {
    expect(
      deliveryOptions(defaultDeliverySettings, { postalCode: '07001', panels: 500, subtotalCents: 4_000_000, wholesale: false, leadDays: 0 }),
    ).toEqual([
      { method: 'home', zone: 'balearics', priceCents: 0, minDays: 4, maxDays: 7 },
      { method: 'pickup', priceCents: 0, minDays: 1, maxDays: 1 },
    ])
  })

  it('“from” quotes the cheapest band of any zone for the kind of customer', () => {
    expect(cheapestHomeDeliveryCents(priced, false)).toBe(2_500)
    expect(cheapestHomeDeliveryCents(priced, true)).toBe(4_000)
    expect(cheapestHomeDeliveryCents(defaultDeliverySettings, false)).toBe(0)
  })
})

describe('the settings the owner saves', () => {
  const issues = (settings: unknown) => {
    const parsed = deliverySettingsSchema.safeParse(settings)
    return parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])
  }
  const withPeninsula = (patch: Partial<DeliverySettings['home']['peninsula']>) => ({
    ...priced,
    home: { ...priced.home, peninsula: { ...priced.home.peninsula, ...patch } },
  })

  it('accepts the defaults and a priced table', () => {
    expect(issues(defaultDeliverySettings)).toEqual([])
    expect(issues(priced)).toEqual([])
  })

  it('refuses bands that do not grow, a last band with a limit, or none', () => {
    const bands = (list: Array<{ upToPanels: number | null; priceCents: number }>) => withPeninsula({ retail: { bands: list, freeFromCents: null } })
    const invalid = messages.deliveryBandsInvalid.id
    expect(
      issues(
        bands([
          { upToPanels: 10, priceCents: 1 },
          { upToPanels: 10, priceCents: 2 },
          { upToPanels: null, priceCents: 3 },
        ]),
      ),
    ).toEqual([['home.peninsula.retail.bands', invalid]])
    expect(issues(bands([{ upToPanels: 10, priceCents: 1 }]))).toEqual([['home.peninsula.retail.bands', invalid]])
    expect(issues(bands([]))).toEqual([['home.peninsula.retail.bands', invalid]])
  })

  it('refuses negative or fractional amounts and a window that ends before it starts', () => {
    expect(issues(withPeninsula({ retail: { bands: [{ upToPanels: null, priceCents: -1 }], freeFromCents: null } }))).toEqual([
      ['home.peninsula.retail.bands.0.priceCents', messages.deliveryAmountInvalid.id],
    ])
    expect(issues(withPeninsula({ retail: { bands: [{ upToPanels: null, priceCents: 1 }], freeFromCents: 10.5 } }))).toEqual([
      ['home.peninsula.retail.freeFromCents', messages.deliveryAmountInvalid.id],
    ])
    expect(issues(withPeninsula({ minDays: 6, maxDays: 5 }))).toEqual([['home.peninsula.maxDays', messages.deliveryDaysInvalid.id]])
    expect(issues(withPeninsula({ minDays: 0, maxDays: 5 }))).toEqual([['home.peninsula.minDays', messages.deliveryDaysInvalid.id]])
  })
})

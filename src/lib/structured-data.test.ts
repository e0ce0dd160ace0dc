import { describe, expect, it } from 'vitest'
import { sampleCompany } from '../../core/company.ts'
import { localizedUrl } from '../../core/language-urls.ts'
import type { Language } from '../../core/language.ts'
import { isUnservedPostalCode, provinces } from '../../core/provinces.ts'
import { servedCountries } from '../../core/shipping.ts'
import { defaultDeliverySettings, deliverySummary } from '../../core/delivery.ts'

const freeZones = deliverySummary(defaultDeliverySettings, false).retail
import {
  breadcrumbList,
  collectionPage,
  companyNodes,
  openingHoursSpecification,
  productNode,
  shippingDetails,
  timeRanges,
  type PageLinks,
} from './structured-data.ts'

const base = 'https://shop.example'
const pageAt = (path: string, language: Language): PageLinks => ({
  language,
  canonical: localizedUrl(base, path, language),
  urlOf: (other) => localizedUrl(base, other, language),
  image: { url: `${base}/assets/x.webp`, alt: 'x' },
})

describe('opening hours', () => {
  it('reads the ranges the contact page shows, whatever the dash and with or without minutes', () => {
    expect(timeRanges('9:00–14:00, 16:30–19:30')).toEqual([
      { opens: '09:00', closes: '14:00' },
      { opens: '16:30', closes: '19:30' },
    ])
    expect(timeRanges('10:00 - 13:30')).toEqual([{ opens: '10:00', closes: '13:30' }])
    expect(timeRanges('8.30—15')).toEqual([{ opens: '08:30', closes: '15:00' }])
    expect(timeRanges('9–14 y 17–20')).toEqual([
      { opens: '09:00', closes: '14:00' },
      { opens: '17:00', closes: '20:00' },
    ])
  })

  it('finds no range in a closed day or in text that is no time', () => {
    expect(timeRanges('Cerrado')).toEqual([])
    expect(timeRanges('')).toEqual([])
    expect(timeRanges('25:00–26:00')).toEqual([])
    expect(timeRanges('2024–2025')).toEqual([])
  })

  it('gives one OpeningHoursSpecification per day group and range: Monday to Friday, and Saturday', () => {
    const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']
    expect(openingHoursSpecification(sampleCompany.openingHours)).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: weekdays, opens: '09:00', closes: '14:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: weekdays, opens: '16:30', closes: '19:30' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '10:00', closes: '13:30' },
    ])
    expect(openingHoursSpecification({ weekdays: '8:00–15:00', saturday: 'Cerrado' })).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: weekdays, opens: '08:00', closes: '15:00' },
    ])
  })
})

describe('the company', () => {
  it('names the company and its showroom with address, phone, map position and hours, at English URLs on an English page', () => {
    const [organization, showroom] = companyNodes(sampleCompany, pageAt('/about', 'en'))
    expect(organization).toMatchObject({ '@type': 'Organization', name: sampleCompany.name, url: `${base}/en/`, telephone: '+34965701234' })
    expect(showroom).toMatchObject({
      '@type': 'LocalBusiness',
      url: `${base}/en/contact`,
      address: { streetAddress: 'Calle Ramón Gallud, 112', postalCode: '03181', addressLocality: 'Torrevieja', addressCountry: 'ES' },
      geo: { '@type': 'GeoCoordinates', latitude: 37.9787, longitude: -0.6822 },
      parentOrganization: { '@id': organization!['@id'] },
    })
    expect(showroom!.openingHoursSpecification).toHaveLength(3)
  })
})

describe('catalog pages', () => {
  it('numbers the breadcrumb and the category’s products from 1, each at its canonical URL in the page’s language', () => {
    const page = pageAt('/category/marmol', 'en')
    const trail = breadcrumbList(page, [
      { name: 'Home', path: '/' },
      { name: 'Marble', path: '/category/marmol' },
    ])
    expect(trail.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${base}/en/` },
      { '@type': 'ListItem', position: 2, name: 'Marble', item: page.canonical },
    ])
    const collection = collectionPage(page, {
      name: 'Marble',
      description: 'd',
      items: [
        { name: 'A', path: '/product/a' },
        { name: 'B', path: '/product/b' },
      ],
    })
    expect(collection).toMatchObject({ '@type': 'CollectionPage', url: page.canonical, inLanguage: 'en' })
    expect(collection.mainEntity).toEqual({
      '@type': 'ItemList',
      numberOfItems: 2,
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'A', url: `${base}/en/product/a` },
        { '@type': 'ListItem', position: 2, name: 'B', url: `${base}/en/product/b` },
      ],
    })
  })
})

describe('a product’s offer', () => {
  const facts = {
    slug: 'a',
    name: 'A',
    description: 'd',
    categoryName: 'Marble',
    priceCents: 8000,
    widthCm: 122,
    heightCm: 300,
    weightKg: null,
    leadTimeDays: null,
  }

  it('is made to order when the owner says so, its working days the handling time of every delivery', () => {
    const product = productNode(pageAt('/product/a', 'es'), { ...facts, leadTimeDays: 10 }, sampleCompany, freeZones)
    const offers = product.offers as { availability: string; shippingDetails: { deliveryTime?: Record<string, unknown> }[] }
    expect(offers.availability).toBe('https://schema.org/MadeToOrder')
    const served = offers.shippingDetails.filter((details) => details.deliveryTime)
    expect(served.length).toBeGreaterThan(0)
    for (const details of served) {
      expect(details.deliveryTime).toMatchObject({ handlingTime: { minValue: 10, maxValue: 10, unitCode: 'DAY' } })
    }
    const inStock = productNode(pageAt('/product/a', 'es'), facts, sampleCompany, freeZones).offers as typeof offers
    expect(inStock.availability).toBe('https://schema.org/InStock')
    expect(inStock.shippingDetails.every((details) => !details.deliveryTime || !('handlingTime' in details.deliveryTime))).toBe(true)
  })

  it('is at the page’s canonical URL, with the retail price and the 14-day return policy of /returns in the page’s language', () => {
    const page = pageAt('/product/a', 'es')
    const product = productNode(page, facts, sampleCompany, freeZones)
    expect(product).toMatchObject({
      url: `${base}/product/a`,
      category: 'Marble',
      offers: { url: `${base}/product/a`, price: '80.00', priceCurrency: 'EUR' },
    })
    expect(product).not.toHaveProperty('weight')
    expect((product.offers as Record<string, unknown>).hasMerchantReturnPolicy).toMatchObject({
      merchantReturnDays: 14,
      returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
      merchantReturnLink: `${base}/returns`,
    })
  })

  it('delivers one panel to each zone at the owner’s retail rate and window, and to no province checkout does not serve', () => {
    const prefixes = Object.keys(provinces).sort()
    const served = prefixes.filter((prefix) => !isUnservedPostalCode(`${prefix}001`))
    const unserved = prefixes.filter((prefix) => isUnservedPostalCode(`${prefix}001`))
    expect(unserved).toEqual(['35', '38', '51', '52'])
    expect(servedCountries).toHaveLength(1)
    const [country] = servedCountries
    const region = (postalCodePrefix: string[]) => ({ '@type': 'DefinedRegion', addressCountry: country, postalCodePrefix })
    const window = (minValue: number, maxValue: number) => ({
      '@type': 'ShippingDeliveryTime',
      transitTime: { '@type': 'QuantitativeValue', minValue, maxValue, unitCode: 'DAY' },
    })
    const zones = deliverySummary(
      {
        ...defaultDeliverySettings,
        home: {
          peninsula: {
            ...defaultDeliverySettings.home.peninsula,
            retail: {
              bands: [
                { upToPanels: 10, priceCents: 2_500 },
                { upToPanels: null, priceCents: 8_900 },
              ],
              freeFromCents: 15_000,
            },
          },
          balearics: { ...defaultDeliverySettings.home.balearics, retail: { bands: [{ upToPanels: null, priceCents: 4_550 }], freeFromCents: null } },
        },
      },
      false,
    ).retail
    expect(shippingDetails(zones, 8_000)).toEqual([
      {
        '@type': 'OfferShippingDetails',
        shippingRate: { '@type': 'MonetaryAmount', value: '25.00', currency: 'EUR' },
        shippingDestination: region(served.filter((prefix) => prefix !== '07')),
        deliveryTime: window(3, 5),
      },
      {
        '@type': 'OfferShippingDetails',
        shippingRate: { '@type': 'MonetaryAmount', value: '45.50', currency: 'EUR' },
        shippingDestination: region(['07']),
        deliveryTime: window(4, 7),
      },
      { '@type': 'OfferShippingDetails', doesNotShip: true, shippingDestination: region(unserved) },
    ])
    // A panel priced above the free-delivery threshold travels free.
    expect(shippingDetails(zones, 16_000)[0]).toMatchObject({ shippingRate: { value: '0.00' } })
  })
})

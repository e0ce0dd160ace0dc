import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Company } from '../../core/company.ts'
import type { Language } from '../../core/language.ts'
import { unservedPostalCodePrefixes } from '../../core/served-zones.ts'
import { deliveryZoneOf, deliveryZones, homeDeliveryCents, type DeliverySummary, type DeliveryZone } from '../../core/delivery.ts'

/**
 * The shop's schema.org data for search engines, as plain functions of the page's facts (docs/product.md#language).
 * Every value is in the page's language and every URL is a canonical one in that language: builders
 * receive the page's `PageLinks` from pageHead (lib/seo.ts), which emits each node as JSON-LD.
 */

/** A schema.org node without its `@context` (pageHead adds it). */
export type JsonLdNode = { '@type': string } & Record<string, unknown>

/** What a page knows of itself when its structured data is built. */
export interface PageLinks {
  language: Language
  /** This page's canonical URL. */
  canonical: string
  /** The canonical URL of a route path (`/shop`, `/product/x`) in the page's language. */
  urlOf: (path: string) => string
  /** The page's picture as its social tags name it (absolute URL). */
  image?: { url: string; alt: string }
}

// The company is Spanish (server/company-env.ts fixes its country) and the shop delivers in Spain only
// (core/shipping.ts servedCountries, held by the unit test): ISO 3166-1, the form search engines read.
const spain = 'ES'

/** The days of the right of withdrawal the /returns page promises (src/content/legal/ReturnsContent.tsx). */
export const merchantReturnDays = 14

// ─── Opening hours ──────────────────────────────────────────────────────────

/** "9:00–14:00" or "9–14": hours and optional minutes, any dash; not inside a longer number. */
const timeRangePattern = /(?<!\d)(\d{1,2})(?:[:.](\d{2}))?\s*[-–—]\s*(\d{1,2})(?:[:.](\d{2}))?(?!\d)/g

function clockTime(hours: string, minutes = '00'): string | null {
  const h = Number(hours)
  const m = Number(minutes)
  if (h > 24 || m > 59 || (h === 24 && m > 0)) return null
  return `${String(h).padStart(2, '0')}:${minutes}`
}

/** The time ranges a written opening time holds: '9:00–14:00, 16:30–19:30' → 09:00–14:00 and 16:30–19:30. */
export function timeRanges(text: string): { opens: string; closes: string }[] {
  return [...text.matchAll(timeRangePattern)].flatMap(([, fromHours, fromMinutes, toHours, toMinutes]) => {
    const opens = clockTime(fromHours!, fromMinutes)
    const closes = clockTime(toHours!, toMinutes)
    return opens && closes ? [{ opens, closes }] : []
  })
}

const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']

/**
 * The showroom's hours (weekdays Monday to Friday, and Saturday, as the contact page shows them) as
 * schema.org OpeningHoursSpecification, one per day group and time range. Text that holds no time
 * range (a closed day) gives none: search engines then read the day as closed.
 */
export function openingHoursSpecification(hours: Company['openingHours']): JsonLdNode[] {
  const groups: [string[], string][] = [
    [weekdays, hours.weekdays],
    [['Saturday'], hours.saturday],
  ]
  return groups.flatMap(([dayOfWeek, text]) => timeRanges(text).map((range) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek, ...range })))
}

// ─── The company ────────────────────────────────────────────────────────────

function postalAddress(company: Company): JsonLdNode {
  const a = company.address
  return {
    '@type': 'PostalAddress',
    streetAddress: a.street,
    postalCode: a.postalCode,
    addressLocality: a.city,
    addressRegion: a.province,
    addressCountry: spain,
  }
}

/** The company (Organization) and its showroom (LocalBusiness): address, phone, map position and hours. */
export function companyNodes(company: Company, page: PageLinks): JsonLdNode[] {
  const home = page.urlOf('/')
  const contact = page.urlOf('/contact')
  const telephone = `+${company.phoneDigits}`
  const organizationId = `${home}#organization`
  return [
    {
      '@type': 'Organization',
      '@id': organizationId,
      name: company.name,
      legalName: company.legalName,
      url: home,
      email: company.email,
      telephone,
      taxID: company.taxId,
      address: postalAddress(company),
    },
    {
      '@type': 'LocalBusiness',
      '@id': `${contact}#showroom`,
      name: company.name,
      url: contact,
      ...(page.image ? { image: page.image.url } : {}),
      email: company.email,
      telephone,
      address: postalAddress(company),
      geo: { '@type': 'GeoCoordinates', latitude: company.map.latitude, longitude: company.map.longitude },
      openingHoursSpecification: openingHoursSpecification(company.openingHours),
      parentOrganization: { '@id': organizationId },
    },
  ]
}

// ─── Navigation and lists ───────────────────────────────────────────────────

export interface Crumb {
  /** The page's name in the page's language. */
  name: string
  /** The route path (`/shop`); its URL is the canonical one in the page's language. */
  path: string
}

/** The start of every catalog page's trail: the home, then the shop. */
export function shopCrumbs(i18n: I18n): Crumb[] {
  return [
    { name: i18n._(msg`Home`), path: '/' },
    { name: i18n._(msg`Shop`), path: '/shop' },
  ]
}

/** The trail from the home to this page (the last crumb), each crumb at its canonical URL. */
export function breadcrumbList(page: PageLinks, crumbs: readonly Crumb[]): JsonLdNode {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: page.urlOf(crumb.path) })),
  }
}

/** A category page: a CollectionPage whose main entity is the list of its products, in the page's order. */
export function collectionPage(page: PageLinks, collection: { name: string; description: string; items: readonly Crumb[] }): JsonLdNode {
  return {
    '@type': 'CollectionPage',
    '@id': page.canonical,
    url: page.canonical,
    name: collection.name,
    description: collection.description,
    inLanguage: page.language,
    ...(page.image ? { image: page.image.url } : {}),
    mainEntity: {
      '@type': 'ItemList',
      numberOfItems: collection.items.length,
      itemListElement: collection.items.map((item, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: item.name,
        url: page.urlOf(item.path),
      })),
    },
  }
}

// ─── Products ───────────────────────────────────────────────────────────────

/** A product's facts in the page's language. */
export interface ProductFacts {
  slug: string
  name: string
  description: string
  categoryName: string
  /** The public (retail) price, VAT included. */
  priceCents: number
  widthCm: number
  heightCm: number
  weightKg: number | null
  /** Made to order in this many working days (core/availability.ts); null: in stock. */
  leadTimeDays: number | null
}

/** Provinces 01 to 52 that home delivery serves, by zone (core/delivery.ts), and those it does not. */
const prefixesOf = (zone: DeliveryZone) =>
  Array.from({ length: 52 }, (_, index) => String(index + 1).padStart(2, '0')).filter((prefix) => deliveryZoneOf(`${prefix}001`) === zone)

/**
 * Delivery of one panel at `priceCents` to each zone at the owner's retail rates, with its window in
 * working days; none online to the provinces home delivery does not serve (docs/product.md#delivery).
 */
export function shippingDetails(zones: DeliverySummary['retail'], priceCents: number, leadTimeDays: number | null = null): JsonLdNode[] {
  const region = (postalCodePrefix: readonly string[]) => ({ '@type': 'DefinedRegion', addressCountry: spain, postalCodePrefix })
  const days = (minValue: number, maxValue: number) => ({ '@type': 'QuantitativeValue', minValue, maxValue, unitCode: 'DAY' })
  return [
    ...deliveryZones.map((zone) => ({
      '@type': 'OfferShippingDetails',
      shippingRate: {
        '@type': 'MonetaryAmount',
        value: (homeDeliveryCents(zones[zone].rates, { panels: 1, subtotalCents: priceCents }) / 100).toFixed(2),
        currency: 'EUR',
      },
      shippingDestination: region(prefixesOf(zone)),
      deliveryTime: {
        '@type': 'ShippingDeliveryTime',
        // A made-to-order panel is made before it leaves: its working days are the handling time.
        ...(leadTimeDays === null ? {} : { handlingTime: days(leadTimeDays, leadTimeDays) }),
        transitTime: days(zones[zone].minDays, zones[zone].maxDays),
      },
    })),
    { '@type': 'OfferShippingDetails', doesNotShip: true, shippingDestination: region(unservedPostalCodePrefixes) },
  ]
}

/**
 * The /returns page's policy: 14 days from delivery, sent back by carrier at the customer's cost
 * (free when the goods are defective, which is the guarantee, not a return).
 */
export function merchantReturnPolicy(page: PageLinks): JsonLdNode {
  return {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: spain,
    returnPolicyCountry: spain,
    returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
    merchantReturnDays,
    returnMethod: 'https://schema.org/ReturnByMail',
    returnFees: 'https://schema.org/ReturnFeesCustomerResponsibility',
    merchantReturnLink: page.urlOf('/returns'),
  }
}

/** A product page's Product with its public offer (retail price in EUR, delivery at the retail rates, and returns). */
export function productNode(page: PageLinks, product: ProductFacts, company: Company, delivery: DeliverySummary['retail']): JsonLdNode {
  return {
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: product.slug,
    ...(page.image ? { image: page.image.url } : {}),
    url: page.canonical,
    brand: { '@type': 'Brand', name: company.name },
    category: product.categoryName,
    width: { '@type': 'QuantitativeValue', value: product.widthCm, unitCode: 'CMT' },
    height: { '@type': 'QuantitativeValue', value: product.heightCm, unitCode: 'CMT' },
    ...(product.weightKg === null ? {} : { weight: { '@type': 'QuantitativeValue', value: product.weightKg, unitCode: 'KGM' } }),
    offers: {
      '@type': 'Offer',
      url: page.canonical,
      priceCurrency: 'EUR',
      price: (product.priceCents / 100).toFixed(2),
      availability: product.leadTimeDays === null ? 'https://schema.org/InStock' : 'https://schema.org/MadeToOrder',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: company.legalName },
      shippingDetails: shippingDetails(delivery, product.priceCents, product.leadTimeDays),
      hasMerchantReturnPolicy: merchantReturnPolicy(page),
    },
  }
}

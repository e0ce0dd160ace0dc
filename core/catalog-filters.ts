import { attributeNames, isAttributeValue, productAttributes, type AttributeName, type AttributeValue } from './product-attributes.ts'

// The shop's filters and sort (docs/product.md#filters): one rule for the pages, which read them
// from the URL (a GET form and links, so they work without JavaScript), and for the procedure that
// applies them (core/catalog-filters-input.ts). No zod here: this runs in every catalog page.

export const catalogSorts = ['featured', 'price-asc', 'price-desc', 'newest'] as const
export type CatalogSort = (typeof catalogSorts)[number]

/** Whole euros: the price fields take no cents (a shopper says "under 100 €"). */
export const priceFilterMaxEuros = 10_000

/** Attribute filters: within one attribute any value (marble or wood), across attributes all (marble and gloss). */
export type AttributeFilters = { [A in AttributeName]: AttributeValue<A>[] }

export interface CatalogFilters extends AttributeFilters {
  /** The lowest and highest unit price, in whole euros, for the viewer's prices (retail or wholesale). */
  minEuros: number | null
  maxEuros: number | null
  sort: CatalogSort
}

export const noCatalogFilters: CatalogFilters = {
  look: [],
  colour: [],
  finish: [],
  texture: [],
  minEuros: null,
  maxEuros: null,
  sort: 'featured',
}

/** The filters as the URL spells them: `?look=marble&finish=gloss&max=100&sort=price-asc` (a value per repeated key). */
export interface CatalogFilterSearch {
  look?: string[]
  colour?: string[]
  finish?: string[]
  texture?: string[]
  min?: number
  max?: number
  sort?: Exclude<CatalogSort, 'featured'>
}

const listOf = (raw: unknown): unknown[] => (Array.isArray(raw) ? raw : raw === undefined || raw === null || raw === '' ? [] : [raw])

function valuesOf<A extends AttributeName>(name: A, raw: unknown): AttributeValue<A>[] {
  const values = new Set<AttributeValue<A>>()
  for (const item of listOf(raw)) if (isAttributeValue(name, item)) values.add(item)
  // In the vocabulary's order, so that one choice has one address (and one cache entry).
  return productAttributes[name].filter((value): value is AttributeValue<A> => values.has(value as AttributeValue<A>))
}

function euros(raw: unknown): number | null {
  // A GET form sends "100"; the router has made it a number already; an empty field sends "".
  const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw.trim().replace(',', '.')) : raw
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return null
  return Math.min(Math.floor(value), priceFilterMaxEuros)
}

/**
 * Whatever the URL holds, as filters: unknown values and keys are dropped (a filter link from an
 * older page still opens the shop), a price range typed upside down is turned round.
 */
export function parseCatalogFilters(search: Record<string, unknown>): CatalogFilters {
  let minEuros = euros(search.min)
  let maxEuros = euros(search.max)
  if (minEuros !== null && maxEuros !== null && minEuros > maxEuros) [minEuros, maxEuros] = [maxEuros, minEuros]
  if (minEuros === 0) minEuros = null
  const sort = catalogSorts.find((known) => known === search.sort) ?? 'featured'
  return {
    look: valuesOf('look', search.look),
    colour: valuesOf('colour', search.colour),
    finish: valuesOf('finish', search.finish),
    texture: valuesOf('texture', search.texture),
    minEuros,
    maxEuros,
    sort,
  }
}

/** The filters as URL search values, leaving out what is not chosen (the shop's plain address has none). */
export function catalogFilterSearch(filters: CatalogFilters): CatalogFilterSearch {
  // The form's order (sort, then the filters): what a GET form sends is mostly already the address.
  const search: CatalogFilterSearch = filters.sort === 'featured' ? {} : { sort: filters.sort }
  for (const name of attributeNames) if (filters[name].length > 0) search[name] = [...filters[name]]
  if (filters.minEuros !== null) search.min = filters.minEuros
  if (filters.maxEuros !== null) search.max = filters.maxEuros
  return search
}

/** What the list's procedure (`catalog.browse`) is asked for a page's category and filters. */
export function browseInput(categorySlug: string | undefined, filters: CatalogFilters) {
  return { ...(categorySlug ? { categorySlug } : {}), ...filters }
}

/** How many filters narrow the list (the sort does not): the toolbar's "Filters (2)". */
export function activeFilterCount(filters: CatalogFilters): number {
  const attributes = attributeNames.reduce((sum, name) => sum + filters[name].length, 0)
  return attributes + (filters.minEuros !== null || filters.maxEuros !== null ? 1 : 0)
}

/** Counts per value of each attribute for the list's other filters, and the price range they leave. */
export interface CatalogFacets {
  attributes: { [A in AttributeName]: { value: AttributeValue<A>; count: number }[] }
  /** The lowest and highest unit price (cents) among the products the other filters leave; null: none. */
  priceCents: { min: number; max: number } | null
}

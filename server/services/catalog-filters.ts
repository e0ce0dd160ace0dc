import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm'
import { categories, products } from '../db/schema/index.ts'
import type { CatalogFilters, CatalogSort } from '../../core/catalog-filters.ts'
import { attributeNames, productAttributes, type AttributeName } from '../../core/product-attributes.ts'

// The shop's filters and sort as SQL (docs/product.md#filters), over products already on sale. The
// price is the one the viewer pays (server/services/pricing.ts `pricesFor`), in whole euros.

export type PriceKind = 'retail' | 'wholesale'

export const unitPriceColumn = (prices: PriceKind) => (prices === 'wholesale' ? products.priceWholesaleCents : products.priceRetailCents)

/** What the filters other than `except` ask of a product (each facet counts as if its own choice were not made). */
export function filterConditions(filters: CatalogFilters, prices: PriceKind, except?: AttributeName | 'price'): SQL[] {
  const conditions: SQL[] = []
  for (const name of attributeNames) {
    const chosen = filters[name]
    if (name !== except && chosen.length > 0) conditions.push(inArray(products[name], chosen))
  }
  if (except !== 'price') {
    const price = unitPriceColumn(prices)
    if (filters.minEuros !== null) conditions.push(gte(price, filters.minEuros * 100))
    if (filters.maxEuros !== null) conditions.push(lte(price, filters.maxEuros * 100))
  }
  return conditions
}

const all = (conditions: SQL[]): SQL => (conditions.length === 0 ? sql`true` : (and(...conditions) ?? sql`true`))

/**
 * The facets' figures in one pass over `base` (the products on sale in the list's category): for
 * each value of each attribute, how many products it would show with the other filters kept; and the
 * price range the other filters leave (keys `look:marble`, …, `price:min`, `price:max`).
 */
export function facetColumns(filters: CatalogFilters, prices: PriceKind): Record<string, SQL.Aliased<number | null>> {
  const price = unitPriceColumn(prices)
  const counts: Record<string, SQL.Aliased<number | null>> = {}
  for (const name of attributeNames) {
    const others = all(filterConditions(filters, prices, name))
    for (const value of productAttributes[name]) {
      counts[`${name}:${value}`] = sql<number>`cast(count(*) filter (where ${products[name]} = ${value} and ${others}) as int)`.as(`${name}_${value}`)
    }
  }
  const priced = all(filterConditions(filters, prices, 'price'))
  counts['price:min'] = sql<number | null>`min(${price}) filter (where ${priced})`.as('min_price')
  counts['price:max'] = sql<number | null>`max(${price}) filter (where ${priced})`.as('max_price')
  return counts
}

/** The list's order: featured first as the shop always had it, or by the viewer's price, or newest first. */
export function sortOrder(sort: CatalogSort, prices: PriceKind): SQL[] {
  const price = unitPriceColumn(prices)
  switch (sort) {
    case 'price-asc':
      return [asc(price), asc(products.nameEs), asc(products.id)]
    case 'price-desc':
      return [desc(price), asc(products.nameEs), asc(products.id)]
    case 'newest':
      return [desc(products.createdAt), asc(products.id)]
    case 'featured':
      return [desc(products.featured), asc(categories.displayOrder), asc(products.priceRetailCents), asc(products.slug)]
  }
}

export const inCategory = (slug: string | undefined) => (slug === undefined ? undefined : eq(categories.slug, slug))

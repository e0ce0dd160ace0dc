import { describe, expect, it } from 'vitest'
import { activeFilterCount, catalogFilterSearch, noCatalogFilters, parseCatalogFilters, priceFilterMaxEuros } from './catalog-filters.ts'
import { chosenAttributes, facetOptions, toggleAttribute } from './catalog-filter-choices.ts'

describe('the shop filters in the URL', () => {
  it('reads what a GET form sends and what the router parsed, one way each', () => {
    // A form sends text, repeated keys become a list; the router turns "100" into 100.
    const fromForm = parseCatalogFilters({ look: ['wood', 'marble', 'marble'], finish: 'gloss', min: '', max: '100', sort: 'price-asc' })
    const fromRouter = parseCatalogFilters({ look: ['marble', 'wood'], finish: ['gloss'], max: 100, sort: 'price-asc' })
    expect(fromForm).toEqual(fromRouter)
    expect(fromForm).toEqual({ ...noCatalogFilters, look: ['marble', 'wood'], finish: ['gloss'], maxEuros: 100, sort: 'price-asc' })
  })

  it('drops what it does not know, and turns a price range round', () => {
    expect(parseCatalogFilters({ look: ['velvet'], colour: 'marble', sort: 'cheapest', max: 'abc', min: -5, page: 2 })).toEqual(noCatalogFilters)
    expect(parseCatalogFilters({ min: '90', max: '40' })).toMatchObject({ minEuros: 40, maxEuros: 90 })
    expect(parseCatalogFilters({ min: '0', max: '99,90' })).toMatchObject({ minEuros: null, maxEuros: 99 })
    expect(parseCatalogFilters({ max: 10 ** 9 })).toMatchObject({ maxEuros: priceFilterMaxEuros })
  })

  it('writes only what is chosen, so the plain list has the plain address', () => {
    expect(catalogFilterSearch(noCatalogFilters)).toEqual({})
    const filters = parseCatalogFilters({ colour: ['white'], texture: 'plain', min: 20, sort: 'newest' })
    expect(catalogFilterSearch(filters)).toEqual({ colour: ['white'], texture: ['plain'], min: 20, sort: 'newest' })
    expect(parseCatalogFilters({ ...catalogFilterSearch(filters) })).toEqual(filters)
  })

  it('adds and takes away one value at a time, keeping the rest, and counts what narrows the list', () => {
    const filters = parseCatalogFilters({ look: 'stone', max: 100, sort: 'price-desc' })
    const more = toggleAttribute(filters, { name: 'look', value: 'marble' })
    expect(more.look).toEqual(['marble', 'stone'])
    expect(toggleAttribute(more, { name: 'look', value: 'stone' })).toEqual({ ...filters, look: ['marble'] })
    expect(activeFilterCount(more)).toBe(3)
    expect(activeFilterCount({ ...noCatalogFilters, sort: 'newest' })).toBe(0)
    expect(chosenAttributes(more)).toEqual([
      { name: 'look', value: 'marble' },
      { name: 'look', value: 'stone' },
    ])
  })

  it("pairs each facet's counts with whether the value is chosen", () => {
    const filters = parseCatalogFilters({ finish: 'gloss' })
    const options = facetOptions(
      {
        attributes: {
          look: [{ value: 'marble', count: 4 }],
          colour: [],
          finish: [
            { value: 'gloss', count: 5 },
            { value: 'matte', count: 8 },
          ],
          texture: [],
        },
        priceCents: { min: 8500, max: 11900 },
      },
      filters,
    )
    expect(options.find((facet) => facet.name === 'finish')!.options).toEqual([
      { choice: { name: 'finish', value: 'gloss' }, count: 5, chosen: true },
      { choice: { name: 'finish', value: 'matte' }, count: 8, chosen: false },
    ])
  })
})

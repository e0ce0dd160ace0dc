import type { AttributeFilters, CatalogFacets, CatalogFilters } from './catalog-filters.ts'
import { productAttributes, type AttributeChoice, type AttributeName } from './product-attributes.ts'

// The filter form's choices (src/components/catalog/CatalogFilters.tsx): apart from
// core/catalog-filters.ts, which every page's router reads, so that only the pages with the form
// load them.

/** The chosen values, attribute by attribute: the chips' order. */
export function chosenAttributes(filters: AttributeFilters): AttributeChoice[] {
  return [
    ...filters.look.map((value) => ({ name: 'look', value }) as const),
    ...filters.colour.map((value) => ({ name: 'colour', value }) as const),
    ...filters.finish.map((value) => ({ name: 'finish', value }) as const),
    ...filters.texture.map((value) => ({ name: 'texture', value }) as const),
  ]
}

/** `list` with `value` added or taken away, in the vocabulary's order. */
function toggled<V extends string>(list: readonly V[], value: V, order: readonly V[]): V[] {
  const next = list.includes(value) ? list.filter((v) => v !== value) : [...list, value]
  return order.filter((v) => next.includes(v))
}

/** The same filters with one value added or taken away: a checkbox's change, a chip's link. */
export function toggleAttribute(filters: CatalogFilters, choice: AttributeChoice): CatalogFilters {
  switch (choice.name) {
    case 'look':
      return { ...filters, look: toggled(filters.look, choice.value, productAttributes.look) }
    case 'colour':
      return { ...filters, colour: toggled(filters.colour, choice.value, productAttributes.colour) }
    case 'finish':
      return { ...filters, finish: toggled(filters.finish, choice.value, productAttributes.finish) }
    case 'texture':
      return { ...filters, texture: toggled(filters.texture, choice.value, productAttributes.texture) }
  }
}

/** One checkbox of the filters: the value, how many panels choosing it would show, whether it is chosen. */
export interface FacetOption {
  choice: AttributeChoice
  count: number
  chosen: boolean
}

/** The filters' checkboxes, attribute by attribute, in the vocabularies' order. */
export function facetOptions(facets: CatalogFacets, filters: AttributeFilters): { name: AttributeName; options: FacetOption[] }[] {
  const { look, colour, finish, texture } = facets.attributes
  return [
    { name: 'look', options: look.map(({ value, count }) => ({ choice: { name: 'look', value }, count, chosen: filters.look.includes(value) })) },
    {
      name: 'colour',
      options: colour.map(({ value, count }) => ({ choice: { name: 'colour', value }, count, chosen: filters.colour.includes(value) })),
    },
    {
      name: 'finish',
      options: finish.map(({ value, count }) => ({ choice: { name: 'finish', value }, count, chosen: filters.finish.includes(value) })),
    },
    {
      name: 'texture',
      options: texture.map(({ value, count }) => ({ choice: { name: 'texture', value }, count, chosen: filters.texture.includes(value) })),
    },
  ]
}

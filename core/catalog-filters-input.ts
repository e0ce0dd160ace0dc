import { z } from 'zod'
import { catalogSorts, parseCatalogFilters, priceFilterMaxEuros } from './catalog-filters.ts'
import { slugSchema } from './identifiers.ts'
import { productAttributes } from './product-attributes.ts'

// What the shop's filtered list takes (docs/product.md#filters). Apart from core/catalog-filters.ts,
// whose rules the pages use too: zod stays out of the code every page loads.

const euros = z.number().int().min(0).max(priceFilterMaxEuros).nullable().default(null)

export const catalogBrowseInput = z
  .object({
    categorySlug: slugSchema.optional(),
    look: z.array(z.enum(productAttributes.look)).max(productAttributes.look.length).default([]),
    colour: z.array(z.enum(productAttributes.colour)).max(productAttributes.colour.length).default([]),
    finish: z.array(z.enum(productAttributes.finish)).max(productAttributes.finish.length).default([]),
    texture: z.array(z.enum(productAttributes.texture)).max(productAttributes.texture.length).default([]),
    minEuros: euros,
    maxEuros: euros,
    sort: z.enum(catalogSorts).default('featured'),
  })
  // One choice, one form (values in the vocabulary's order, a price range the right way round):
  // what the list's cache is keyed by.
  .transform(({ categorySlug, minEuros, maxEuros, ...rest }) => ({
    categorySlug,
    filters: parseCatalogFilters({ ...rest, min: minEuros ?? undefined, max: maxEuros ?? undefined }),
  }))

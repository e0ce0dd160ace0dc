import { z } from 'zod'
import { cutQuery, searchLimits } from './search.ts'

// What the search procedure takes (docs/product.md#search). Apart from core/search.ts, whose rules
// the pages use too: zod stays out of the code every page loads.

/** A query from the box or the URL, cut to `searchLimits.query` characters. */
export const searchQuery = z.string().max(2000).transform(cutQuery)

export const searchInput = z.object({
  q: searchQuery,
  page: z.number().int().min(1).max(searchLimits.pages).default(1),
  limit: z.number().int().min(1).max(searchLimits.perPage).default(searchLimits.perPage),
})

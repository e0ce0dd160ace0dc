import { adminPageMax } from '../../../../core/admin-lists.ts'
import { isOrderId } from '../../../lib/url-identifiers.ts'

// The product table's filters live in the URL (/admin/products?q=…&category=…&state=…&page=…), so
// a link or Back brings the same table. Checked without zod: a route's search validator is in its
// page's first download (src/lib/url-identifiers.ts says why).

export type ProductState = 'active' | 'draft' | 'archived' | 'all'
export const productStates: readonly ProductState[] = ['all', 'active', 'draft', 'archived']

export interface ProductsSearch {
  /** Words of a name or the address. */
  q?: string
  /** A category's id. */
  category?: string
  /** Absent: all products, archived ones included. */
  state?: Exclude<ProductState, 'all'>
  page?: number
}

/** admin.products.list's limit on the search text. */
const searchMax = 100

// `isOrderId` is zod's `z.uuid()` check, which admin.products.list applies to a category's id.
const isUuid = isOrderId

const isFilterState = (value: unknown): value is Exclude<ProductState, 'all'> => value === 'active' || value === 'draft' || value === 'archived'

/** The route's `validateSearch`: what the URL says, anything malformed left out. */
export function parseProductsSearch(search: Record<string, unknown>): ProductsSearch {
  const q = typeof search.q === 'string' ? search.q.trim().slice(0, searchMax) : ''
  const page =
    typeof search.page === 'number' && Number.isInteger(search.page) && search.page > 1 && search.page <= adminPageMax ? search.page : undefined
  return {
    ...(q ? { q } : {}),
    ...(isUuid(search.category) ? { category: search.category } : {}),
    ...(isFilterState(search.state) ? { state: search.state } : {}),
    ...(page ? { page } : {}),
  }
}

/** What admin.products.list takes. */
export interface ProductsListInput {
  search?: string
  categoryId?: string
  state: ProductState
  page: number
}

/** admin.products.list's input for the URL's filters: the loader and the table ask the same query. */
export function productsListInput(search: ProductsSearch): ProductsListInput {
  return {
    ...(search.q ? { search: search.q } : {}),
    ...(search.category ? { categoryId: search.category } : {}),
    state: search.state ?? 'all',
    page: search.page ?? 1,
  }
}

import { hydrateLater } from '../../lib/hydrate-later.tsx'

/**
 * The shop's filter form (docs/product.md#filters), its code after the page's first download: the
 * server renders it in full, so it works (as a GET form) before its code arrives. Apart from the
 * pages' components: their routes' loaders start its download.
 */
export const catalogFilters = hydrateLater(() => import('./CatalogFilters.tsx').then((module) => module.CatalogFilters))

import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { ProductGrid } from '../components/catalog/ProductGrid.tsx'
import { NoFilteredPanels } from '../components/catalog/NoFilteredPanels.tsx'
import { catalogFilters } from '../components/catalog/catalog-filters-later.ts'
import { activeFilterCount, browseInput, catalogFilterSearch, parseCatalogFilters, type CatalogFilterSearch } from '../../core/catalog-filters.ts'
import * as grid from '../components/catalog/ProductGrid.css.ts'
import { PageHeader } from '../components/ui/PageHeader.tsx'
import { useLanguage } from '../i18n/useLanguage.ts'
import { pick } from '../lib/format.ts'
import { firstCardPreload } from '../lib/images.ts'
import { lowestFromCents } from '../lib/from-price.ts'
import { pageHead, pageLanguage } from '../lib/seo.ts'
import { formatEuros } from '../../core/money.ts'
import { useTRPC } from '../lib/trpc.ts'
import * as styles from './-shop.css.ts'

const CatalogFilters = catalogFilters.Component

interface ShopSearch extends CatalogFilterSearch {
  category?: string
}

/** docs/product.md#catalog: every product, filterable by category, featured first. */
export const Route = createFileRoute('/shop')({
  validateSearch: (search: Record<string, unknown>): ShopSearch => ({
    ...(typeof search.category === 'string' && /^[a-z0-9-]{1,120}$/.test(search.category) ? { category: search.category } : {}),
    ...catalogFilterSearch(parseCatalogFilters(search)),
  }),
  loaderDeps: ({ search }) => ({ category: search.category, filters: parseCatalogFilters(search) }),
  loader: async ({ context: { queryClient, trpc }, deps }) => {
    const [categories, results] = await Promise.all([
      queryClient.ensureQueryData(trpc.catalog.categories.queryOptions()),
      queryClient.ensureQueryData(trpc.catalog.browse.queryOptions(browseInput(deps.category, deps.filters))),
      catalogFilters.preload(),
    ])
    // The head preloads the first card's picture (the page's LCP on a phone).
    return {
      firstProducts: results.products.slice(0, 1).map(({ photo }) => ({ photo })),
      fromCents: lowestFromCents(categories),
      filtered: activeFilterCount(deps.filters) > 0 || deps.filters.sort !== 'featured',
    }
  },
  head: ({ match, loaderData }) => {
    const fromCents = loaderData?.fromCents ?? null
    const from = fromCents === null ? null : formatEuros(fromCents, pageLanguage(match.context))
    const head = pageHead(match.context, {
      title: match.context.i18n._(msg`Shop decorative wall and ceiling panels`),
      description: match.context.i18n._(
        from === null
          ? msg`Buy PVC wall and ceiling panels with marble, wood and stone looks online, delivered across Spain.`
          : msg`Buy PVC wall and ceiling panels with marble, wood and stone looks online. From ${from} per panel, delivered across Spain.`,
      ),
      path: '/shop',
    })
    return {
      ...head,
      // One page per choice of filters would be thousands of near copies: search engines get the plain list.
      meta: loaderData?.filtered ? [...head.meta, { name: 'robots', content: 'noindex, follow' }] : head.meta,
      links: [...head.links, ...firstCardPreload(loaderData?.firstProducts)],
    }
  },
  component: ShopPage,
})

// The router marks a link current when its search is a subset of the page's: without `exact`, "All
// panels" (no search) would be current on every filtered page too.
const exactSearch = { exact: true, includeSearch: true } as const

function ShopPage() {
  const search = Route.useSearch()
  const { category } = search
  const filters = parseCatalogFilters(search)
  const filterSearch = catalogFilterSearch(filters)
  const trpc = useTRPC()
  const language = useLanguage()
  const { t } = useLingui()
  const { data: categories } = useSuspenseQuery(trpc.catalog.categories.queryOptions())
  const { data: results } = useSuspenseQuery(trpc.catalog.browse.queryOptions(browseInput(category, filters)))
  const keep = category ? { category } : {}
  return (
    <>
      <PageHeader
        title={<Trans>Shop</Trans>}
        lead={<Trans>Every panel in our range, 122 × 300 cm, ready to ship from Torrevieja. Featured panels first.</Trans>}
      />
      <div className={grid.section}>
        <nav aria-label={t`Filter by category`}>
          <ul className={styles.filters}>
            <li>
              <Link to="/shop" search={filterSearch} className={styles.filter} activeOptions={exactSearch}>
                <Trans>All panels</Trans>
              </Link>
            </li>
            {categories.map((c) => (
              <li key={c.id}>
                <Link to="/shop" search={{ category: c.slug, ...filterSearch }} className={styles.filter} activeOptions={exactSearch}>
                  {pick(language, c.nameEs, c.nameEn)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <CatalogFilters path="/shop" keep={keep} filters={filters} facets={results.facets} total={results.products.length} />
        {results.products.length > 0 ? (
          <ProductGrid products={results.products} leadsPage />
        ) : activeFilterCount(filters) > 0 ? (
          <NoFilteredPanels keep={keep} filters={filters} />
        ) : (
          <p className={styles.count}>
            <Trans>No panels match this filter.</Trans>
          </p>
        )}
      </div>
    </>
  )
}

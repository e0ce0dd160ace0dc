import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { ProductGrid } from '../components/catalog/ProductGrid.tsx'
import * as grid from '../components/catalog/ProductGrid.css.ts'
import { SearchForm } from '../components/search/SearchForm.tsx'
import { PageHeader } from '../components/ui/PageHeader.tsx'
import { button } from '../components/ui/button.css.ts'
import { useLanguage } from '../i18n/useLanguage.ts'
import { formatNumber, pick } from '../lib/format.ts'
import { firstCardPreload } from '../lib/images.ts'
import { pageHead } from '../lib/seo.ts'
import { useTRPC } from '../lib/trpc.ts'
import { cutQuery, searchLimits, searchTerms } from '../../core/search.ts'
import * as styles from './-search.css.ts'

interface SearchPageSearch {
  q?: string
  page?: number
}

/** docs/product.md#search: what the header's search finds, a page at a time; a GET form, so it works without JavaScript. */
export const Route = createFileRoute('/search')({
  validateSearch: (search: Record<string, unknown>): SearchPageSearch => {
    const q = typeof search.q === 'string' ? cutQuery(search.q) : ''
    const page = Number(search.page)
    return {
      ...(q ? { q } : {}),
      ...(Number.isInteger(page) && page > 1 && page <= searchLimits.pages ? { page } : {}),
    }
  },
  loaderDeps: ({ search }) => ({ q: search.q ?? '', page: search.page ?? 1 }),
  loader: async ({ context: { queryClient, trpc }, deps }) => {
    const [results] = await Promise.all([
      queryClient.ensureQueryData(trpc.catalog.search.queryOptions(deps)),
      // The empty answer offers the categories.
      queryClient.ensureQueryData(trpc.catalog.categories.queryOptions()),
    ])
    return { q: deps.q, firstProducts: results.products.slice(0, 1).map(({ photo }) => ({ photo })) }
  },
  head: ({ match, loaderData }) => {
    const q = loaderData?.q ?? ''
    const { i18n } = match.context
    const head = pageHead(match.context, {
      title: q ? i18n._(msg`Search: ${q}`) : i18n._(msg`Search the shop`),
      description: i18n._(msg`Find wall and ceiling panels by name, look, colour or finish, in Spanish or English.`),
      path: '/search',
    })
    // A page per query: not one for search engines to index.
    return {
      ...head,
      meta: [...head.meta, { name: 'robots', content: 'noindex' }],
      links: [...head.links, ...firstCardPreload(loaderData?.firstProducts)],
    }
  },
  component: SearchPage,
})

function SearchPage() {
  const { q = '', page = 1 } = Route.useSearch()
  const trpc = useTRPC()
  const language = useLanguage()
  const { t } = useLingui()
  const { data: results } = useSuspenseQuery(trpc.catalog.search.queryOptions({ q, page }))
  const { data: categories } = useSuspenseQuery(trpc.catalog.categories.queryOptions())
  const pageCount = Math.ceil(results.total / searchLimits.perPage)
  const asked = searchTerms(q).length > 0
  const current = formatNumber(page, language)
  const pages = formatNumber(pageCount, language)
  return (
    <>
      <PageHeader title={<Trans>Search</Trans>} lead={asked ? <Trans>Results for “{q}”</Trans> : undefined} />
      <div className={grid.section}>
        <SearchForm key={q} query={q} />
        {asked ? (
          <p className={styles.count} aria-live="polite" data-testid="search-count">
            <Plural value={results.total} one="# panel found" other="# panels found" />
          </p>
        ) : null}
        {results.products.length > 0 ? (
          <ProductGrid products={results.products} leadsPage />
        ) : !asked ? (
          <p className={styles.count}>
            <Trans>Type a name, a look, a colour or a finish: “calacatta”, “roble”, “white gloss”.</Trans>
          </p>
        ) : results.total > 0 ? (
          <p className={styles.count}>
            <Trans>There are no more results.</Trans>{' '}
            <Link to="/search" search={{ q }}>
              <Trans>Back to the first results</Trans>
            </Link>
          </p>
        ) : (
          <div className={styles.empty}>
            <p>
              <Trans>We found no panel for “{q}”. Check the spelling, try fewer words, or browse a category:</Trans>
            </p>
            <ul className={styles.categories}>
              {categories.map((category) => (
                <li key={category.id}>
                  <Link to="/category/$slug" params={{ slug: category.slug }} className={button({ tone: 'outline', size: 'sm' })}>
                    {pick(language, category.nameEs, category.nameEn)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        )}
        {pageCount > 1 ? (
          <nav className={styles.pager} aria-label={t`Pages of results`}>
            {page > 1 ? (
              <Link
                to="/search"
                search={{ q, ...(page > 2 ? { page: page - 1 } : {}) }}
                className={button({ tone: 'outline', size: 'sm' })}
                rel="prev"
              >
                <Trans>Previous</Trans>
              </Link>
            ) : null}
            <span>
              <Trans>
                Page {current} of {pages}
              </Trans>
            </span>
            {page < pageCount ? (
              <Link to="/search" search={{ q, page: page + 1 }} className={button({ tone: 'outline', size: 'sm' })} rel="next">
                <Trans>Next</Trans>
              </Link>
            ) : null}
          </nav>
        ) : null}
      </div>
    </>
  )
}

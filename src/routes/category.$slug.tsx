import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { ProductGrid } from '../components/catalog/ProductGrid.tsx'
import { NoFilteredPanels } from '../components/catalog/NoFilteredPanels.tsx'
import { catalogFilters } from '../components/catalog/catalog-filters-later.ts'
import { activeFilterCount, browseInput, catalogFilterSearch, parseCatalogFilters, type CatalogFilterSearch } from '../../core/catalog-filters.ts'
import * as grid from '../components/catalog/ProductGrid.css.ts'
import { BackLink } from '../components/ui/BackLink.tsx'
import { PageHeader } from '../components/ui/PageHeader.tsx'
import { useLanguage } from '../i18n/useLanguage.ts'
import { pick } from '../lib/format.ts'
import { orNotFound } from '../lib/not-found.ts'
import { categoryImage, firstCardPreload } from '../lib/images.ts'
import { notFoundHead, pageHead } from '../lib/seo.ts'
import { breadcrumbList, collectionPage, shopCrumbs } from '../lib/structured-data.ts'
import { useTRPC } from '../lib/trpc.ts'
import { NotFoundPage } from './__root.tsx'
import * as styles from './-category.css.ts'

const CatalogFilters = catalogFilters.Component

export const Route = createFileRoute('/category/$slug')({
  validateSearch: (search: Record<string, unknown>): CatalogFilterSearch => catalogFilterSearch(parseCatalogFilters(search)),
  loaderDeps: ({ search }) => ({ filters: parseCatalogFilters(search) }),
  loader: async ({ context: { queryClient, trpc }, params, deps }) => {
    const [category, results] = await Promise.all([
      orNotFound(queryClient.ensureQueryData(trpc.catalog.category.queryOptions({ slug: params.slug }))),
      queryClient.ensureQueryData(trpc.catalog.browse.queryOptions(browseInput(params.slug, deps.filters))),
      catalogFilters.preload(),
    ])
    // The head lists the products (structured data) and preloads the first card's picture (the
    // page's LCP on a phone): only what it needs of them.
    return {
      category,
      products: results.products.map(({ slug, nameEs, nameEn, photo }) => ({ slug, nameEs, nameEn, photo })),
      filtered: activeFilterCount(deps.filters) > 0 || deps.filters.sort !== 'featured',
    }
  },
  head: ({ match, loaderData }) => {
    const { i18n } = match.context
    if (!loaderData) return notFoundHead(match.context)
    const { category, products, filtered } = loaderData
    const name = pick(i18n.locale, category.nameEs, category.nameEn)
    const description = pick(i18n.locale, category.descriptionEs, category.descriptionEn)
    const title = i18n._(msg`${name} wall panels`)
    const picture = categoryImage(category)
    const path = `/category/${category.slug}`
    const head = pageHead(match.context, {
      title,
      description,
      path,
      ...(picture ? { image: { src: picture.src, alt: title, width: picture.width, height: picture.height } } : {}),
      structuredData: (page) => [
        collectionPage(page, {
          name: title,
          description,
          items: products.map((product) => ({ name: pick(i18n.locale, product.nameEs, product.nameEn), path: `/product/${product.slug}` })),
        }),
        breadcrumbList(page, [...shopCrumbs(i18n), { name, path }]),
      ],
    })
    return {
      ...head,
      // One page per choice of filters would be thousands of near copies: search engines get the category's plain list.
      meta: filtered ? [...head.meta, { name: 'robots', content: 'noindex, follow' }] : head.meta,
      links: [...head.links, ...firstCardPreload(products)],
    }
  },
  component: CategoryPage,
  notFoundComponent: NotFoundPage,
})

function CategoryPage() {
  const { slug } = Route.useParams()
  const filters = parseCatalogFilters(Route.useSearch())
  const trpc = useTRPC()
  const language = useLanguage()
  const { data: category } = useSuspenseQuery(trpc.catalog.category.queryOptions({ slug }))
  const { data: results } = useSuspenseQuery(trpc.catalog.browse.queryOptions(browseInput(slug, filters)))
  const { products } = results
  return (
    <>
      <PageHeader
        eyebrow={
          <BackLink to="/shop">
            <Trans>Back to shop</Trans>
          </BackLink>
        }
        title={pick(language, category.nameEs, category.nameEn)}
        lead={pick(language, category.descriptionEs, category.descriptionEn)}
      />
      <div className={grid.section}>
        <CatalogFilters path={`/category/${slug}`} keep={{}} filters={filters} facets={results.facets} total={products.length} />
        {products.length === 0 && activeFilterCount(filters) > 0 ? (
          <NoFilteredPanels keep={{}} filters={filters} />
        ) : products.length === 0 ? (
          <p className={styles.empty}>
            <Trans>There are no products in this category yet.</Trans>
          </p>
        ) : (
          <ProductGrid products={products} leadsPage />
        )}
      </div>
    </>
  )
}

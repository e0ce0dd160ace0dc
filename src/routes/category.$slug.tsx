import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { ProductGrid } from '../components/catalog/ProductGrid.tsx'
import * as grid from '../components/catalog/ProductGrid.css.ts'
import { BackLink } from '../components/ui/BackLink.tsx'
import { PageHeader } from '../components/ui/PageHeader.tsx'
import { useLanguage } from '../i18n/useLanguage.ts'
import { pick } from '../lib/format.ts'
import { orNotFound } from '../lib/not-found.ts'
import { firstCardPreload } from '../lib/images.ts'
import { pageHead } from '../lib/seo.ts'
import { useTRPC } from '../lib/trpc.ts'
import { NotFoundPage } from './__root.tsx'
import * as styles from './-category.css.ts'

export const Route = createFileRoute('/category/$slug')({
  loader: async ({ context: { queryClient, trpc }, params }) => {
    const [category, products] = await Promise.all([
      orNotFound(queryClient.ensureQueryData(trpc.catalog.category.queryOptions({ slug: params.slug }))),
      queryClient.ensureQueryData(trpc.catalog.products.queryOptions({ categorySlug: params.slug })),
    ])
    // The head preloads the first card's picture (the page's LCP on a phone).
    return { category, firstProducts: products.slice(0, 1).map(({ slug }) => ({ slug })) }
  },
  head: ({ match, loaderData, params }) => {
    const { i18n } = match.context
    const category = loaderData?.category
    const head = pageHead(match.context, {
      title: category ? i18n._(msg`${pick(i18n.locale, category.nameEs, category.nameEn)} wall panels`) : i18n._(msg`Category`),
      description: category ? pick(i18n.locale, category.descriptionEs, category.descriptionEn) : '',
      path: `/category/${params.slug}`,
    })
    return { ...head, links: [...head.links, ...firstCardPreload(loaderData?.firstProducts)] }
  },
  component: CategoryPage,
  notFoundComponent: NotFoundPage,
})

function CategoryPage() {
  const { slug } = Route.useParams()
  const trpc = useTRPC()
  const language = useLanguage()
  const { data: category } = useSuspenseQuery(trpc.catalog.category.queryOptions({ slug }))
  const { data: products } = useSuspenseQuery(trpc.catalog.products.queryOptions({ categorySlug: slug }))
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
      <section className={grid.section} aria-label={pick(language, category.nameEs, category.nameEn)}>
        {products.length === 0 ? (
          <p className={styles.empty}>
            <Trans>There are no products in this category yet.</Trans>
          </p>
        ) : (
          <ProductGrid products={products} leadsPage />
        )}
      </section>
    </>
  )
}

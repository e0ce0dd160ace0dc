import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { button } from '../components/ui/button.css.ts'
import { pick } from '../lib/format.ts'
import { imagePreload, imageSizes, productImage } from '../lib/images.ts'
import { orNotFound } from '../lib/not-found.ts'
import { notFoundHead, pageHead } from '../lib/seo.ts'
import { breadcrumbList, productNode, shopCrumbs } from '../lib/structured-data.ts'
import { useTRPC } from '../lib/trpc.ts'
import { calculatorSearch, calculatorSizes, type CalculatorSearch } from '../lib/panel-calculator.ts'
import * as styles from '../components/catalog/ProductPageView.css.ts'
import { ProductPageView } from '../components/catalog/ProductPageView.tsx'

export const Route = createFileRoute('/product/$slug')({
  // The panel calculator's sizes, when its form was sent without JavaScript (PanelCalculator).
  validateSearch: (search: Record<string, unknown>): CalculatorSearch => calculatorSearch(search),
  loader: async ({ context: { queryClient, trpc }, params }) => {
    const [product, delivery] = await Promise.all([
      orNotFound(queryClient.ensureQueryData(trpc.catalog.product.queryOptions({ slug: params.slug }))),
      queryClient.ensureQueryData(trpc.catalog.delivery.queryOptions()),
    ])
    return { product, delivery }
  },
  head: ({ match, loaderData }) => {
    const { i18n, site } = match.context
    const product = loaderData?.product
    if (!product) return notFoundHead(match.context, msg`Product not found`)
    const name = pick(i18n.locale, product.nameEs, product.nameEn)
    const description = pick(i18n.locale, product.descriptionEs, product.descriptionEn)
    const categoryName = pick(i18n.locale, product.category.nameEs, product.category.nameEn)
    const picture = productImage(product.photo)
    const head = pageHead(match.context, {
      title: name,
      description,
      path: `/product/${product.slug}`,
      type: 'product',
      ...(picture ? { image: { src: picture.src, alt: name, width: picture.width, height: picture.height } } : {}),
      structuredData: (page) => [
        productNode(
          page,
          {
            slug: product.slug,
            name,
            description,
            categoryName,
            priceCents: product.priceRetailCents,
            widthCm: product.widthCm,
            heightCm: product.heightCm,
            weightKg: product.weightKg,
            leadTimeDays: product.leadTimeDays,
          },
          site.company,
          loaderData.delivery.retail,
        ),
        breadcrumbList(page, [
          ...shopCrumbs(i18n),
          { name: categoryName, path: `/category/${product.category.slug}` },
          { name, path: `/product/${product.slug}` },
        ]),
      ],
    })
    return { ...head, links: [...head.links, ...imagePreload(picture, imageSizes.productPage)] }
  },
  component: ProductPage,
  notFoundComponent: ProductNotFound,
})

function ProductPage() {
  const { slug } = Route.useParams()
  const trpc = useTRPC()
  const { data: product } = useSuspenseQuery(trpc.catalog.product.queryOptions({ slug }))
  return <ProductPageView product={product} calculated={calculatorSizes(Route.useSearch())} />
}

function ProductNotFound() {
  return (
    <div className={styles.notFound}>
      <h1 className={styles.name}>
        <Trans>Product not found</Trans>
      </h1>
      <p className={styles.description}>
        <Trans>This panel is not in our catalog. It may have been renamed or discontinued.</Trans>
      </p>
      <Link to="/shop" className={button({ tone: 'primary' })}>
        <Trans>See all panels</Trans>
      </Link>
    </div>
  )
}

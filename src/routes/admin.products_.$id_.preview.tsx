import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../lib/seo.ts'
import { hydrateLater } from '../lib/hydrate-later.tsx'
import { orNotFound } from '../lib/not-found.ts'

const page = hydrateLater(() => import('../components/admin/products/ProductPreviewPage.tsx').then((module) => module.ProductPreviewPage))
const ProductPreviewPage = page.Component

/** A product's page as shoppers would see it, whatever its state: the owner's look at a draft (docs/product.md#owner). */
export const Route = createFileRoute('/admin/products_/$id_/preview')({
  // Admin data only for an admin (the layout, src/routes/admin.tsx, says whether).
  loader: async ({ context: { queryClient, trpc, adminAccess }, params }) => {
    await Promise.all([
      page.preload(),
      adminAccess &&
        Promise.all([
          orNotFound(queryClient.ensureQueryData(trpc.admin.products.preview.queryOptions({ id: params.id }))),
          queryClient.ensureQueryData(trpc.catalog.delivery.queryOptions()),
        ]),
    ])
  },
  head: ({ match, params }) =>
    pageHead(match.context, {
      title: match.context.i18n._(msg`Product preview`),
      description: match.context.i18n._(msg`A product's page as shoppers would see it, before it is published.`),
      path: `/admin/products/${params.id}/preview`,
    }),
  component: ProductPreviewPage,
})

import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../lib/seo.ts'
import { hydrateLater } from '../lib/hydrate-later.tsx'
import { orNotFound } from '../lib/not-found.ts'

// The page's code (the form, its rules and libraries) comes after the first download: the server
// renders it in full (lib/hydrate-later.tsx).
const page = hydrateLater(() => import('../components/admin/products/EditProductPage.tsx').then((module) => module.EditProductPage))
const EditProductPage = page.Component

/** One product: its form, archive or restore, and every change made to it (docs/product.md#owner). */
export const Route = createFileRoute('/admin/products_/$id')({
  // Admin data only for an admin (the layout, src/routes/admin.tsx, says whether). An unknown (or
  // malformed) id is the router's 404.
  loader: async ({ context: { queryClient, trpc, adminAccess }, params }) => {
    await Promise.all([
      page.preload(),
      adminAccess &&
        Promise.all([
          orNotFound(queryClient.ensureQueryData(trpc.admin.products.get.queryOptions({ id: params.id }))),
          queryClient.ensureQueryData(trpc.admin.categories.list.queryOptions()),
        ]),
    ])
  },
  head: ({ match, params }) =>
    pageHead(match.context, {
      title: match.context.i18n._(msg`Edit product`),
      description: match.context.i18n._(msg`A product's names, prices, sizes and category, and its history.`),
      path: `/admin/products/${params.id}`,
    }),
  component: EditProductPage,
})

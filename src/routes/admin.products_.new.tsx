import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../lib/seo.ts'
import { hydrateLater } from '../lib/hydrate-later.tsx'

// The page's code (the form, its rules and libraries) comes after the first download: the server
// renders it in full (lib/hydrate-later.tsx).
const page = hydrateLater(() => import('../components/admin/products/NewProductPage.tsx').then((module) => module.NewProductPage))
const NewProductPage = page.Component

/** A new product in both languages (docs/product.md#owner). */
export const Route = createFileRoute('/admin/products_/new')({
  // Admin data only for an admin (the layout, src/routes/admin.tsx, says whether).
  loader: async ({ context: { queryClient, trpc, adminAccess } }) => {
    await Promise.all([page.preload(), adminAccess && queryClient.ensureQueryData(trpc.admin.categories.list.queryOptions())])
  },
  head: ({ match }) =>
    pageHead(match.context, {
      title: match.context.i18n._(msg`New product`),
      description: match.context.i18n._(msg`Add a product to the shop in Spanish and English.`),
      path: '/admin/products/new',
    }),
  component: NewProductPage,
})

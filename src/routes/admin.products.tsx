import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../lib/seo.ts'
import { hydrateLater } from '../lib/hydrate-later.tsx'
import { parseProductsSearch, productsListInput } from '../components/admin/products/products-search.ts'

// The page's code (its table, filters and their libraries) comes after the first download: the
// server renders it in full (lib/hydrate-later.tsx).
const page = hydrateLater(() => import('../components/admin/products/ProductsPage.tsx').then((module) => module.ProductsPage))
const ProductsPage = page.Component

/** The owner's product table (docs/product.md#owner), its filters in the URL so a link or Back brings them along. */
export const Route = createFileRoute('/admin/products')({
  validateSearch: parseProductsSearch,
  loaderDeps: ({ search }) => productsListInput(search),
  // Admin data only for an admin (the layout, src/routes/admin.tsx, says whether).
  loader: async ({ context: { queryClient, trpc, adminAccess }, deps }) => {
    await Promise.all([
      page.preload(),
      adminAccess &&
        Promise.all([
          queryClient.ensureQueryData(trpc.admin.products.list.queryOptions(deps)),
          queryClient.ensureQueryData(trpc.admin.categories.list.queryOptions()),
        ]),
    ])
  },
  head: ({ match }) =>
    pageHead(match.context, {
      title: match.context.i18n._(msg`Products`),
      description: match.context.i18n._(msg`The shop's products: names, prices, categories and what is archived.`),
      path: '/admin/products',
    }),
  component: ProductsPage,
})

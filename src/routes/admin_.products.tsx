import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../lib/seo.ts'
import { isAdmin } from '../../core/roles.ts'
import { hydrateLater } from '../lib/hydrate-later.tsx'
import { parseProductsSearch, productsListInput } from '../components/admin/products/products-search.ts'

// The page's code (its table, filters and their libraries) comes after the first download: the
// server renders it in full (lib/hydrate-later.tsx).
const page = hydrateLater(() => import('../components/admin/products/ProductsPage.tsx').then((module) => module.ProductsPage))
const ProductsPage = page.Component

/** The owner's product table (issue 12), its filters in the URL so a link or Back brings them along. */
export const Route = createFileRoute('/admin_/products')({
  validateSearch: parseProductsSearch,
  loaderDeps: ({ search }) => productsListInput(search),
  // Admin data is fetched only for an admin (and every admin.* procedure checks the role again):
  // the page rendered for anyone else carries none of it.
  loader: async ({ context: { queryClient, trpc }, deps }) => {
    const [me] = await Promise.all([queryClient.ensureQueryData(trpc.account.me.queryOptions()), page.preload()])
    if (!isAdmin(me?.role) || me?.needsTwoFactor) return
    await Promise.all([
      queryClient.ensureQueryData(trpc.admin.products.list.queryOptions(deps)),
      queryClient.ensureQueryData(trpc.admin.categories.list.queryOptions()),
    ])
  },
  head: ({ match }) => {
    const head = pageHead(match.context, {
      title: match.context.i18n._(msg`Products`),
      description: match.context.i18n._(msg`The shop's products: names, prices, categories and what is archived.`),
      path: '/admin/products',
    })
    return { ...head, meta: [...head.meta, { name: 'robots', content: 'noindex' }] }
  },
  component: ProductsPage,
})

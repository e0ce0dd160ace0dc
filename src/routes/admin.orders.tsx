import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../lib/seo.ts'
import { hydrateLater } from '../lib/hydrate-later.tsx'
import { ordersCode } from '../components/admin/orders/pages-code.ts'
import { parseOrdersSearch } from '../components/admin/orders/orders-search.ts'

// The page's code (its table, filters and loader, with the order page's) comes after the first
// download: the server renders it in full (lib/hydrate-later.tsx).
const page = hydrateLater(() => ordersCode().then((module) => module.OrdersPage))
const OrdersPage = page.Component

/** The owner's orders (docs/product.md#fulfilment), their filters in the URL so a link or Back brings them along. */
export const Route = createFileRoute('/admin/orders')({
  validateSearch: parseOrdersSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const [module] = await Promise.all([ordersCode(), page.preload()])
    await module.loadOrders(context, deps)
  },
  head: ({ match }) =>
    pageHead(match.context, {
      title: match.context.i18n._(msg`Orders`),
      description: match.context.i18n._(msg`The shop's orders: find one, see where it stands, ship, cancel or refund it.`),
      path: '/admin/orders',
    }),
  component: OrdersPage,
})

import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../lib/seo.ts'
import { hydrateLater } from '../lib/hydrate-later.tsx'
import { ordersCode } from '../components/admin/orders/pages-code.ts'

// The page's code (its dialogs, the ship form and its rules, its loader, with the order table's)
// comes after the first download: the server renders it in full (lib/hydrate-later.tsx).
const page = hydrateLater(() => ordersCode().then((module) => module.OrderPage))
const OrderPage = page.Component

/** One order (docs/product.md#fulfilment): what was bought, by whom, where it goes, its invoices, what can happen next and what did. */
export const Route = createFileRoute('/admin/orders_/$id')({
  loader: async ({ context, params }) => {
    const [module] = await Promise.all([ordersCode(), page.preload()])
    await module.loadOrder(context, params.id)
  },
  head: ({ match, params }) =>
    pageHead(match.context, {
      title: match.context.i18n._(msg`Order`),
      description: match.context.i18n._(msg`An order's items, customer, address, payment, invoices and history.`),
      path: `/admin/orders/${params.id}`,
    }),
  component: OrderPage,
})

import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../lib/seo.ts'
import { hydrateLater } from '../lib/hydrate-later.tsx'

// The page's code (the form, its rules and the products' list) comes after the first download: the
// server renders it in full (lib/hydrate-later.tsx).
const newOrderCode = () => import('../components/admin/orders/NewOrderPage.tsx')
const page = hydrateLater(() => newOrderCode().then((module) => module.NewOrderPage))
const NewOrderPage = page.Component

/** An order taken on the phone or WhatsApp (docs/product.md#phone-orders): the customer is emailed a payment link. */
export const Route = createFileRoute('/admin/orders_/new')({
  loader: async ({ context }) => {
    const [module] = await Promise.all([newOrderCode(), page.preload()])
    await module.loadNewOrder(context)
  },
  head: ({ match }) =>
    pageHead(match.context, {
      title: match.context.i18n._(msg`New order`),
      description: match.context.i18n._(msg`Take an order on the phone or WhatsApp and email the customer a link to pay it.`),
      path: '/admin/orders/new',
    }),
  component: NewOrderPage,
})

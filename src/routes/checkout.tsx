import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../lib/seo.ts'
import { hydrateLater } from '../lib/hydrate-later.tsx'

// The page's code (its forms, their rules and libraries) comes after the first download: the
// server renders it in full (lib/hydrate-later.tsx).
const page = hydrateLater(() => import('../components/checkout/CheckoutPage.tsx').then((module) => module.CheckoutPage))
const CheckoutPage = page.Component

interface CheckoutSearch {
  cancelled?: boolean
}

export const Route = createFileRoute('/checkout')({
  validateSearch: (search: Record<string, unknown>): CheckoutSearch =>
    search.cancelled === 1 || search.cancelled === '1' || search.cancelled === true ? { cancelled: true } : {},
  loader: async ({ context: { queryClient, trpc, site } }) => {
    const [, prefill] = await Promise.all([
      queryClient.ensureQueryData(trpc.cart.get.queryOptions()),
      queryClient.ensureQueryData(trpc.checkout.prefill.queryOptions()),
      queryClient.ensureQueryData(trpc.checkout.billing.queryOptions()),
      page.preload(),
    ])
    // The postal code the form starts with (a refused post's, else the prefill's): the first render
    // shows its delivery methods priced and its town from Spain's list.
    const posted = site.postedForm?.form === 'checkout' ? site.postedForm.values.postal_code : undefined
    const typed = (posted ?? prefill.postal_code).trim()
    const postalCode = /^\d{5}$/.test(typed) ? typed : ''
    await Promise.all([
      queryClient.ensureQueryData(trpc.checkout.delivery.queryOptions({ postalCode })),
      postalCode && queryClient.ensureQueryData(trpc.address.postcode.queryOptions({ postalCode })),
    ])
  },
  head: ({ match }) =>
    pageHead(match.context, {
      title: match.context.i18n._(msg`Checkout`),
      description: match.context.i18n._(msg`Shipping details and secure card payment for your panels.`),
      path: '/checkout',
    }),
  component: CheckoutPage,
})

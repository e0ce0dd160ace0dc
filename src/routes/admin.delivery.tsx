import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../lib/seo.ts'
import { hydrateLater } from '../lib/hydrate-later.tsx'

// The page's code (its form, its rules and libraries) comes after the first download: the server
// renders it in full (lib/hydrate-later.tsx).
const page = hydrateLater(() => import('../components/admin/delivery/DeliveryPage.tsx').then((module) => module.DeliveryPage))
const DeliveryPage = page.Component

/** The owner's delivery settings (docs/product.md#delivery): pickup, and home delivery's windows and rates by zone. */
export const Route = createFileRoute('/admin/delivery')({
  // Admin data only for an admin (the layout, src/routes/admin.tsx, says whether).
  loader: async ({ context: { queryClient, trpc, adminAccess } }) => {
    await Promise.all([page.preload(), adminAccess && queryClient.ensureQueryData(trpc.admin.delivery.get.queryOptions())])
  },
  head: ({ match }) =>
    pageHead(match.context, {
      title: match.context.i18n._(msg`Delivery`),
      description: match.context.i18n._(msg`Showroom pickup and home delivery: windows and prices by zone, for retail and wholesale customers.`),
      path: '/admin/delivery',
    }),
  component: DeliveryPage,
})

import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../lib/seo.ts'
import { hydrateLater } from '../lib/hydrate-later.tsx'

// The page's code comes after the first download: the server renders it in full (lib/hydrate-later.tsx).
const page = hydrateLater(() => import('../components/admin/AdminSectionPages.tsx').then((module) => module.CustomersPage))
const CustomersPage = page.Component

/** Approved wholesale customers (docs/product.md#b2b). */
export const Route = createFileRoute('/admin/customers')({
  // Admin data only for an admin (the layout, src/routes/admin.tsx, says whether).
  loader: async ({ context: { queryClient, trpc, adminAccess } }) => {
    await Promise.all([page.preload(), adminAccess && queryClient.ensureQueryData(trpc.admin.approvedUsers.queryOptions())])
  },
  head: ({ match }) =>
    pageHead(match.context, {
      title: match.context.i18n._(msg`Wholesale customers`),
      description: match.context.i18n._(msg`Customers with wholesale prices, their tax ids and the recargo de equivalencia.`),
      path: '/admin/customers',
    }),
  component: CustomersPage,
})

import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../lib/seo.ts'
import { hydrateLater } from '../lib/hydrate-later.tsx'

// The page's code (its forms, their rules and libraries) comes after the first download: the
// server renders it in full (lib/hydrate-later.tsx).
const page = hydrateLater(() => import('../components/admin/AdminPage.tsx').then((module) => module.AdminPage))
const AdminPage = page.Component

/** The admin dashboard (docs/product.md#b2b): wholesale requests and customers, recent orders, messages, backups. */
export const Route = createFileRoute('/admin/')({
  // Admin data only for an admin (the layout, src/routes/admin.tsx, says whether).
  loader: async ({ context: { queryClient, trpc, adminAccess } }) => {
    await Promise.all([
      page.preload(),
      adminAccess &&
        Promise.all([
          queryClient.ensureQueryData(trpc.admin.pendingRequests.queryOptions()),
          queryClient.ensureQueryData(trpc.admin.approvedUsers.queryOptions()),
          queryClient.ensureQueryData(trpc.admin.orders.list.queryOptions({ page: 1 })),
        ]),
    ])
  },
  head: ({ match }) =>
    pageHead(match.context, {
      title: match.context.i18n._(msg`Admin dashboard`),
      description: match.context.i18n._(msg`Wholesale requests, wholesale customers and orders.`),
      path: '/admin',
    }),
  component: AdminPage,
})

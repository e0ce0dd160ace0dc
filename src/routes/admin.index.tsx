import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../lib/seo.ts'
import { hydrateLater } from '../lib/hydrate-later.tsx'

// The page's code comes after the first download: the server renders it in full (lib/hydrate-later.tsx).
const page = hydrateLater(() => import('../components/admin/AdminHome.tsx').then((module) => module.AdminHome))
const AdminHome = page.Component

/** The admin home (docs/product.md#fulfilment): the day's work and the sales, each a link to its list. */
export const Route = createFileRoute('/admin/')({
  // Admin data only for an admin (the layout, src/routes/admin.tsx, says whether).
  loader: async ({ context: { queryClient, trpc, adminAccess } }) => {
    await Promise.all([page.preload(), adminAccess && queryClient.ensureQueryData(trpc.admin.summary.queryOptions())])
  },
  head: ({ match }) =>
    pageHead(match.context, {
      title: match.context.i18n._(msg`Admin dashboard`),
      description: match.context.i18n._(msg`Orders to ship, pickups to prepare, payments, messages, wholesale requests and sales.`),
      path: '/admin',
    }),
  component: AdminHome,
})

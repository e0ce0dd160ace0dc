import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../lib/seo.ts'
import { hydrateLater } from '../lib/hydrate-later.tsx'

// The page's code comes after the first download: the server renders it in full (lib/hydrate-later.tsx).
const page = hydrateLater(() => import('../components/admin/AdminSectionPages.tsx').then((module) => module.RequestsPage))
const RequestsPage = page.Component

/** Wholesale requests waiting for the owner (docs/product.md#b2b). */
export const Route = createFileRoute('/admin/requests')({
  // Admin data only for an admin (the layout, src/routes/admin.tsx, says whether).
  loader: async ({ context: { queryClient, trpc, adminAccess } }) => {
    await Promise.all([page.preload(), adminAccess && queryClient.ensureQueryData(trpc.admin.pendingRequests.queryOptions())])
  },
  head: ({ match }) =>
    pageHead(match.context, {
      title: match.context.i18n._(msg`B2B requests`),
      description: match.context.i18n._(msg`Requests for wholesale access waiting for a decision.`),
      path: '/admin/requests',
    }),
  component: RequestsPage,
})

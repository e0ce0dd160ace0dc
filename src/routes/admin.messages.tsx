import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../lib/seo.ts'
import { hydrateLater } from '../lib/hydrate-later.tsx'

// The page's code comes after the first download: the server renders it in full (lib/hydrate-later.tsx).
const page = hydrateLater(() => import('../components/admin/AdminSectionPages.tsx').then((module) => module.MessagesPage))
const MessagesPage = page.Component

/** ?unanswered=true: only the contact messages still to answer (the admin home's link). */
export interface MessagesSearch {
  unanswered?: boolean
}

/** Visitors' messages and catalog requests (docs/product.md#forms). */
export const Route = createFileRoute('/admin/messages')({
  validateSearch: (search: Record<string, unknown>): MessagesSearch => (search.unanswered === true ? { unanswered: true } : {}),
  loaderDeps: ({ search }) => search,
  // Admin data only for an admin (the layout, src/routes/admin.tsx, says whether).
  loader: async ({ context: { queryClient, trpc, adminAccess }, deps }) => {
    await Promise.all([
      page.preload(),
      adminAccess && queryClient.ensureQueryData(trpc.admin.messages.queryOptions({ page: 1, ...(deps.unanswered ? { unanswered: true } : {}) })),
    ])
  },
  head: ({ match }) =>
    pageHead(match.context, {
      title: match.context.i18n._(msg`Messages`),
      description: match.context.i18n._(msg`Contact messages and catalog requests.`),
      path: '/admin/messages',
    }),
  component: MessagesPage,
})

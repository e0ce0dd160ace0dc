import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../lib/seo.ts'
import { hydrateLater } from '../lib/hydrate-later.tsx'
import { parseMessagesSearch } from '../components/admin/messages-search.ts'

// The page's code comes after the first download: the server renders it in full (lib/hydrate-later.tsx).
const page = hydrateLater(() => import('../components/admin/AdminSectionPages.tsx').then((module) => module.MessagesPage))
const MessagesPage = page.Component

/** Visitors' messages and catalog requests (docs/product.md#forms); ?unanswered=1 (or =true, the admin home's link): only those to answer. */
export const Route = createFileRoute('/admin/messages')({
  validateSearch: parseMessagesSearch,
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

import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../lib/seo.ts'
import { isAdmin } from '../../core/roles.ts'
import { hydrateLater } from '../lib/hydrate-later.tsx'

// The page's code (its forms, their rules and libraries) comes after the first download: the
// server renders it in full (lib/hydrate-later.tsx).
const page = hydrateLater(() => import('../components/admin/AdminPage.tsx').then((module) => module.AdminPage))
const AdminPage = page.Component

export const Route = createFileRoute('/admin')({
  // Admin data is fetched only for an admin (and every admin.* procedure checks the role again):
  // the page rendered for anyone else carries none of it.
  loader: async ({ context: { queryClient, trpc } }) => {
    const [me] = await Promise.all([queryClient.ensureQueryData(trpc.account.me.queryOptions()), page.preload()])
    if (!isAdmin(me?.role) || me?.needsTwoFactor) return
    await Promise.all([
      queryClient.ensureQueryData(trpc.admin.pendingRequests.queryOptions()),
      queryClient.ensureQueryData(trpc.admin.approvedUsers.queryOptions()),
      queryClient.ensureQueryData(trpc.admin.orders.list.queryOptions({ page: 1 })),
    ])
  },
  head: ({ match }) => {
    const head = pageHead(match.context, {
      title: match.context.i18n._(msg`Admin dashboard`),
      description: match.context.i18n._(msg`Wholesale requests, wholesale customers and orders.`),
      path: '/admin',
    })
    return { ...head, meta: [...head.meta, { name: 'robots', content: 'noindex' }] }
  },
  component: AdminPage,
})

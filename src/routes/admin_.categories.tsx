import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../lib/seo.ts'
import { isAdmin } from '../../core/roles.ts'
import { hydrateLater } from '../lib/hydrate-later.tsx'

// The page's code (its forms, their rules and libraries) comes after the first download: the
// server renders it in full (lib/hydrate-later.tsx).
const page = hydrateLater(() => import('../components/admin/categories/CategoriesPage.tsx').then((module) => module.CategoriesPage))
const CategoriesPage = page.Component

export const Route = createFileRoute('/admin_/categories')({
  // Admin data is fetched only for an admin (and every admin.* procedure checks the role again):
  // the page rendered for anyone else carries none of it.
  loader: async ({ context: { queryClient, trpc } }) => {
    const [me] = await Promise.all([queryClient.ensureQueryData(trpc.account.me.queryOptions()), page.preload()])
    if (!isAdmin(me?.role) || me?.needsTwoFactor) return
    await queryClient.ensureQueryData(trpc.admin.categories.list.queryOptions())
  },
  head: ({ match }) => {
    const head = pageHead(match.context, {
      title: match.context.i18n._(msg`Categories`),
      description: match.context.i18n._(msg`The shop’s categories: names, descriptions and order.`),
      path: '/admin/categories',
    })
    return { ...head, meta: [...head.meta, { name: 'robots', content: 'noindex' }] }
  },
  component: CategoriesPage,
})

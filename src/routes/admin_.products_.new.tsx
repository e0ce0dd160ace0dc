import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../lib/seo.ts'
import { isAdmin } from '../../core/roles.ts'
import { hydrateLater } from '../lib/hydrate-later.tsx'

// The page's code (the form, its rules and libraries) comes after the first download: the server
// renders it in full (lib/hydrate-later.tsx).
const page = hydrateLater(() => import('../components/admin/products/NewProductPage.tsx').then((module) => module.NewProductPage))
const NewProductPage = page.Component

/** A new product in both languages (issue 12). */
export const Route = createFileRoute('/admin_/products_/new')({
  // Admin data is fetched only for an admin; every admin.* procedure checks the role again.
  loader: async ({ context: { queryClient, trpc } }) => {
    const [me] = await Promise.all([queryClient.ensureQueryData(trpc.account.me.queryOptions()), page.preload()])
    if (!isAdmin(me?.role) || me?.needsTwoFactor) return
    await queryClient.ensureQueryData(trpc.admin.categories.list.queryOptions())
  },
  head: ({ match }) => {
    const head = pageHead(match.context, {
      title: match.context.i18n._(msg`New product`),
      description: match.context.i18n._(msg`Add a product to the shop in Spanish and English.`),
      path: '/admin/products/new',
    })
    return { ...head, meta: [...head.meta, { name: 'robots', content: 'noindex' }] }
  },
  component: NewProductPage,
})

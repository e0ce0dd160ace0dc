import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../lib/seo.ts'
import { isAdmin } from '../../core/roles.ts'
import { hydrateLater } from '../lib/hydrate-later.tsx'
import { orNotFound } from '../lib/not-found.ts'

// The page's code (the form, its rules and libraries) comes after the first download: the server
// renders it in full (lib/hydrate-later.tsx).
const page = hydrateLater(() => import('../components/admin/products/EditProductPage.tsx').then((module) => module.EditProductPage))
const EditProductPage = page.Component

/** One product: its form, archive or restore, and every change made to it (issue 12). */
export const Route = createFileRoute('/admin_/products_/$id')({
  // Admin data is fetched only for an admin; every admin.* procedure checks the role again. An
  // unknown (or malformed) id is the router's 404.
  loader: async ({ context: { queryClient, trpc }, params }) => {
    const [me] = await Promise.all([queryClient.ensureQueryData(trpc.account.me.queryOptions()), page.preload()])
    if (!isAdmin(me?.role) || me?.needsTwoFactor) return
    await Promise.all([
      orNotFound(queryClient.ensureQueryData(trpc.admin.products.get.queryOptions({ id: params.id }))),
      queryClient.ensureQueryData(trpc.admin.categories.list.queryOptions()),
    ])
  },
  head: ({ match, params }) => {
    const head = pageHead(match.context, {
      title: match.context.i18n._(msg`Edit product`),
      description: match.context.i18n._(msg`A product's names, prices, sizes and category, and its history.`),
      path: `/admin/products/${params.id}`,
    })
    return { ...head, meta: [...head.meta, { name: 'robots', content: 'noindex' }] }
  },
  component: EditProductPage,
})

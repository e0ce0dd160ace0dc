import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../lib/seo.ts'
import { hydrateLater } from '../lib/hydrate-later.tsx'

// The page's code (its forms, their rules and libraries) comes after the first download: the
// server renders it in full (lib/hydrate-later.tsx).
const page = hydrateLater(() => import('../components/admin/categories/CategoriesPage.tsx').then((module) => module.CategoriesPage))
const CategoriesPage = page.Component

export const Route = createFileRoute('/admin/categories')({
  // Admin data only for an admin (the layout, src/routes/admin.tsx, says whether).
  loader: async ({ context: { queryClient, trpc, adminAccess } }) => {
    await Promise.all([page.preload(), adminAccess && queryClient.ensureQueryData(trpc.admin.categories.list.queryOptions())])
  },
  head: ({ match }) =>
    pageHead(match.context, {
      title: match.context.i18n._(msg`Categories`),
      description: match.context.i18n._(msg`The shop’s categories: names, descriptions and order.`),
      path: '/admin/categories',
    }),
  component: CategoriesPage,
})

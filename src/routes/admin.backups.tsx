import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../lib/seo.ts'
import { hydrateLater } from '../lib/hydrate-later.tsx'

// The page's code comes after the first download: the server renders it in full (lib/hydrate-later.tsx).
const page = hydrateLater(() => import('../components/admin/AdminSectionPages.tsx').then((module) => module.BackupsPage))
const BackupsPage = page.Component

/** The embedded database's backups, made by the shop (README: backups). */
export const Route = createFileRoute('/admin/backups')({
  // Admin data only for an admin (the layout, src/routes/admin.tsx, says whether).
  loader: async ({ context: { queryClient, trpc, adminAccess } }) => {
    await Promise.all([page.preload(), adminAccess && queryClient.ensureQueryData(trpc.admin.backups.list.queryOptions())])
  },
  head: ({ match }) =>
    pageHead(match.context, {
      title: match.context.i18n._(msg`Backups`),
      description: match.context.i18n._(msg`The embedded database's backups, kept by the shop.`),
      path: '/admin/backups',
    }),
  component: BackupsPage,
})

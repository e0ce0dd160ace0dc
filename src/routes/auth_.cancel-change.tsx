import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { hydrateLater } from '../lib/hydrate-later.tsx'
import { tokenSearch } from '../lib/url-identifiers.ts'

// The page's code comes after the first download: the server renders it in full (lib/hydrate-later.tsx).
const page = hydrateLater(() => import('../components/auth/CancelEmailChangePage.tsx').then((module) => module.CancelEmailChangePage))
const CancelEmailChangePage = page.Component

export const Route = createFileRoute('/auth_/cancel-change')({
  validateSearch: tokenSearch,
  loader: async () => {
    await page.preload()
  },
  head: ({ match }) => ({
    meta: [{ title: match.context.i18n._(msg`Cancel the change of address`) }, { name: 'robots', content: 'noindex' }],
  }),
  component: CancelEmailChangePage,
})

import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { hydrateLater } from '../lib/hydrate-later.tsx'

// The page's code comes after the first download: the server renders it in full (lib/hydrate-later.tsx).
const page = hydrateLater(() => import('../components/auth/CancelEmailChangePage.tsx').then((module) => module.CancelEmailChangePage))
const CancelEmailChangePage = page.Component

interface CancelSearch {
  token?: string
}

export const Route = createFileRoute('/auth_/cancel-change')({
  validateSearch: (search: Record<string, unknown>): CancelSearch => (typeof search.token === 'string' ? { token: search.token } : {}),
  loader: async () => {
    await page.preload()
  },
  head: ({ match }) => ({
    meta: [{ title: match.context.i18n._(msg`Cancel the change of address`) }, { name: 'robots', content: 'noindex' }],
  }),
  component: CancelEmailChangePage,
})

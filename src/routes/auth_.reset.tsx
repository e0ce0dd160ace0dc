import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { hydrateLater } from '../lib/hydrate-later.tsx'
import { tokenSearch } from '../lib/url-identifiers.ts'

// The page's code (its forms, their rules and libraries) comes after the first download: the
// server renders it in full (lib/hydrate-later.tsx).
const page = hydrateLater(() => import('../components/auth/ResetPasswordPage.tsx').then((module) => module.ResetPasswordPage))
const ResetPasswordPage = page.Component

export const Route = createFileRoute('/auth_/reset')({
  validateSearch: tokenSearch,
  loader: async () => {
    await page.preload()
  },
  head: ({ match }) => ({
    meta: [{ title: match.context.i18n._(msg`Choose a new password`) }, { name: 'robots', content: 'noindex' }],
  }),
  component: ResetPasswordPage,
})

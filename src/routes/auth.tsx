import { msg } from '@lingui/core/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { safeRedirect } from '../../core/sign-in-redirect.ts'
import { pageHead } from '../lib/seo.ts'
import { hydrateLater } from '../lib/hydrate-later.tsx'

// The page's code (its forms, their rules and libraries) comes after the first download: the
// server renders it in full (lib/hydrate-later.tsx).
const page = hydrateLater(() => import('../components/auth/AuthPage.tsx').then((module) => module.AuthPage))
const AuthPage = page.Component

interface AuthSearch {
  redirect?: string
  tab?: 'signin' | 'signup'
  /** The password was just changed from the reset email without the page's script: the page says so. */
  reset?: 1
  /** The account was just deleted from /account without the page's script: the page says so. */
  deleted?: 1
  /** "Forgot your password?" as a page (its link before or without JavaScript); `sent`: the link was asked for. */
  forgot?: 1
  sent?: 1
}

export const Route = createFileRoute('/auth')({
  validateSearch: (search: Record<string, unknown>): AuthSearch => ({
    ...(typeof search.redirect === 'string' ? { redirect: search.redirect } : {}),
    ...(search.tab === 'signup' || search.tab === 'signin' ? { tab: search.tab } : {}),
    // The query `reset=1` parses to the number, and writes back the same.
    ...(search.reset === 1 ? { reset: 1 as const } : {}),
    ...(search.deleted === 1 ? { deleted: 1 as const } : {}),
    ...(search.forgot === 1 ? { forgot: 1 as const } : {}),
    ...(search.sent === 1 ? { sent: 1 as const } : {}),
  }),
  // A signed-in user has nothing to do here: it goes where it was going (or home), replacing history.
  beforeLoad: async ({ context: { queryClient, trpc }, search }) => {
    const me = await queryClient.ensureQueryData(trpc.account.me.queryOptions())
    if (me) throw redirect({ href: safeRedirect(search.redirect), replace: true })
  },
  loader: async () => {
    await page.preload()
  },
  head: ({ match }) =>
    pageHead(match.context, {
      title: match.context.i18n._(msg`Sign in or create an account`),
      description: match.context.i18n._(msg`Sign in to your account or create one to buy panels and request wholesale access.`),
      path: '/auth',
    }),
  component: AuthPage,
})

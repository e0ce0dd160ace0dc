import { msg } from '@lingui/core/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { pageHead } from '../lib/seo.ts'
import { hydrateLater } from '../lib/hydrate-later.tsx'
import { isAccountDone, type AccountDone } from '../../core/account-pages.ts'

// The page's code (its forms, their rules and libraries) comes after the first download: the
// server renders it in full (lib/hydrate-later.tsx).
const page = hydrateLater(() => import('../components/account/AccountPage.tsx').then((module) => module.AccountPage))
const AccountPage = page.Component

interface AccountSearch {
  /** The profile was just saved without the page's script (server/http/account-forms.ts answers 303 here). */
  saved?: 1
  /** Another of the page's forms did what it was posted for without the script (core/account.ts). */
  done?: AccountDone
}

export const Route = createFileRoute('/account')({
  // The query `saved=1` parses to the number, and writes back the same.
  validateSearch: (search: Record<string, unknown>): AccountSearch => ({
    ...(search.saved === 1 ? { saved: 1 as const } : {}),
    ...(isAccountDone(search.done) ? { done: search.done } : {}),
  }),
  // Convenience only: every account.* procedure refuses anyone not signed in.
  beforeLoad: async ({ context: { queryClient, trpc } }) => {
    const me = await queryClient.ensureQueryData(trpc.account.me.queryOptions())
    if (!me) throw redirect({ to: '/auth', search: { redirect: '/account' } })
  },
  loader: async ({ context: { queryClient, trpc, site } }) => {
    // A refused profile's postal code (posted without the script): its town checked in the first render.
    const posted = site.postedForm?.form === 'profile' ? (site.postedForm.values.postal_code ?? '').trim() : ''
    await Promise.all([
      queryClient.ensureQueryData(trpc.account.profile.queryOptions()),
      queryClient.ensureQueryData(trpc.account.billing.queryOptions()),
      queryClient.ensureQueryData(trpc.account.sessions.queryOptions()),
      /^\d{5}$/.test(posted) && queryClient.ensureQueryData(trpc.address.postcode.queryOptions({ postalCode: posted })),
      page.preload(),
    ])
  },
  head: ({ match }) => {
    const head = pageHead(match.context, {
      title: match.context.i18n._(msg`My account`),
      description: match.context.i18n._(msg`Your details, address, password, sessions and data.`),
      path: '/account',
    })
    // A private page: never in a search engine's index.
    return { ...head, meta: [...head.meta, { name: 'robots', content: 'noindex' }] }
  },
  component: AccountPage,
})

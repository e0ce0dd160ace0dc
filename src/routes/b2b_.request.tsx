import { msg } from '@lingui/core/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { hydrateLater } from '../lib/hydrate-later.tsx'

// The page's code (the form, its rules and libraries) comes after the first download: the server
// renders it in full (lib/hydrate-later.tsx).
const page = hydrateLater(() => import('../components/b2b/B2bRequestPage.tsx').then((module) => module.B2bRequestPage))
const B2bRequestPage = page.Component

/**
 * The wholesale request as a page of its own (docs/product.md#b2b): where /b2b's "Solicitar acceso
 * B2B" leads before or without JavaScript (with it, the button opens the same form in a dialog).
 * Only for an account that may ask; anyone else goes to /b2b, which says where they stand, or to
 * sign in first.
 */
export const Route = createFileRoute('/b2b_/request')({
  beforeLoad: async ({ context: { queryClient, trpc } }) => {
    const status = await queryClient.ensureQueryData(trpc.b2b.status.queryOptions())
    if (status.state === 'signed_out') throw redirect({ to: '/auth', search: { redirect: '/b2b/request' } })
    if (status.state !== 'pending') throw redirect({ to: '/b2b' })
  },
  loader: async () => {
    await page.preload()
  },
  head: ({ match }) => ({
    meta: [{ title: match.context.i18n._(msg`Wholesale access request`) }, { name: 'robots', content: 'noindex' }],
  }),
  component: B2bRequestPage,
})

import { Trans, useLingui } from '@lingui/react/macro'
import { createRootRouteWithContext, HeadContent, Link, Outlet, Scripts } from '@tanstack/react-router'
import { StartScript } from '../components/layout/StartScript.tsx'
import { useEffect } from 'react'
import '../styles/global.css.ts'
import { fontPreloads } from '../styles/fonts.ts'
import { SiteFooter } from '../components/layout/SiteFooter.tsx'
import { SiteHeader } from '../components/layout/SiteHeader.tsx'
import { WhatsAppButton } from '../components/layout/whatsapp-later.ts'
import { button } from '../components/ui/button.css.ts'
import { ToastHost } from '../components/ui/ToastHost.tsx'
import type { RouterContext } from '../router.tsx'
import * as styles from './-root.css.ts'
import { palette } from '../../core/palette.ts'
import { partsHydrated } from '../lib/hydrate-later.tsx'
import { isNotFoundPage } from '../lib/not-found.ts'
import { notFoundHead } from '../lib/seo.ts'

export const Route = createRootRouteWithContext<RouterContext>()({
  // A 404 (an unknown path, or a route's unknown product or category) is titled as one and not indexed;
  // other pages' own heads give their titles.
  head: ({ match, matches }) => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { name: 'theme-color', content: palette.dark },
      ...(isNotFoundPage(matches) ? notFoundHead(match.context).meta : [{ title: match.context.site.company.name }]),
    ],
    links: [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }, ...fontPreloads],
  }),
  // The nav needs the account and the cart's count in the first HTML.
  loader: async ({ context: { queryClient, trpc } }) => {
    await Promise.all([queryClient.ensureQueryData(trpc.account.me.queryOptions()), queryClient.ensureQueryData(trpc.cart.get.queryOptions())])
  },
  component: RootDocument,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
})

function RootDocument() {
  const { i18n, t } = useLingui()
  const { site } = Route.useRouteContext()
  // Marks the end of hydration: browser journeys wait for it before they interact.
  // Parts hydrated later (lib/hydrate-later.tsx) count: a form is usable once its own code is there.
  useEffect(() => {
    void partsHydrated().then(() => (document.documentElement.dataset.hydrated = 'true'))
  }, [])
  return (
    <html lang={i18n.locale}>
      <head>
        <HeadContent />
      </head>
      <body>
        <SiteHeader />
        <main id="main" className={styles.main}>
          <Outlet />
        </main>
        <SiteFooter />
        {site.testPayments ? (
          <aside className={styles.testModeBanner} aria-label={t`Test mode`} data-testid="test-mode-banner">
            <Trans>Test mode: payments are simulated and no card is charged.</Trans>
          </aside>
        ) : null}
        <WhatsAppButton />
        <ToastHost />
        <Scripts />
        <StartScript />
      </body>
    </html>
  )
}

/** Unknown pages: '404 / Oops! Page not found' with a link home. */
export function NotFoundPage() {
  return (
    <section className={styles.notFound}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.notFoundTitle}>
        <span className={styles.visuallyHiddenCode}>404 · </span>
        <Trans>Oops! Page not found</Trans>
      </h1>
      <p className={styles.notFoundText}>
        <Trans>The page you are looking for does not exist or has moved.</Trans>
      </p>
      <Link to="/" className={button({ tone: 'primary', size: 'lg' })}>
        <Trans>Back to home</Trans>
      </Link>
    </section>
  )
}

function ErrorPage() {
  return (
    <section className={styles.notFound} role="alert">
      <h1 className={styles.notFoundTitle}>
        <Trans>Something went wrong</Trans>
      </h1>
      <p className={styles.notFoundText}>
        <Trans>Please try again in a moment.</Trans>
      </p>
      <Link to="/" className={button({ tone: 'primary', size: 'lg' })}>
        <Trans>Back to home</Trans>
      </Link>
    </section>
  )
}

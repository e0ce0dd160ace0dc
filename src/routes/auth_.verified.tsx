import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import { ResendVerificationButton } from '../components/account/ResendVerificationButton.tsx'
import { button } from '../components/ui/button.css.ts'
import { useAccount } from '../lib/account.ts'
import * as styles from './-auth.css.ts'

interface VerifiedSearch {
  /** better-auth's reason when the link did not work (TOKEN_EXPIRED, INVALID_TOKEN, …). */
  error?: string
  /** The link confirmed a new address rather than the first one. */
  change?: '1'
}

export const Route = createFileRoute('/auth_/verified')({
  validateSearch: (search: Record<string, unknown>): VerifiedSearch => ({
    ...(typeof search.error === 'string' ? { error: search.error } : {}),
    ...(search.change === '1' || search.change === 1 ? { change: '1' as const } : {}),
  }),
  head: ({ match }) => ({
    meta: [{ title: match.context.i18n._(msg`Email confirmation`) }, { name: 'robots', content: 'noindex' }],
  }),
  component: VerifiedPage,
})

/** Where the emailed verification link lands: whether it worked, and what to do next. */
function VerifiedPage() {
  const { error, change } = Route.useSearch()
  return (
    <div className={styles.page}>
      <div className={styles.card} role={error ? 'alert' : 'status'}>
        {error ? <LinkFailed expired={error === 'TOKEN_EXPIRED'} /> : <Confirmed change={change === '1'} />}
      </div>
    </div>
  )
}

function Confirmed({ change }: { change: boolean }) {
  const { me } = useAccount()
  return (
    <>
      <h1 className={styles.title}>{change ? <Trans>Your new email address is confirmed</Trans> : <Trans>Your email address is confirmed</Trans>}</h1>
      <p className={styles.lead}>
        <Trans>
          Thank you. Orders you placed with this address without an account now appear in your orders, and you can request wholesale access.
        </Trans>
      </p>
      {me ? (
        <Link to="/account" className={button({ tone: 'primary' })}>
          <Trans>Go to my account</Trans>
        </Link>
      ) : (
        <Link to="/auth" search={{ redirect: '/account' }} className={button({ tone: 'primary' })}>
          <Trans>Sign in</Trans>
        </Link>
      )}
    </>
  )
}

function LinkFailed({ expired }: { expired: boolean }) {
  const { me } = useAccount()
  return (
    <>
      <h1 className={styles.title}>{expired ? <Trans>This link has expired</Trans> : <Trans>This link is not valid</Trans>}</h1>
      <p className={styles.lead}>
        {me ? (
          <Trans>Ask for a new link below; it will reach {me.user.email}.</Trans>
        ) : (
          <Trans>Sign in and ask for a new link from the reminder at the top of the page.</Trans>
        )}
      </p>
      {me && !me.user.emailVerified ? (
        <ResendVerificationButton email={me.user.email} />
      ) : !me ? (
        <Link to="/auth" search={{ redirect: '/account' }} className={button({ tone: 'primary' })}>
          <Trans>Sign in</Trans>
        </Link>
      ) : null}
    </>
  )
}

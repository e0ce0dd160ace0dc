import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { ResendVerificationButton } from '../components/account/ResendVerificationButton.tsx'
import { B2bRequestDialog } from '../components/b2b/B2bRequestDialog.tsx'
import { button } from '../components/ui/button.css.ts'
import { PageHeader } from '../components/ui/PageHeader.tsx'
import { useLanguage } from '../i18n/useLanguage.ts'
import { useAccount } from '../lib/account.ts'
import { formatDate } from '../lib/format.ts'
import { pageHead } from '../lib/seo.ts'
import { useTRPC } from '../lib/trpc.ts'
import { useCompany } from '../lib/company.ts'
import { formatEuros } from '../../core/money.ts'
import * as styles from './-b2b.css.ts'

export const Route = createFileRoute('/b2b')({
  loader: async ({ context: { queryClient, trpc } }) => {
    await Promise.all([
      queryClient.ensureQueryData(trpc.b2b.status.queryOptions()),
      queryClient.ensureQueryData(trpc.catalog.wholesaleFrom.queryOptions()),
    ])
  },
  head: ({ match }) =>
    pageHead(match.context, {
      title: match.context.i18n._(msg`Wholesale (B2B) access`),
      description: match.context.i18n._(msg`Installers, shops and builders: request a wholesale account and buy panels at wholesale prices.`),
      path: '/b2b',
    }),
  component: B2bPage,
})

function B2bPage() {
  const language = useLanguage()
  const trpc = useTRPC()
  const { data: fromCents } = useSuspenseQuery(trpc.catalog.wholesaleFrom.queryOptions())
  const price = fromCents === null ? null : formatEuros(fromCents, language)
  return (
    <>
      <PageHeader
        title={<Trans>Wholesale (B2B) access</Trans>}
        lead={
          price === null ? (
            <Trans>Installers, decor shops and builders buy our panels at wholesale prices.</Trans>
          ) : (
            <Trans>Installers, decor shops and builders buy our panels at wholesale prices, from {price} per panel.</Trans>
          )
        }
      />
      <div className={styles.page}>
        <B2bState />
      </div>
    </>
  )
}

/** One card per state of docs/product.md#b2b, as b2b.status reports it. */
function B2bState() {
  const trpc = useTRPC()
  const company = useCompany()
  const language = useLanguage()
  const { data: status } = useSuspenseQuery(trpc.b2b.status.queryOptions())
  const contact = (
    <p className={styles.contact}>
      <a href={`mailto:${company.email}`}>{company.email}</a> · <a href={`tel:+${company.phoneDigits}`}>{company.phone}</a>
    </p>
  )
  switch (status.state) {
    case 'signed_out':
      return (
        <StateCard state={status.state} title={<Trans>Sign in to request wholesale access</Trans>}>
          <p>
            <Trans>Wholesale access belongs to a customer account. Sign in, or create an account, and then send us your request.</Trans>
          </p>
          <Link to="/auth" search={{ redirect: '/b2b' }} className={button({ tone: 'primary' })}>
            <Trans>Sign in</Trans>
          </Link>
        </StateCard>
      )
    case 'approved':
      return (
        <StateCard state={status.state} good title={<Trans>B2B access approved</Trans>}>
          <p>
            <Trans>You see wholesale prices across the shop, in your cart and at checkout.</Trans>
          </p>
          <Link to="/shop" className={button({ tone: 'accent' })}>
            <Trans>Shop now</Trans>
          </Link>
        </StateCard>
      )
    case 'unverified':
      return <UnverifiedCard />
    case 'pending':
      return (
        <StateCard state={status.state} title={<Trans>Request pending</Trans>}>
          <p>
            <Trans>
              Your account sees retail prices. Send us your business details and we will review your request, usually within one working day.
            </Trans>
          </p>
          {status.prefill ? <B2bRequestDialog prefill={status.prefill} /> : null}
        </StateCard>
      )
    case 'requested': {
      const date = status.requestedAt ? formatDate(status.requestedAt, language) : ''
      return (
        <StateCard state={status.state} title={<Trans>Request sent</Trans>}>
          <p>
            <Trans>
              We received your request on <time dateTime={status.requestedAt ?? undefined}>{date}</time>. We will contact you soon; you will get an
              email as soon as wholesale prices are on.
            </Trans>
          </p>
        </StateCard>
      )
    }
    case 'rejected':
      return (
        <StateCard state={status.state} title={<Trans>We could not approve your request</Trans>}>
          <p>
            <Trans>
              Thank you for your interest. We could not open a wholesale account with the details we received. If you think we should look again,
              please contact us:
            </Trans>
          </p>
          {contact}
        </StateCard>
      )
    case 'revoked':
      return (
        <StateCard state={status.state} title={<Trans>Your wholesale access has ended</Trans>}>
          <p>
            <Trans>Your account now sees retail prices. To talk about wholesale terms again, please contact us:</Trans>
          </p>
          {contact}
        </StateCard>
      )
  }
}

/** The card of one state: its heading names the state for screen readers and the journeys. */
function StateCard({ state, title, good = false, children }: { state: string; title: ReactNode; good?: boolean; children: ReactNode }) {
  return (
    <section className={styles.card({ tone: good ? 'good' : 'neutral' })} aria-labelledby="b2b-state" data-state={state}>
      <h2 id="b2b-state" className={styles.title}>
        {title}
      </h2>
      {children}
    </section>
  )
}

/** Signed in, address not yet proven: a wholesale request would speak for someone else's address. */
function UnverifiedCard() {
  const { me } = useAccount()
  const email = me?.user.email ?? ''
  return (
    <StateCard state="unverified" title={<Trans>Confirm your email address first</Trans>}>
      <p>
        <Trans>Wholesale access is given to confirmed addresses only. Open the link we sent to {email}, then come back to send your request.</Trans>
      </p>
      {email ? <ResendVerificationButton email={email} /> : null}
    </StateCard>
  )
}

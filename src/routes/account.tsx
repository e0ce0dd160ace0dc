import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, redirect } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { DataSection } from '../components/account/DataSection.tsx'
import { EmailSection } from '../components/account/EmailSection.tsx'
import { PasswordForm } from '../components/account/PasswordForm.tsx'
import { ProfileForm } from '../components/account/ProfileForm.tsx'
import { SessionsSection } from '../components/account/SessionsSection.tsx'
import { TwoFactorSection } from '../components/account/TwoFactorSection.tsx'
import { button } from '../components/ui/button.css.ts'
import { PageHeader } from '../components/ui/PageHeader.tsx'
import { useAccount } from '../lib/account.ts'
import { pageHead } from '../lib/seo.ts'
import { useTRPC } from '../lib/trpc.ts'
import * as styles from './-account.css.ts'

export const Route = createFileRoute('/account')({
  // Convenience only: every account.* procedure refuses anyone not signed in.
  beforeLoad: async ({ context: { queryClient, trpc } }) => {
    const me = await queryClient.ensureQueryData(trpc.account.me.queryOptions())
    if (!me) throw redirect({ to: '/auth', search: { redirect: '/account' } })
  },
  loader: ({ context: { queryClient, trpc } }) =>
    Promise.all([
      queryClient.ensureQueryData(trpc.account.profile.queryOptions()),
      queryClient.ensureQueryData(trpc.account.sessions.queryOptions()),
    ]),
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

function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section id={id} className={styles.section} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        {title}
      </h2>
      {children}
    </section>
  )
}

function AccountPage() {
  const trpc = useTRPC()
  const { data: profile } = useSuspenseQuery(trpc.account.profile.queryOptions())
  const { me } = useAccount()
  return (
    <>
      <PageHeader title={<Trans>My account</Trans>} />
      <div className={styles.page}>
        <Section id="profile" title={<Trans>Profile</Trans>}>
          <ProfileForm profile={profile} />
        </Section>
        <Section id="email" title={<Trans>Email address</Trans>}>
          <EmailSection email={profile.email} verified={profile.emailVerified} />
        </Section>
        <Section id="password" title={<Trans>Password</Trans>}>
          <PasswordForm />
        </Section>
        <Section id="two-factor" title={<Trans>Two-factor authentication</Trans>}>
          <TwoFactorSection enabled={me?.user.twoFactorEnabled ?? false} />
        </Section>
        <Section id="sessions" title={<Trans>Where you are signed in</Trans>}>
          <SessionsSection />
        </Section>
        <Section id="orders" title={<Trans>Orders</Trans>}>
          <p className={styles.muted}>
            <Trans>Your orders and their status, including those you placed with this address before creating the account.</Trans>
          </p>
          <div>
            <Link to="/orders" className={button({ tone: 'outline' })}>
              <Trans>My orders</Trans>
            </Link>
          </div>
        </Section>
        <Section id="data" title={<Trans>Your data</Trans>}>
          <DataSection />
        </Section>
      </div>
    </>
  )
}

import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { BillingSection } from './BillingSection.tsx'
import { DataSection } from './DataSection.tsx'
import { EmailSection } from './EmailSection.tsx'
import { PasswordForm } from './PasswordForm.tsx'
import { ProfileForm } from './ProfileForm.tsx'
import { SessionsSection } from './SessionsSection.tsx'
import { TwoFactorSection } from './TwoFactorSection.tsx'
import { button } from '../ui/button.css.ts'
import { PageHeader } from '../ui/PageHeader.tsx'
import { useAccount } from '../../lib/account.ts'
import { useTRPC } from '../../lib/trpc.ts'
import * as styles from '../../routes/-account.css.ts'

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

export function AccountPage() {
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
        <Section id="billing" title={<Trans>Billing details</Trans>}>
          <BillingSection />
        </Section>
        <Section id="email" title={<Trans>Email address</Trans>}>
          <EmailSection email={profile.email} verified={profile.emailVerified} twoFactor={me?.user.twoFactorEnabled ?? false} />
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

import { Trans, useLingui } from '@lingui/react/macro'
import * as Tabs from '@radix-ui/react-tabs'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { AdminMessages } from './AdminMessages.tsx'
import { AdminOrders } from './AdminOrders.tsx'
import { ApprovedUsers } from './ApprovedUsers.tsx'
import { PendingRequests } from './PendingRequests.tsx'
import { button } from '../ui/button.css.ts'
import { PageHeader } from '../ui/PageHeader.tsx'
import { useAccount } from '../../lib/account.ts'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { formatNumber } from '../../lib/format.ts'
import { useTRPC } from '../../lib/trpc.ts'
import * as styles from './AdminPage.css.ts'

/** How long the access denied card stays before the visitor is sent home. */
const deniedRedirectMs = 1500

export function AdminPage() {
  const { admin, me } = useAccount()
  if (!admin) return <AccessDenied />
  return me?.needsTwoFactor ? <TwoFactorRequired /> : <AdminDashboard />
}

/** ADMIN_REQUIRE_2FA: the server refuses every admin.* call until two-factor is on; this says why. */
function TwoFactorRequired() {
  return (
    <div className={styles.deniedPage}>
      <section className={styles.denied} role="alert" data-testid="two-factor-required">
        <h1 className={styles.deniedTitle}>
          <Trans>Two-factor authentication required</Trans>
        </h1>
        <p>
          <Trans>Turn on two-factor authentication on your account page to use the admin dashboard.</Trans>
        </p>
        <Link to="/account" hash="two-factor" className={button({ tone: 'primary' })}>
          <Trans>Set up two-factor</Trans>
        </Link>
      </section>
    </div>
  )
}

function AccessDenied() {
  const navigate = useNavigate()
  useEffect(() => {
    const timer = setTimeout(() => void navigate({ to: '/', replace: true }), deniedRedirectMs)
    return () => clearTimeout(timer)
  }, [navigate])
  return (
    <div className={styles.deniedPage}>
      <section className={styles.denied} role="alert" data-testid="access-denied">
        <h1 className={styles.deniedTitle}>
          <Trans>Access denied</Trans>
        </h1>
        <p>
          <Trans>This page is for administrators only</Trans>
        </p>
      </section>
    </div>
  )
}

function AdminDashboard() {
  const { t } = useLingui()
  const trpc = useTRPC()
  const language = useLanguage()
  const pending = useQuery(trpc.admin.pendingRequests.queryOptions()).data?.length ?? 0
  const approved = useQuery(trpc.admin.approvedUsers.queryOptions()).data?.length ?? 0
  const pendingCount = formatNumber(pending, language)
  const approvedCount = formatNumber(approved, language)
  return (
    <>
      <PageHeader
        title={<Trans>Admin dashboard</Trans>}
        lead={<Trans>Review wholesale requests, manage wholesale customers and follow orders.</Trans>}
      />
      <div className={styles.page}>
        <Tabs.Root defaultValue="requests" className={styles.tabs}>
          <Tabs.List className={styles.tabList} aria-label={t`Dashboard sections`}>
            <Tabs.Trigger value="requests" className={styles.tab}>
              <Trans>B2B requests ({pendingCount})</Trans>
            </Tabs.Trigger>
            <Tabs.Trigger value="customers" className={styles.tab}>
              <Trans>Wholesale customers ({approvedCount})</Trans>
            </Tabs.Trigger>
            <Tabs.Trigger value="orders" className={styles.tab}>
              <Trans>Orders</Trans>
            </Tabs.Trigger>
            <Tabs.Trigger value="messages" className={styles.tab}>
              <Trans>Messages</Trans>
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="requests" className={styles.panel}>
            <PendingRequests />
          </Tabs.Content>
          <Tabs.Content value="customers" className={styles.panel}>
            <ApprovedUsers />
          </Tabs.Content>
          <Tabs.Content value="orders" className={styles.panel}>
            <AdminOrders />
          </Tabs.Content>
          <Tabs.Content value="messages" className={styles.panel}>
            <AdminMessages />
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </>
  )
}

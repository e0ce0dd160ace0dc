import { Trans, useLingui } from '@lingui/react/macro'
import * as Tabs from '@radix-ui/react-tabs'
import { useQuery } from '@tanstack/react-query'
import { AdminBackups } from './AdminBackups.tsx'
import { AdminMessages } from './AdminMessages.tsx'
import { AdminOrders } from './AdminOrders.tsx'
import { ApprovedUsers } from './ApprovedUsers.tsx'
import { PendingRequests } from './PendingRequests.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { formatNumber } from '../../lib/format.ts'
import { useTRPC } from '../../lib/trpc.ts'
import * as styles from './AdminPage.css.ts'

/** /admin's dashboard; the layout (src/routes/admin.tsx) has shown the gate and the nav. */
export function AdminPage() {
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
            <Tabs.Trigger value="backups" className={styles.tab}>
              <Trans>Backups</Trans>
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
          <Tabs.Content value="backups" className={styles.panel}>
            <AdminBackups />
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </>
  )
}

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
  const sections = [
    { value: 'requests', label: <Trans>B2B requests ({pendingCount})</Trans>, content: <PendingRequests /> },
    { value: 'customers', label: <Trans>Wholesale customers ({approvedCount})</Trans>, content: <ApprovedUsers /> },
    { value: 'orders', label: <Trans>Orders</Trans>, content: <AdminOrders /> },
    { value: 'messages', label: <Trans>Messages</Trans>, content: <AdminMessages /> },
    { value: 'backups', label: <Trans>Backups</Trans>, content: <AdminBackups /> },
  ]
  return (
    <>
      <PageHeader
        title={<Trans>Admin dashboard</Trans>}
        lead={<Trans>Review wholesale requests, manage wholesale customers and follow orders.</Trans>}
      />
      <div className={styles.page}>
        <Tabs.Root defaultValue="requests" className={styles.tabs}>
          <Tabs.List className={styles.tabList} aria-label={t`Dashboard sections`}>
            {sections.map((section) => (
              <Tabs.Trigger key={section.value} value={section.value} className={styles.tab}>
                {section.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {sections.map((section) => (
            <Tabs.Content key={section.value} value={section.value} className={styles.panel}>
              {section.content}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </div>
    </>
  )
}

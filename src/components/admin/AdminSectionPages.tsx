import { Trans } from '@lingui/react/macro'
import { getRouteApi } from '@tanstack/react-router'
import { PageHeader } from '../ui/PageHeader.tsx'
import { AdminBackups } from './AdminBackups.tsx'
import { AdminMessages } from './AdminMessages.tsx'
import { ApprovedUsers } from './ApprovedUsers.tsx'
import { PendingRequests } from './PendingRequests.tsx'
import * as styles from './AdminHome.css.ts'

// The admin's sections, each at its own URL (docs/product.md#fulfilment), so a reload stays put.

/** /admin/requests: wholesale requests waiting for a decision. */
export function RequestsPage() {
  return (
    <>
      <PageHeader title={<Trans>B2B requests</Trans>} lead={<Trans>Approve or reject the requests for wholesale access.</Trans>} />
      <div className={styles.page}>
        <PendingRequests />
      </div>
    </>
  )
}

/** /admin/customers: approved wholesale customers. */
export function CustomersPage() {
  return (
    <>
      <PageHeader
        title={<Trans>Wholesale customers</Trans>}
        lead={<Trans>Customers who see wholesale prices: revoke their access, or apply the recargo de equivalencia.</Trans>}
      />
      <div className={styles.page}>
        <ApprovedUsers />
      </div>
    </>
  )
}

const messagesRoute = getRouteApi('/admin/messages')

/** /admin/messages: contact messages and catalog requests, or only the messages still to answer. */
export function MessagesPage() {
  const { unanswered } = messagesRoute.useSearch()
  return (
    <>
      <PageHeader title={<Trans>Messages</Trans>} lead={<Trans>What visitors wrote through the contact form, and their catalog requests.</Trans>} />
      <div className={styles.page}>
        <AdminMessages key={String(unanswered === true)} unanswered={unanswered === true} />
      </div>
    </>
  )
}

/** /admin/backups: the embedded database's backups. */
export function BackupsPage() {
  return (
    <>
      <PageHeader title={<Trans>Backups</Trans>} />
      <div className={styles.page}>
        <AdminBackups />
      </div>
    </>
  )
}

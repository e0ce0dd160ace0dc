import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useSuspenseQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { formatDate, formatNumber } from '../../lib/format.ts'
import { useTRPC } from '../../lib/trpc.ts'
import { button } from '../ui/button.css.ts'
import * as styles from './admin.css.ts'
import { AdminTable } from './AdminTable.tsx'
import { useAdminAction } from './use-admin-action.ts'

/** Waiting B2B requests with Approve and Reject (docs/product.md#b2b). */
export function PendingRequests() {
  const { t } = useLingui()
  const trpc = useTRPC()
  const language = useLanguage()
  const { data: requests } = useSuspenseQuery(trpc.admin.pendingRequests.queryOptions())
  const approve = useMutation(trpc.admin.approve.mutationOptions())
  const reject = useMutation(trpc.admin.reject.mutationOptions())
  const { act } = useAdminAction()
  const [busy, setBusy] = useState<string | null>(null)
  const count = formatNumber(requests.length, language)

  const decide = async (id: string, decision: 'approve' | 'reject') => {
    setBusy(id)
    try {
      if (decision === 'approve') {
        await act(() => approve.mutateAsync({ id }), { success: t`B2B access granted` })
      } else {
        await act(() => reject.mutateAsync({ id }), { success: t`Request rejected successfully` })
      }
    } finally {
      setBusy(null)
    }
  }

  return (
    <section className={styles.section} aria-labelledby="pending-heading">
      <h2 id="pending-heading" className={styles.heading}>
        <Trans>Pending B2B requests ({count})</Trans>
      </h2>
      <AdminTable
        labelledBy="pending-heading"
        testId="pending-requests"
        columns={[t`Name`, t`Email`, t`Email verified`, t`Phone`, t`Company`, t`Message`, t`Date`, t`Actions`]}
        rows={requests.length}
        empty={<Trans>No pending requests</Trans>}
      >
        {requests.map((request) => {
          const name = request.name
          const company = request.company ?? ''
          return (
            <tr key={request.id}>
              <td className={styles.td}>{name}</td>
              <td className={styles.td}>
                <a href={`mailto:${request.email}`}>{request.email}</a>
              </td>
              <td className={styles.td}>{request.emailVerified ? <Trans>Yes</Trans> : <Trans>No</Trans>}</td>
              <td className={`${styles.td} ${styles.nowrap}`}>{request.phone}</td>
              <td className={styles.td}>{company}</td>
              <td className={`${styles.td} ${styles.message}`}>{request.message}</td>
              <td className={`${styles.td} ${styles.nowrap}`}>
                <time dateTime={request.createdAt}>{formatDate(request.createdAt, language, true)}</time>
              </td>
              <td className={styles.td}>
                <div className={styles.actions}>
                  <button
                    type="button"
                    className={button({ tone: 'accent', size: 'sm' })}
                    disabled={busy !== null}
                    aria-label={t`Approve ${name} (${company})`}
                    onClick={() => void decide(request.id, 'approve')}
                  >
                    <Trans>Approve</Trans>
                  </button>
                  <button
                    type="button"
                    className={button({ tone: 'outline', size: 'sm' })}
                    disabled={busy !== null}
                    aria-label={t`Reject ${name} (${company})`}
                    onClick={() => void decide(request.id, 'reject')}
                  >
                    <Trans>Reject</Trans>
                  </button>
                </div>
              </td>
            </tr>
          )
        })}
      </AdminTable>
    </section>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useSuspenseQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { formatNumber } from '../../lib/format.ts'
import { useTRPC, type RouterOutputs } from '../../lib/trpc.ts'
import { button } from '../ui/button.css.ts'
import * as styles from './admin.css.ts'
import { AdminListSection } from './AdminSection.tsx'
import { whenColumn, type Column } from './AdminTable.tsx'
import { useAdminAction } from './use-admin-action.ts'
import { visitorMessageText } from './request-message.ts'

type PendingRequest = RouterOutputs['admin']['pendingRequests'][number]

/** Waiting B2B requests with Approve and Reject (docs/product.md#b2b). */
export function PendingRequests() {
  const { t, i18n } = useLingui()
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

  const columns: Column<PendingRequest>[] = [
    { header: t`Name`, cell: (request) => request.name },
    { header: t`Email`, cell: (request) => <a href={`mailto:${request.email}`}>{request.email}</a> },
    { header: t`Email verified`, cell: (request) => (request.emailVerified ? <Trans>Yes</Trans> : <Trans>No</Trans>) },
    { header: t`Phone`, className: styles.nowrap, cell: (request) => request.phoneDisplay },
    { header: t`Company`, cell: (request) => request.company ?? '' },
    {
      header: t`Message`,
      className: styles.message,
      cell: (request) => (request.message === null ? null : visitorMessageText(i18n, request.message)),
    },
    whenColumn(t`Date`, language, (request) => request.createdAt),
    {
      header: t`Actions`,
      cell: (request) => {
        const name = request.name
        const company = request.company ?? ''
        return (
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
        )
      },
    },
  ]

  return (
    <AdminListSection
      headingId="pending-heading"
      title={<Trans>Pending B2B requests ({count})</Trans>}
      testId="pending-requests"
      columns={columns}
      rows={requests}
      rowKey={(request) => request.id}
      empty={<Trans>No pending requests</Trans>}
    />
  )
}

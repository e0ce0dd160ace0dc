import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { formatNumber } from '../../lib/format.ts'
import { useTRPC, type RouterOutputs } from '../../lib/trpc.ts'
import { PageLoading } from '../PageLoading.tsx'
import { button } from '../ui/button.css.ts'
import * as styles from './admin.css.ts'
import { Pager } from './Pager.tsx'
import { AdminListSection } from './AdminSection.tsx'
import { whenColumn, type Column } from './AdminTable.tsx'
import { useAdminAction } from './use-admin-action.ts'
import { visitorMessageText } from './request-message.ts'

type VisitorMessage = RouterOutputs['admin']['messages']['messages'][number]

const sourceLabels = { contact: msg`Contact message`, catalog_request: msg`Catalog request`, b2b_request: msg`B2B request`, b2b: msg`B2B request` }
const statusLabels = {
  new: msg`New`,
  answered: msg`Answered`,
  approved: msg`Approved`,
  pending_manual_approval: msg`Pending`,
  rejected: msg`Rejected`,
  revoked: msg`Revoked`,
}

const catalogIn = { es: msg`Catalog in Spanish`, en: msg`Catalog in English` }

/**
 * Contact messages and catalog requests, newest first, a page at a time (core/admin-lists.ts); each
 * can be marked answered. `unanswered`: only the contact messages still to answer (?unanswered=true).
 */
export function AdminMessages({ unanswered = false }: { unanswered?: boolean }) {
  const { t, i18n } = useLingui()
  const trpc = useTRPC()
  const language = useLanguage()
  const [page, setPage] = useState(1)
  const { data } = useQuery({
    ...trpc.admin.messages.queryOptions({ page, ...(unanswered ? { unanswered: true } : {}) }),
    placeholderData: keepPreviousData,
  })
  if (!data) return <PageLoading />
  const columns: Column<VisitorMessage>[] = [
    whenColumn(t`Date`, language, (message) => message.createdAt),
    { header: t`Type`, cell: (message) => i18n._(sourceLabels[message.source]) },
    {
      header: t`From`,
      cell: (message) => (
        <>
          {message.name}
          <br />
          <a href={`mailto:${message.email}`}>{message.email}</a>
          {message.phone ? (
            <>
              <br />
              <a href={`tel:${message.phone}`}>{message.phoneDisplay}</a>
            </>
          ) : null}
        </>
      ),
    },
    { header: t`Company`, cell: (message) => message.company },
    {
      header: t`Message`,
      className: styles.message,
      cell: (message) =>
        message.message !== null
          ? visitorMessageText(i18n, message.message)
          : message.source === 'catalog_request'
            ? i18n._(catalogIn[message.language])
            : '',
    },
    { header: t`Status`, cell: (message) => i18n._(statusLabels[message.status]) },
    { header: t`Actions`, cell: (message) => (message.status === 'new' ? <MarkAnswered message={message} /> : null) },
  ]
  const total = formatNumber(data.total, language)
  return (
    <AdminListSection
      headingId="messages-heading"
      title={unanswered ? <Trans>Messages to answer ({total})</Trans> : <Trans>Messages and catalog requests ({total})</Trans>}
      action={
        unanswered ? (
          <Link to="/admin/messages" search={{}} className={button({ tone: 'outline', size: 'sm' })}>
            <Trans>Show all messages</Trans>
          </Link>
        ) : (
          <Link to="/admin/messages" search={{ unanswered: true }} className={button({ tone: 'outline', size: 'sm' })}>
            <Trans>Only messages to answer</Trans>
          </Link>
        )
      }
      testId="admin-messages"
      columns={columns}
      rows={data.messages}
      rowKey={(message) => message.id}
      empty={unanswered ? <Trans>No messages to answer</Trans> : <Trans>No messages yet</Trans>}
      after={<Pager page={data.page} pageCount={data.pageCount} onPage={setPage} label={t`Message pages`} />}
    />
  )
}

function MarkAnswered({ message }: { message: VisitorMessage }) {
  const { t } = useLingui()
  const trpc = useTRPC()
  const mark = useMutation(trpc.admin.markAnswered.mutationOptions())
  const { act } = useAdminAction()
  const name = message.name
  return (
    <button
      type="button"
      className={button({ tone: 'outline', size: 'sm' })}
      disabled={mark.isPending}
      aria-label={t`Mark the message from ${name} as answered`}
      onClick={() => void act(() => mark.mutateAsync({ id: message.id }), { success: t`Marked as answered` })}
    >
      <Trans>Mark as answered</Trans>
    </button>
  )
}

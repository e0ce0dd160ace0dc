import * as Dialog from '@radix-ui/react-dialog'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useSuspenseQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { formatNumber } from '../../lib/format.ts'
import { useTRPC, type RouterOutputs } from '../../lib/trpc.ts'
import { button } from '../ui/button.css.ts'
import * as dialog from '../ui/dialog.css.ts'
import * as styles from './admin.css.ts'
import { AdminListSection } from './AdminSection.tsx'
import { whenColumn, type Column } from './AdminTable.tsx'
import { useAdminAction } from './use-admin-action.ts'

type ApprovedUser = RouterOutputs['admin']['approvedUsers'][number]

/** Wholesale customers, newest approval first, each revocable after a confirmation. */
export function ApprovedUsers() {
  const { t } = useLingui()
  const trpc = useTRPC()
  const language = useLanguage()
  const { data: users } = useSuspenseQuery(trpc.admin.approvedUsers.queryOptions())
  const count = formatNumber(users.length, language)
  const columns: Column<ApprovedUser>[] = [
    { header: t`Name`, cell: (user) => user.name },
    { header: t`Email`, cell: (user) => <a href={`mailto:${user.email}`}>{user.email}</a> },
    { header: t`Phone`, className: styles.nowrap, cell: (user) => user.phone },
    { header: t`Company`, cell: (user) => user.company },
    whenColumn(t`Approved on`, language, (user) => user.approvedAt),
    { header: t`Actions`, cell: (user) => <RevokeButton user={user} /> },
  ]
  return (
    <AdminListSection
      headingId="approved-heading"
      title={<Trans>Approved B2B users ({count})</Trans>}
      testId="approved-users"
      columns={columns}
      rows={users}
      rowKey={(user) => user.userId}
      empty={<Trans>No approved wholesale customers yet</Trans>}
    />
  )
}

/** Revoke asks first: the customer loses wholesale prices at once, their cart included. */
function RevokeButton({ user }: { user: ApprovedUser }) {
  const { t } = useLingui()
  const trpc = useTRPC()
  const revoke = useMutation(trpc.admin.revoke.mutationOptions())
  const { act } = useAdminAction()
  const [open, setOpen] = useState(false)
  const name = user.name
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={button({ tone: 'outline', size: 'sm' })} aria-label={t`Revoke wholesale access of ${name}`}>
        <Trans>Revoke</Trans>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={dialog.overlay} />
        <Dialog.Content className={dialog.content} role="alertdialog">
          <Dialog.Title className={dialog.title}>
            <Trans>Revoke wholesale access?</Trans>
          </Dialog.Title>
          <Dialog.Description className={dialog.description}>
            <Trans>{name} will see retail prices from their next visit, including the panels in their cart.</Trans>
          </Dialog.Description>
          <div className={dialog.actions}>
            <Dialog.Close className={button({ tone: 'outline' })}>
              <Trans>Cancel</Trans>
            </Dialog.Close>
            <button
              type="button"
              className={button({ tone: 'primary' })}
              disabled={revoke.isPending}
              onClick={async () => {
                await act(() => revoke.mutateAsync({ userId: user.userId }), { success: t`Wholesale access revoked` })
                setOpen(false)
              }}
            >
              <Trans>Revoke access</Trans>
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

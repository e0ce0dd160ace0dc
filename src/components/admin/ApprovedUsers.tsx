import * as Dialog from '@radix-ui/react-dialog'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useSuspenseQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { formatNumber } from '../../lib/format.ts'
import { useTRPC, type RouterOutputs } from '../../lib/trpc.ts'
import { button } from '../ui/button.css.ts'
import * as dialog from '../ui/dialog.css.ts'
import { badge } from '../orders/StatusBadges.css.ts'
import * as styles from './admin.css.ts'
import { AdminListSection } from './AdminSection.tsx'
import { whenColumn, type Column } from './AdminTable.tsx'
import { useAdminAction } from './use-admin-action.ts'

type ApprovedUser = RouterOutputs['admin']['approvedUsers'][number]

/**
 * Wholesale customers, newest approval first, each revocable after a confirmation; each put under
 * the recargo de equivalencia, or out of it, after a confirmation too, when their tax id allows it.
 */
export function ApprovedUsers() {
  const { t } = useLingui()
  const trpc = useTRPC()
  const language = useLanguage()
  const { data: users } = useSuspenseQuery(trpc.admin.approvedUsers.queryOptions())
  const count = formatNumber(users.length, language)
  const columns: Column<ApprovedUser>[] = [
    { header: t`Name`, cell: (user) => user.name },
    { header: t`Email`, cell: (user) => <a href={`mailto:${user.email}`}>{user.email}</a> },
    { header: t`Phone`, className: styles.nowrap, cell: (user) => user.phoneDisplay },
    { header: t`Company`, cell: (user) => user.company },
    // The tax id tells the owner whether the recargo may apply (core/equivalence-surcharge.ts).
    { header: t({ message: 'Tax id', context: 'column header' }), className: styles.nowrap, cell: (user) => user.taxId ?? '' },
    { header: t`Equivalence surcharge`, cell: (user) => <SurchargeCell user={user} /> },
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

/**
 * Whether the customer pays the recargo de equivalencia (docs/decisions/029), and the button that
 * changes it. A company or a foreign tax id is never under it: no button, and why. A customer under
 * it whose tax id no longer allows it can still be taken out.
 */
function SurchargeCell({ user }: { user: ApprovedUser }) {
  if (user.surcharge) {
    return (
      <div className={styles.surcharge}>
        <span className={badge({ tone: 'good' })}>
          <Trans>Yes</Trans>
        </span>
        <SurchargeButton user={user} applies={false} />
      </div>
    )
  }
  if (user.surchargeEligibility === 'notAllowed') {
    return (
      <span className={styles.muted}>
        <Trans>Not applicable (company or foreign tax id)</Trans>
      </span>
    )
  }
  return (
    <div className={styles.surcharge}>
      <span className={badge({ tone: 'neutral' })}>
        <Trans>No</Trans>
      </span>
      <SurchargeButton user={user} applies />
    </div>
  )
}

/**
 * Applying or removing the recargo asks first, as Revoke does: it changes what the customer pays
 * from their next order on (their open cart included), never an order already placed.
 */
function SurchargeButton({ user, applies }: { user: ApprovedUser; applies: boolean }) {
  const { t } = useLingui()
  const trpc = useTRPC()
  const setSurcharge = useMutation(trpc.admin.setSurcharge.mutationOptions())
  const { act } = useAdminAction()
  const [open, setOpen] = useState(false)
  const name = user.name
  const confirm = applies ? <Trans>Apply surcharge</Trans> : <Trans>Remove surcharge</Trans>
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        className={button({ tone: 'outline', size: 'sm' })}
        aria-label={applies ? t`Apply surcharge to ${name}` : t`Remove surcharge from ${name}`}
      >
        {confirm}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={dialog.overlay} />
        <Dialog.Content className={dialog.content} role="alertdialog">
          <Dialog.Title className={dialog.title}>
            {applies ? <Trans>Apply the equivalence surcharge?</Trans> : <Trans>Remove the equivalence surcharge?</Trans>}
          </Dialog.Title>
          <Dialog.Description asChild>
            <div className={`${dialog.description} ${styles.dialogText}`}>
              {applies ? (
                <p>
                  <Trans>
                    {name} will pay the equivalence surcharge (recargo de equivalencia) on the taxable base of their next orders, and will see it in
                    the cart before paying. Orders already placed do not change.
                  </Trans>
                </p>
              ) : (
                <p>
                  <Trans>{name} will no longer pay the equivalence surcharge on their next orders. Orders already placed do not change.</Trans>
                </p>
              )}
              {applies && user.surchargeEligibility === 'civilSociety' ? (
                <p className={styles.caution} data-testid="civil-society-warning">
                  <Trans>
                    A civil society (a CIF beginning with J) is under the equivalence surcharge only if it has no mercantile purpose: check it before
                    applying it.
                  </Trans>
                </p>
              ) : null}
            </div>
          </Dialog.Description>
          <div className={dialog.actions}>
            <Dialog.Close className={button({ tone: 'outline' })}>
              <Trans>Cancel</Trans>
            </Dialog.Close>
            <button
              type="button"
              className={button({ tone: 'primary' })}
              disabled={setSurcharge.isPending}
              onClick={async () => {
                await act(() => setSurcharge.mutateAsync({ userId: user.userId, applies }), {
                  success: applies ? t`Equivalence surcharge applied` : t`Equivalence surcharge removed`,
                })
                setOpen(false)
              }}
            >
              {confirm}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

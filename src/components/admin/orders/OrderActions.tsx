import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { useRef } from 'react'
import { useTRPC } from '../../../lib/trpc.ts'
import { ConfirmActionDialog } from './ConfirmActionDialog.tsx'
import type { AdminOrder } from './OrderPage.tsx'
import { RefundDialog } from './RefundDialog.tsx'
import { ShipDialog } from './ShipDialog.tsx'
import * as styles from './OrderPage.css.ts'
import { useAdminAction } from '../use-admin-action.ts'
import { useTransitionToast } from './use-transition-toast.ts'
import { AdminCard } from '../AdminSection.tsx'

/**
 * What can happen to the order now, as the server says (`allowed`): ship, mark delivered, cancel
 * (unpaid) or refund (paid: in part or all that is left), each asked first. After one, the order is fetched again and the
 * keyboard lands on this section's heading, since the button used may no longer be there.
 */
export function OrderActions({ order }: { order: AdminOrder }) {
  const { t } = useLingui()
  const trpc = useTRPC()
  const { act, refresh } = useAdminAction()
  const toastOf = useTransitionToast()
  // The dialog closes first (and `finished` refreshes): its button may go with the refetch.
  const attempt = (call: () => Promise<{ changed: boolean }>, success: string) => act(call, { success: toastOf(success), refresh: false })
  const heading = useRef<HTMLHeadingElement>(null)
  const deliver = useMutation(trpc.admin.orders.deliver.mutationOptions())
  const cancel = useMutation(trpc.admin.orders.cancel.mutationOptions())
  const { id, allowed } = order
  const number = order.orderNumber
  const email = order.customerEmail
  const finished = () => {
    heading.current?.focus()
    void refresh()
  }
  const none = !allowed.ship && !allowed.deliver && !allowed.cancel && !allowed.refund
  return (
    <AdminCard headingId="order-actions-heading" title={<Trans>Actions</Trans>} testId="order-actions" headingRef={heading}>
      {none ? (
        <p className={styles.muted}>
          <Trans>Nothing more can be done with this order.</Trans>
        </p>
      ) : (
        <div className={styles.actions}>
          {allowed.ship ? <ShipDialog order={order} onFinished={finished} /> : null}
          {allowed.deliver ? (
            <ConfirmActionDialog
              triggerLabel={<Trans>Mark as delivered</Trans>}
              triggerTone="accent"
              title={<Trans>Mark order {number} as delivered?</Trans>}
              description={
                <p>
                  <Trans>The order shows as delivered and the customer is emailed at {email}.</Trans>
                </p>
              }
              cancelLabel={<Trans>Not yet</Trans>}
              confirmLabel={<Trans>Mark as delivered</Trans>}
              workingLabel={<Trans>Saving...</Trans>}
              confirmTone="accent"
              onConfirm={() => attempt(() => deliver.mutateAsync({ id }), t`Order ${number} marked as delivered: the customer has been emailed`)}
              onFinished={finished}
            />
          ) : null}
          {allowed.cancel ? (
            <ConfirmActionDialog
              triggerLabel={<Trans>Cancel order</Trans>}
              triggerTone="outline"
              title={<Trans>Cancel order {number}?</Trans>}
              description={
                <ul className={styles.consequences}>
                  <li>
                    <Trans>Its payment page is closed: the order can no longer be paid, and it will not be sent.</Trans>
                  </li>
                  <li>
                    <Trans>The customer is emailed at {email} that the shop cancelled it.</Trans>
                  </li>
                  <li>
                    <Trans>This cannot be undone.</Trans>
                  </li>
                </ul>
              }
              cancelLabel={<Trans>Keep the order</Trans>}
              confirmLabel={<Trans>Cancel the order</Trans>}
              workingLabel={<Trans>Cancelling...</Trans>}
              confirmTone="danger"
              onConfirm={() => attempt(() => cancel.mutateAsync({ id }), t`Order ${number} cancelled: the customer has been emailed`)}
              onFinished={finished}
            />
          ) : null}
          {allowed.refund && order.refundable ? <RefundDialog order={{ ...order, refundable: order.refundable }} onFinished={finished} /> : null}
        </div>
      )}
    </AdminCard>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { useTRPC } from '../../../lib/trpc.ts'
import { useAdminAction } from '../use-admin-action.ts'
import { ConfirmActionDialog } from './ConfirmActionDialog.tsx'
import * as styles from './OrderPage.css.ts'

/**
 * "Void invoice": an invoice issued in error is voided (docs/product.md#invoices), asked first.
 * `admin.orders.voidInvoice` writes its VERI*FACTU registro de anulación; the server's refusal (the
 * order changed meanwhile) is said in a toast. Refunds do not come here: they issue corrective invoices.
 */
export function VoidInvoiceDialog({ orderId, number, onFinished }: { orderId: string; number: string; onFinished: () => void }) {
  const { t } = useLingui()
  const trpc = useTRPC()
  const { act } = useAdminAction()
  const voidInvoice = useMutation(trpc.admin.orders.voidInvoice.mutationOptions())
  return (
    <ConfirmActionDialog
      triggerLabel={<Trans>Void invoice {number}</Trans>}
      triggerTone="outline"
      title={<Trans>Void invoice {number}?</Trans>}
      description={
        <ul className={styles.consequences}>
          <li>
            <Trans>Only for an invoice issued in error. To give money back, refund the order instead: that issues a corrective invoice.</Trans>
          </li>
          <li>
            <Trans>A record voiding it goes to Hacienda (VERI*FACTU), and its PDF says it is voided. Its number stays used.</Trans>
          </li>
          <li>
            <Trans>This cannot be undone.</Trans>
          </li>
        </ul>
      }
      cancelLabel={<Trans>Keep the invoice</Trans>}
      confirmLabel={<Trans>Void the invoice</Trans>}
      workingLabel={<Trans>Voiding...</Trans>}
      confirmTone="danger"
      onConfirm={() => act(() => voidInvoice.mutateAsync({ id: orderId, number }), { success: t`Invoice ${number} voided`, refresh: false })}
      onFinished={onFinished}
    />
  )
}

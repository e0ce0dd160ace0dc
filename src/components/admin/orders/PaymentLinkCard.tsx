import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useLanguage } from '../../../i18n/useLanguage.ts'
import { formatDate } from '../../../lib/format.ts'
import { toast } from '../../../lib/toast.ts'
import { useTRPC } from '../../../lib/trpc.ts'
import { button } from '../../ui/button.css.ts'
import { TextField } from '../../ui/TextField.tsx'
import { AdminCard } from '../AdminSection.tsx'
import { useAdminAction } from '../use-admin-action.ts'
import * as styles from './OrderPage.css.ts'

/**
 * The order's payment link while it waits for payment (docs/product.md#phone-orders): the link
 * to copy into a WhatsApp message, until when it can be paid, and the email with it sent again.
 * Nothing once the order no longer waits for payment (the server answers null).
 */
export function PaymentLinkCard({ orderId, customerEmail }: { orderId: string; customerEmail: string }) {
  const { t } = useLingui()
  const trpc = useTRPC()
  const language = useLanguage()
  const { act } = useAdminAction()
  const { data: link } = useQuery(trpc.admin.orders.paymentLink.queryOptions({ id: orderId }))
  const send = useMutation(trpc.admin.orders.sendPaymentLink.mutationOptions())
  if (!link) return null
  const until = formatDate(link.payableUntil, language, true)

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.paymentUrl)
      toast.success(t`Payment link copied`)
    } catch {
      toast.error(t`The link could not be copied: select it and copy it by hand.`)
    }
  }

  const sendAgain = async () => {
    await act(() => send.mutateAsync({ id: orderId }), { success: t`The payment link was sent again to ${customerEmail}` })
  }

  return (
    <AdminCard headingId="order-payment-link-heading" title={<Trans>Payment link</Trans>} testId="order-payment-link">
      <TextField
        label={t`Link to pay the order`}
        name="payment-link"
        value={link.paymentUrl}
        readOnly
        spellCheck={false}
        translate="no"
        onFocus={(event) => event.currentTarget.select()}
        hint={t`Valid until ${until}`}
      />
      <div className={styles.actions}>
        <button type="button" className={button({ tone: 'outline', size: 'sm' })} onClick={() => void copy()}>
          <Trans>Copy link</Trans>
        </button>
        <button type="button" className={button({ tone: 'outline', size: 'sm' })} onClick={() => void sendAgain()} disabled={send.isPending}>
          {send.isPending ? <Trans>Sending...</Trans> : <Trans>Send the link again</Trans>}
        </button>
      </div>
    </AdminCard>
  )
}

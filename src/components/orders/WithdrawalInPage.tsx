import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { serverFieldErrors } from '../../lib/form-errors.ts'
import { postedValues, usePostedForm } from '../../lib/posted-form.ts'
import { serverMessage } from '../../lib/server-message.ts'
import { toast } from '../../lib/toast.ts'
import { useTRPC } from '../../lib/trpc.ts'
import { button } from '../ui/button.css.ts'
import * as dialog from '../ui/dialog.css.ts'
import { WithdrawalForm, WithdrawalTerms, type WithdrawalOrder } from './WithdrawalForm.tsx'
import { withdrawalFields, type WithdrawalField } from '../../../core/withdrawal-statement.ts'

const isField = (key: unknown): key is WithdrawalField => withdrawalFields.some((field) => field === key)

/**
 * "Desistir del contrato" of one order on /orders itself (`/orders?withdraw=<number>`): where the
 * page's button leads before its dialog's code is there, so the statement can be sent before or
 * without JavaScript (server/http/orders-form.ts answers its post). The same words and form as the
 * dialog (WithdrawOrderDialog.tsx); the page hydrates it later (src/lib/hydrate-later.tsx).
 */
export function WithdrawalInPage({ orderId, number, defaults, onDone }: WithdrawalOrder) {
  const { t } = useLingui()
  const trpc = useTRPC()
  const navigate = useNavigate()
  const posted = usePostedForm('withdrawal')
  const withdraw = useMutation(trpc.orders.withdraw.mutationOptions())
  const back = () => navigate({ to: '/orders', replace: true })
  return (
    <section className={dialog.inPage} aria-labelledby={`withdraw-${orderId}`}>
      <h3 id={`withdraw-${orderId}`} className={dialog.title}>
        <Trans>Withdraw from order {number}?</Trans>
      </h3>
      <p className={dialog.description}>
        <WithdrawalTerms />
      </p>
      <WithdrawalForm
        defaults={{ ...defaults, ...postedValues(posted, withdrawalFields) }}
        errors={posted?.errors}
        hidden={{ form: 'withdraw', id: orderId }}
        working={withdraw.isPending}
        actions={
          <Link to="/orders" className={button({ tone: 'outline' })}>
            <Trans>Keep the order</Trans>
          </Link>
        }
        onSubmit={async (statement) => {
          try {
            await withdraw.mutateAsync({ id: orderId, ...statement })
          } catch (error) {
            const fields = serverFieldErrors(error, isField)
            if (Object.keys(fields).length > 0) return fields
            await onDone()
            await back()
            toast.error(serverMessage(error, t`Something went wrong`))
            return undefined
          }
          await onDone()
          await navigate({ to: '/orders', search: { withdrawn: number }, replace: true })
          return undefined
        }}
      />
    </section>
  )
}

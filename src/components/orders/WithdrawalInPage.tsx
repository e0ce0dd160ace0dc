import { Trans } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { postedValues, usePostedForm } from '../../lib/posted-form.ts'
import { toast } from '../../lib/toast.ts'
import { button } from '../ui/button.css.ts'
import * as dialog from '../ui/dialog.css.ts'
import { WithdrawalForm, WithdrawalTerms, type WithdrawalOrder } from './WithdrawalForm.tsx'
import { useWithdrawal } from './use-withdrawal.ts'
import { withdrawalFields } from '../../../core/withdrawal-statement.ts'

/**
 * "Desistir del contrato" of one order on /orders itself (`/orders?withdraw=<number>`): where the
 * page's button leads before its dialog's code is there, so the statement can be sent before or
 * without JavaScript (server/http/orders-form.ts answers its post). The same words and form as the
 * dialog (WithdrawOrderDialog.tsx); the page hydrates it later (src/lib/hydrate-later.tsx).
 */
export function WithdrawalInPage({ orderId, number, defaults, onDone }: WithdrawalOrder) {
  const navigate = useNavigate()
  const posted = usePostedForm('withdrawal')
  const withdrawal = useWithdrawal(orderId)
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
        working={withdrawal.working}
        actions={
          <Link to="/orders" className={button({ tone: 'outline' })}>
            <Trans>Keep the order</Trans>
          </Link>
        }
        onSubmit={async (statement) => {
          const outcome = await withdrawal.send(statement)
          if ('fields' in outcome) return outcome.fields
          await onDone()
          // Received: the page says so at its top (as after the form posted without JavaScript).
          await navigate({ to: '/orders', search: 'failure' in outcome ? {} : { withdrawn: number }, replace: true })
          if ('failure' in outcome) toast.error(outcome.failure)
          return undefined
        }}
      />
    </section>
  )
}

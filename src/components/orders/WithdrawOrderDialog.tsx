import { Trans, useLingui } from '@lingui/react/macro'
import * as Dialog from '@radix-ui/react-dialog'
import { useRef, useState } from 'react'
import { useFocusOnHandoff, type Handoff } from '../../lib/on-demand.ts'
import { toast } from '../../lib/toast.ts'
import { button } from '../ui/button.css.ts'
import * as dialog from '../ui/dialog.css.ts'
import { DialogPanel } from '../ui/DialogPanel.tsx'
import { WithdrawalForm, WithdrawalTerms, type WithdrawalOrder } from './WithdrawalForm.tsx'
import { useWithdrawal } from './use-withdrawal.ts'

/** "Desistir del contrato" on /orders (docs/product.md#withdrawal): the statement in a dialog, then the acknowledgment. */
export function WithdrawOrderDialog({ orderId, number, defaults, onDone, handoff }: WithdrawalOrder & { handoff: Handoff }) {
  const { t } = useLingui()
  const [open, setOpen] = useState(handoff.defaultOpen)
  const trigger = useRef<HTMLButtonElement>(null)
  useFocusOnHandoff(trigger, handoff)
  const withdrawal = useWithdrawal(orderId)
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger ref={trigger} className={button({ tone: 'outline' })} aria-label={t`Withdraw from the contract of order ${number}`}>
        <Trans>Withdraw from the contract</Trans>
      </Dialog.Trigger>
      <DialogPanel title={<Trans>Withdraw from order {number}?</Trans>}>
        <Dialog.Description className={dialog.description}>
          <WithdrawalTerms />
        </Dialog.Description>
        <WithdrawalForm
          defaults={defaults}
          working={withdrawal.working}
          actions={
            <Dialog.Close className={button({ tone: 'outline' })}>
              <Trans>Keep the order</Trans>
            </Dialog.Close>
          }
          onSubmit={async (statement) => {
            const outcome = await withdrawal.send(statement)
            if ('fields' in outcome) return outcome.fields
            setOpen(false)
            await onDone()
            if ('failure' in outcome) toast.error(outcome.failure)
            else toast.success(t`Withdrawal from order ${number} received: we have emailed you the acknowledgment`)
            return undefined
          }}
        />
      </DialogPanel>
    </Dialog.Root>
  )
}

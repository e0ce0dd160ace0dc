import { Trans, useLingui } from '@lingui/react/macro'
import * as Dialog from '@radix-ui/react-dialog'
import { useMutation } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useFocusOnHandoff, type Handoff } from '../../lib/on-demand.ts'
import { serverFieldErrors } from '../../lib/form-errors.ts'
import { serverMessage } from '../../lib/server-message.ts'
import { toast } from '../../lib/toast.ts'
import { useTRPC } from '../../lib/trpc.ts'
import { button } from '../ui/button.css.ts'
import * as dialog from '../ui/dialog.css.ts'
import { DialogPanel } from '../ui/DialogPanel.tsx'
import { WithdrawalForm, WithdrawalTerms, type WithdrawalOrder } from './WithdrawalForm.tsx'
import type { WithdrawalField } from '../../../core/withdrawal-statement.ts'

const isField = (key: unknown): key is WithdrawalField => key === 'name' || key === 'email' || key === 'comment'

/** "Desistir del contrato" on /orders (docs/product.md#withdrawal): the statement in a dialog, then the acknowledgment. */
export function WithdrawOrderDialog({ orderId, number, defaults, onDone, handoff }: WithdrawalOrder & { handoff: Handoff }) {
  const { t } = useLingui()
  const trpc = useTRPC()
  const [open, setOpen] = useState(handoff.defaultOpen)
  const trigger = useRef<HTMLButtonElement>(null)
  useFocusOnHandoff(trigger, handoff)
  const withdraw = useMutation(trpc.orders.withdraw.mutationOptions())
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
          working={withdraw.isPending}
          actions={
            <Dialog.Close className={button({ tone: 'outline' })}>
              <Trans>Keep the order</Trans>
            </Dialog.Close>
          }
          onSubmit={async (statement) => {
            try {
              await withdraw.mutateAsync({ id: orderId, ...statement })
            } catch (error) {
              const fields = serverFieldErrors(error, isField)
              if (Object.keys(fields).length > 0) return fields
              setOpen(false)
              await onDone()
              toast.error(serverMessage(error, t`Something went wrong`))
              return undefined
            }
            setOpen(false)
            await onDone()
            toast.success(t`Withdrawal from order ${number} received: we have emailed you the acknowledgment`)
            return undefined
          }}
        />
      </DialogPanel>
    </Dialog.Root>
  )
}

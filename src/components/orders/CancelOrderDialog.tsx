import { Trans, useLingui } from '@lingui/react/macro'
import * as Dialog from '@radix-ui/react-dialog'
import { useMutation } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useFocusOnHandoff, type Handoff } from '../../lib/on-demand.ts'
import { serverMessage } from '../../lib/server-message.ts'
import { toast } from '../../lib/toast.ts'
import { useTRPC } from '../../lib/trpc.ts'
import { button } from '../ui/button.css.ts'
import * as dialog from '../ui/dialog.css.ts'
import { DialogPanel } from '../ui/DialogPanel.tsx'

/** "Cancel order" of a pending order and the dialog that asks first; in place of /orders' stand-in button. */
export function CancelOrderDialog({
  orderId,
  number,
  onDone,
  handoff,
}: {
  orderId: string
  number: string
  onDone: () => Promise<unknown>
  handoff: Handoff
}) {
  const { t } = useLingui()
  const trpc = useTRPC()
  const [open, setOpen] = useState(handoff.defaultOpen)
  const trigger = useRef<HTMLButtonElement>(null)
  useFocusOnHandoff(trigger, handoff)
  const cancel = useMutation(
    trpc.orders.cancel.mutationOptions({
      onSuccess: async () => {
        setOpen(false)
        await onDone()
        toast.success(t`Order ${number} cancelled`)
      },
      onError: async (error) => {
        setOpen(false)
        await onDone()
        toast.error(serverMessage(error, t`Something went wrong`))
      },
    }),
  )
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger ref={trigger} className={button({ tone: 'outline' })} aria-label={t`Cancel order ${number}`}>
        <Trans>Cancel order</Trans>
      </Dialog.Trigger>
      <DialogPanel title={<Trans>Cancel order {number}?</Trans>}>
        <Dialog.Description className={dialog.description}>
          <Trans>The order will not be paid or sent. Your cart stays as it is, so you can order again whenever you like.</Trans>
        </Dialog.Description>
        <div className={dialog.actions}>
          <Dialog.Close className={button({ tone: 'outline' })}>
            <Trans>Keep the order</Trans>
          </Dialog.Close>
          <button type="button" className={button({ tone: 'danger' })} disabled={cancel.isPending} onClick={() => cancel.mutate({ id: orderId })}>
            {cancel.isPending ? <Trans>Cancelling...</Trans> : <Trans>Yes, cancel it</Trans>}
          </button>
        </div>
      </DialogPanel>
    </Dialog.Root>
  )
}

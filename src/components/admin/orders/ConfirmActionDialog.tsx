import * as Dialog from '@radix-ui/react-dialog'
import { useRef, useState, type ReactNode } from 'react'
import { button, type ButtonVariants } from '../../ui/button.css.ts'
import * as dialog from '../../ui/dialog.css.ts'
import { AlertDialogPanel } from '../../ui/DialogPanel.tsx'

type Tone = NonNullable<ButtonVariants>['tone']

interface Props {
  /** The button that opens the dialog. */
  triggerLabel: ReactNode
  triggerTone: Tone
  disabled?: boolean
  title: ReactNode
  /** What happens, said before it does: a paragraph or a list. */
  description: ReactNode
  cancelLabel: ReactNode
  confirmLabel: ReactNode
  workingLabel: ReactNode
  confirmTone: Tone
  /** Does the action (its toast included); the dialog stays open, saying it works, until it is done. */
  onConfirm: () => Promise<unknown>
  /** Once the dialog has closed after the action: the caller refreshes and places the focus. */
  onFinished: () => void
}

/**
 * Asks before an order's transition (an alert dialog): focus starts on the button that keeps
 * things as they are; only the explicit button goes ahead. The dialog says it is working until the
 * server answers, then closes and hands over to `onFinished` (its trigger may be gone by then).
 */
export function ConfirmActionDialog(props: Props) {
  const [open, setOpen] = useState(false)
  const [working, setWorking] = useState(false)
  const finished = useRef(false)
  const confirm = async () => {
    if (working) return
    setWorking(true)
    try {
      await props.onConfirm()
    } finally {
      setWorking(false)
      finished.current = true
      setOpen(false)
    }
  }
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (working ? undefined : setOpen(next))}>
      <Dialog.Trigger className={button({ tone: props.triggerTone })} disabled={props.disabled}>
        {props.triggerLabel}
      </Dialog.Trigger>
      <AlertDialogPanel
        busy={working}
        onCloseAutoFocus={(event) => {
          if (!finished.current) return
          finished.current = false
          event.preventDefault()
          props.onFinished()
        }}
      >
        <Dialog.Title className={dialog.title}>{props.title}</Dialog.Title>
        <Dialog.Description asChild>
          <div className={dialog.description}>{props.description}</div>
        </Dialog.Description>
        <div className={dialog.actions}>
          {/* aria-disabled, not disabled, while working: a disabled button would drop the keyboard's focus. */}
          <Dialog.Close className={button({ tone: 'outline' })} aria-disabled={working}>
            {props.cancelLabel}
          </Dialog.Close>
          <button type="button" className={button({ tone: props.confirmTone })} aria-disabled={working} onClick={() => void confirm()}>
            {working ? props.workingLabel : props.confirmLabel}
          </button>
        </div>
      </AlertDialogPanel>
    </Dialog.Root>
  )
}

import * as Dialog from '@radix-ui/react-dialog'
import type { ReactNode } from 'react'
import { button } from './button.css.ts'
import * as dialog from './dialog.css.ts'
import { AlertDialogPanel } from './DialogPanel.tsx'

interface Props {
  /** The button that asks (rendered as the dialog's trigger). */
  trigger: ReactNode
  triggerClassName: string
  triggerDisabled?: boolean
  title: ReactNode
  description: ReactNode
  confirmLabel: ReactNode
  cancelLabel: ReactNode
  onConfirm: () => void
}

/**
 * Asks before something that cannot be undone (an alert dialog): focus starts on Cancel, so Enter
 * or Escape keeps things as they were; only the explicit button goes ahead.
 */
export function ConfirmDialog({ trigger, triggerClassName, triggerDisabled, title, description, confirmLabel, cancelLabel, onConfirm }: Props) {
  return (
    <Dialog.Root>
      <Dialog.Trigger className={triggerClassName} disabled={triggerDisabled}>
        {trigger}
      </Dialog.Trigger>
      <AlertDialogPanel>
        <Dialog.Title className={dialog.title}>{title}</Dialog.Title>
        <Dialog.Description className={dialog.description}>{description}</Dialog.Description>
        <div className={dialog.actions}>
          <Dialog.Close className={button({ tone: 'outline' })}>{cancelLabel}</Dialog.Close>
          <Dialog.Close className={button({ tone: 'danger' })} onClick={onConfirm}>
            {confirmLabel}
          </Dialog.Close>
        </div>
      </AlertDialogPanel>
    </Dialog.Root>
  )
}

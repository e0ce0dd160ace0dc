import * as Dialog from '@radix-ui/react-dialog'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { button } from './button.css.ts'
import { CloseButton } from './CloseIcon.tsx'
import * as dialog from './dialog.css.ts'

/** What a dialog does once it has closed, instead of Radix's return of the focus (the caller places it). */
type OnCloseAutoFocus = (event: Event) => void

/**
 * The root of a dialog that holds a form: however it closes (Cancel, Escape, a tap outside, a sent
 * form), `onClose` clears what was typed, so the dialog opens empty next time.
 */
export function FormDialogRoot({
  open,
  setOpen,
  onClose,
  children,
}: {
  open: boolean
  setOpen: (open: boolean) => void
  onClose: () => void
  children: ReactNode
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (!next) onClose()
      }}
    >
      {children}
    </Dialog.Root>
  )
}

/** A centred dialog over a dimmed page: its title, a close button, toasts raised while open (ui/Toasts.tsx), then its content. */
export function DialogPanel({ title, onCloseAutoFocus, children }: { title: ReactNode; onCloseAutoFocus?: OnCloseAutoFocus; children: ReactNode }) {
  const { t } = useLingui()
  return (
    <Dialog.Portal>
      <Dialog.Overlay className={dialog.overlay} />
      <Dialog.Content className={dialog.content} onCloseAutoFocus={onCloseAutoFocus}>
        <div className={dialog.header}>
          <Dialog.Title className={dialog.title}>{title}</Dialog.Title>
          <CloseButton label={t`Close`} />
        </div>
        <div className={dialog.toastSlot} data-toast-slot />
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  )
}

/**
 * An alert dialog over a dimmed page (a question before something that cannot be undone): a stray
 * tap outside it does not dismiss it. Its title, description and buttons are the caller's.
 */
export function AlertDialogPanel({ busy, onCloseAutoFocus, children }: { busy?: boolean; onCloseAutoFocus?: OnCloseAutoFocus; children: ReactNode }) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className={dialog.overlay} />
      <Dialog.Content
        className={dialog.content}
        role="alertdialog"
        aria-busy={busy}
        onPointerDownOutside={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        {children}
        <div className={dialog.toastSlot} data-toast-slot />
      </Dialog.Content>
    </Dialog.Portal>
  )
}

/** A dialog form's buttons: Cancel, which closes the dialog and keeps things as they were, then the form's submit (`children`). */
export function DialogFormActions({ children }: { children: ReactNode }) {
  return (
    <div className={dialog.actions}>
      <Dialog.Close type="button" className={button({ tone: 'outline' })}>
        <Trans>Cancel</Trans>
      </Dialog.Close>
      {children}
    </div>
  )
}

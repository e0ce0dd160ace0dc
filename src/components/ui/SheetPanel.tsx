import * as Dialog from '@radix-ui/react-dialog'
import type { ReactNode, RefObject } from 'react'
import { CloseButton } from './CloseIcon.tsx'
import * as sheet from './sheet.css.ts'

/**
 * A side sheet over a dimmed page (the cart drawer, the mobile menu): its title, a close button,
 * then its content. Closing it gives focus back to the button that opened it, which may have
 * replaced a stand-in since (lib/on-demand.ts), so Radix's own return target is not used. Toasts
 * raised while it is open show under its title (ui/Toasts.tsx).
 */
export function SheetPanel({
  open,
  onOpenChange,
  trigger,
  title,
  closeLabel,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  trigger: RefObject<HTMLElement | null>
  title: ReactNode
  closeLabel: string
  children: ReactNode
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={sheet.overlay} />
        <Dialog.Content
          className={sheet.panel}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            trigger.current?.focus()
          }}
        >
          <div className={sheet.header}>
            <Dialog.Title className={sheet.title}>{title}</Dialog.Title>
            <CloseButton label={closeLabel} />
          </div>
          <div className={sheet.toastSlot} data-toast-slot />
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

import * as Dialog from '@radix-ui/react-dialog'
import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { CloseIcon } from './CloseIcon.tsx'
import * as dialog from './dialog.css.ts'
import { iconButton } from './sheet.css.ts'

/** A centred dialog over a dimmed page: its title, a close button, then its content. */
export function DialogPanel({ title, children }: { title: ReactNode; children: ReactNode }) {
  const { t } = useLingui()
  return (
    <Dialog.Portal>
      <Dialog.Overlay className={dialog.overlay} />
      <Dialog.Content className={dialog.content}>
        <div className={dialog.header}>
          <Dialog.Title className={dialog.title}>{title}</Dialog.Title>
          <Dialog.Close className={iconButton} aria-label={t`Close`}>
            <CloseIcon />
          </Dialog.Close>
        </div>
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  )
}

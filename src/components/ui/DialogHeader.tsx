import * as Dialog from '@radix-ui/react-dialog'
import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { CloseIcon } from './CloseIcon.tsx'
import * as dialog from './dialog.css.ts'
import { iconButton } from './sheet.css.ts'

/** A centred dialog's title with its close button. */
export function DialogHeader({ children }: { children: ReactNode }) {
  const { t } = useLingui()
  return (
    <div className={dialog.header}>
      <Dialog.Title className={dialog.title}>{children}</Dialog.Title>
      <Dialog.Close className={iconButton} aria-label={t`Close`}>
        <CloseIcon />
      </Dialog.Close>
    </div>
  )
}

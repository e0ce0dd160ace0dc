import * as Dialog from '@radix-ui/react-dialog'
import { iconButton } from './sheet.css.ts'

/** The × of dialogs and drawers; decorative (the button carries the accessible name). */
export function CloseIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}

/** The button that closes a dialog or a drawer: the ×, named by `label`. */
export function CloseButton({ label }: { label: string }) {
  return (
    <Dialog.Close className={iconButton} aria-label={label}>
      <CloseIcon />
    </Dialog.Close>
  )
}

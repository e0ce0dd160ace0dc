import * as Dialog from '@radix-ui/react-dialog'
import { Trans, useLingui } from '@lingui/react/macro'
import { useRef, type RefObject } from 'react'
import { overlay } from '../ui/sheet.css.ts'
import { CloseButton } from '../ui/CloseIcon.tsx'
import { SearchCombobox } from './SearchCombobox.tsx'
import * as styles from './search.css.ts'

/**
 * The header's search (HeaderSearch.tsx has its button), downloaded when first wanted: a dialog
 * (Radix) at the top of the screen holding the search box and its suggestions. Escape closes the
 * suggestions first, then the dialog; closing gives the focus back to the header's button.
 */
export function SearchDialog({
  open,
  setOpen,
  trigger,
}: {
  open: boolean
  setOpen: (open: boolean) => void
  trigger: RefObject<HTMLElement | null>
}) {
  const { t } = useLingui()
  const menuOpen = useRef(false)
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlay} />
        <Dialog.Content
          className={styles.panel}
          aria-describedby={undefined}
          onEscapeKeyDown={(event) => {
            if (menuOpen.current) event.preventDefault()
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            trigger.current?.focus()
          }}
        >
          <div className={styles.panelHeader}>
            <Dialog.Title className={styles.title}>
              <Trans>Search the shop</Trans>
            </Dialog.Title>
            <CloseButton label={t`Close search`} />
          </div>
          <SearchCombobox
            onDone={() => setOpen(false)}
            onMenuOpenChange={(next) => {
              menuOpen.current = next
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

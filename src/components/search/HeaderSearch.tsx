import { useLingui } from '@lingui/react/macro'
import { Suspense, useRef, useState, type MouseEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { onDemand } from '../../lib/on-demand.ts'
import { iconButton } from '../ui/sheet.css.ts'

// The dialog (Radix, the combobox, downshift) downloads when the visitor first shows an intent to search.
const dialog = onDemand(() => import('./SearchDialog.tsx').then((module) => module.SearchDialog))

/**
 * The header's search button, on every page (docs/product.md#search): a link to the results page,
 * whose form works without JavaScript; once the page's script runs, it opens the search dialog
 * instead (a new tab or window, asked with a modifier key, still opens the page).
 */
export function HeaderSearch() {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const trigger = useRef<HTMLAnchorElement>(null)
  // Once opened, the dialog stays mounted (closed) so reopening is instant.
  const [mounted, setMounted] = useState(false)
  if (open && !mounted) setMounted(true)
  const openDialog = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    setOpen(true)
  }
  return (
    <>
      <Link
        ref={trigger}
        to="/search"
        className={iconButton}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={t`Search`}
        data-testid="header-search"
        onPointerEnter={() => void dialog.preload()}
        onFocus={() => void dialog.preload()}
        onClick={openDialog}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m16 16 4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </Link>
      {mounted ? (
        <Suspense fallback={null}>
          <dialog.Component open={open} setOpen={setOpen} trigger={trigger} />
        </Suspense>
      ) : null}
    </>
  )
}

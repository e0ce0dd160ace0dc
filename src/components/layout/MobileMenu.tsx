import { useLingui } from '@lingui/react/macro'
import { Suspense, useRef, useState } from 'react'
import { onDemand } from '../../lib/on-demand.ts'
import * as styles from './MobileMenu.css.ts'

// The sheet (Radix dialog, links, account) downloads when the visitor first opens the menu.
const sheet = onDemand(() => import('./MobileMenuSheet.tsx').then((module) => module.MobileMenuSheet))

/** The menu button of narrow screens and the sheet it opens (docs/product.md#catalog). */
export function MobileMenu() {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  // Once opened, the sheet stays mounted (closed) so reopening is instant.
  const [mounted, setMounted] = useState(false)
  if (open && !mounted) setMounted(true)
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={styles.trigger}
        aria-label={t`Open menu`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void sheet.preload()}
        onFocus={() => void sheet.preload()}
        onClick={() => setOpen(true)}
      >
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {mounted ? (
        <Suspense fallback={null}>
          <sheet.Component open={open} setOpen={setOpen} trigger={trigger} />
        </Suspense>
      ) : null}
    </>
  )
}

import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Suspense, useRef, useState, type MouseEvent } from 'react'
import { onDemand } from '../../lib/on-demand.ts'
import { LanguageToggle } from './LanguageToggle.tsx'
import { mainLinks } from './nav-links.ts'
import * as styles from './MobileMenu.css.ts'

// The sheet (Radix dialog, links, account) downloads when the visitor first opens the menu.
const sheet = onDemand(() => import('./MobileMenuSheet.tsx').then((module) => module.MobileMenuSheet))

/**
 * The menu button of narrow screens (docs/product.md#catalog): a disclosure, so that before or
 * without JavaScript it opens the shop's links under the header; once the page's script runs, the
 * button opens the sheet instead (an accessible dialog, with the account's actions).
 */
export function MobileMenu() {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const disclosure = useRef<HTMLDetailsElement>(null)
  const trigger = useRef<HTMLElement>(null)
  // Once opened, the sheet stays mounted (closed) so reopening is instant.
  const [mounted, setMounted] = useState(false)
  if (open && !mounted) setMounted(true)
  const openSheet = (event: MouseEvent<HTMLElement>) => {
    // Opened before the script ran: this click closes the links, as it would have without script.
    if (disclosure.current?.open) return
    event.preventDefault()
    setOpen(true)
  }
  return (
    <>
      <details ref={disclosure} className={styles.menu}>
        <summary
          ref={trigger}
          className={styles.trigger}
          aria-label={t`Open menu`}
          onPointerEnter={() => void sheet.preload()}
          onFocus={() => void sheet.preload()}
          onClick={openSheet}
        >
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </summary>
        <MenuLinks close={() => disclosure.current?.removeAttribute('open')} />
      </details>
      {mounted ? (
        <Suspense fallback={null}>
          <sheet.Component open={open} setOpen={setOpen} trigger={trigger} />
        </Suspense>
      ) : null}
    </>
  )
}

/**
 * What the disclosure shows before or without the script: the shop's pages and the other language
 * (the footer has the legal pages; signing in and the account need the script, and the sheet).
 */
function MenuLinks({ close }: { close: () => void }) {
  const { i18n, t } = useLingui()
  return (
    <div className={styles.panel}>
      <nav aria-label={t`Mobile`}>
        <ul className={styles.list}>
          {mainLinks.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={styles.link} activeOptions={{ exact: link.to === '/' }} onClick={close}>
                {i18n._(link.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <LanguageToggle />
    </div>
  )
}

import * as Dialog from '@radix-ui/react-dialog'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { company } from '../../shared/company.ts'
import { LanguageToggle } from './LanguageToggle.tsx'
import { legalLinks, mainLinks } from './nav-links.ts'
import * as styles from './MobileMenu.css.ts'

/** The mobile menu mirrors the header (SPEC §2): an accessible dialog from Radix. */
export function MobileMenu() {
  const { i18n, t } = useLingui()
  const [open, setOpen] = useState(false)
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={styles.trigger} aria-label={t`Open menu`}>
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.panel}>
          <div className={styles.panelHeader}>
            <Dialog.Title className={styles.title}>{company.shortName}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label={t`Close menu`}>
              <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          <Dialog.Description className={styles.description}>
            <Trans>Decorative wall and ceiling panels</Trans>
          </Dialog.Description>
          <nav aria-label={t`Mobile`}>
            <ul className={styles.list}>
              {mainLinks.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className={styles.link}
                    activeOptions={{ exact: link.to === '/' }}
                    onClick={() => setOpen(false)}
                  >
                    {i18n._(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
            <ul className={styles.secondaryList}>
              {legalLinks.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={styles.secondaryLink} onClick={() => setOpen(false)}>
                    {i18n._(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className={styles.footer}>
            <LanguageToggle />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

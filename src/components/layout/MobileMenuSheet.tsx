import * as Dialog from '@radix-ui/react-dialog'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useLocation } from '@tanstack/react-router'
import type { RefObject } from 'react'
import { useCompany } from '../../lib/company.ts'
import { signInSearch, useAccount } from '../../lib/account.ts'
import { button } from '../ui/button.css.ts'
import { useSignOut } from './sign-out.ts'
import { LanguageToggle } from './LanguageToggle.tsx'
import { legalLinks, mainLinks, visibleRoleLinks } from './nav-links.ts'
import { SheetPanel } from '../ui/SheetPanel.tsx'
import * as styles from './MobileMenu.css.ts'

/**
 * The mobile menu's sheet (MobileMenu.tsx has its button): it mirrors the header
 * (docs/product.md#catalog), an accessible dialog from Radix; closing it gives focus back to the button.
 */
export function MobileMenuSheet({
  open,
  setOpen,
  trigger,
}: {
  open: boolean
  setOpen: (open: boolean) => void
  trigger: RefObject<HTMLElement | null>
}) {
  const { i18n, t } = useLingui()
  const company = useCompany()
  return (
    <SheetPanel open={open} onOpenChange={setOpen} trigger={trigger} title={company.name} closeLabel={t`Close menu`}>
      <Dialog.Description className={styles.description}>
        <Trans>Decorative wall and ceiling panels</Trans>
      </Dialog.Description>
      <nav aria-label={t`Mobile`}>
        <ul className={styles.list}>
          {mainLinks.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={styles.link} activeOptions={{ exact: link.to === '/' }} onClick={() => setOpen(false)}>
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
      <MobileAccount close={() => setOpen(false)} />
      <div className={styles.footer}>
        <LanguageToggle />
      </div>
    </SheetPanel>
  )
}

/** The account part of the mobile menu, mirroring the header's dropdown. */
function MobileAccount({ close }: { close: () => void }) {
  const { i18n } = useLingui()
  const account = useAccount()
  const { me } = account
  const signOut = useSignOut()
  const href = useLocation({ select: (location) => location.href })
  if (!me) {
    return (
      <Link to="/auth" search={signInSearch(href)} className={button({ tone: 'primary' })} onClick={close}>
        <Trans>Sign in</Trans>
      </Link>
    )
  }
  return (
    <div className={styles.account}>
      <p className={styles.accountEmail}>{me.user.email}</p>
      <ul className={styles.secondaryList}>
        <li>
          <Link to="/account" className={styles.secondaryLink} onClick={close}>
            <Trans>My account</Trans>
          </Link>
        </li>
        <li>
          <Link to="/orders" className={styles.secondaryLink} onClick={close}>
            <Trans>My orders</Trans>
          </Link>
        </li>
        {visibleRoleLinks(account).map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={styles.secondaryLink} onClick={close}>
              {i18n._(link.label)}
            </Link>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={button({ tone: 'outline', size: 'sm' })}
        onClick={() => {
          close()
          void signOut()
        }}
      >
        <Trans>Sign out</Trans>
      </button>
    </div>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useLocation } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { monogramOf } from '../../../core/company.ts'
import { useCompany } from '../../lib/company.ts'
import { CartDrawer } from '../cart/CartDrawer.tsx'
import { VerifyEmailReminder } from '../account/VerifyEmailReminder.tsx'
import { AccountMenu } from './AccountMenu.tsx'
import { HeaderSearch } from '../search/HeaderSearch.tsx'
import { LanguageToggle } from './LanguageToggle.tsx'
import { MobileMenu } from './MobileMenu.tsx'
import { WhatsAppButton } from './whatsapp-later.ts'
import { mainLinks, visibleRoleLinks } from './nav-links.ts'
import { useAccount } from '../../lib/account.ts'
import * as styles from './SiteHeader.css.ts'

/** docs/product.md#catalog: the nav is transparent on the home page until the scroll passes 20 px. */
const scrollThreshold = 20

function useScrolledPast(threshold: number) {
  const [scrolled, setScrolled] = useState(false)
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold)
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [threshold])
  return scrolled
}

export function SiteHeader() {
  const { i18n, t } = useLingui()
  const company = useCompany()
  const pathname = useLocation({ select: (location) => location.pathname })
  const scrolled = useScrolledPast(scrollThreshold)
  const transparent = pathname === '/' && !scrolled
  const account = useAccount()
  const roleLinks = visibleRoleLinks(account)
  const links = [...mainLinks, ...roleLinks]
  // What the row holds beyond the shop's links decides from which width they fit in it (SiteHeader.css.ts).
  const unverified = account.me !== null && !account.me.user.emailVerified
  const classes = [
    styles.header({ transparent }),
    roleLinks.length > 0 || unverified ? styles.busy : null,
    roleLinks.length > 0 ? styles.withRoleLinks : null,
  ]

  return (
    <header className={classes.filter(Boolean).join(' ')} data-transparent={transparent}>
      <a href="#main" className={styles.skipLink}>
        <Trans>Skip to content</Trans>
      </a>
      <div className={styles.inner}>
        <Link to="/" className={styles.logo}>
          <span className={styles.logoMark} aria-hidden="true">
            {monogramOf(company.name)}
          </span>
          <span className={styles.logoText}>{company.name}</span>
        </Link>
        <nav className={styles.desktopNav} aria-label={t`Main`}>
          <ul className={styles.navList}>
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={styles.navLink} activeOptions={{ exact: link.to === '/' }}>
                  {i18n._(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.actions}>
          <VerifyEmailReminder />
          <HeaderSearch />
          <LanguageToggle className={styles.desktopOnly} />
          <AccountMenu className={styles.desktopOnly} />
          <WhatsAppButton placement="header" />
          <CartDrawer />
          <MobileMenu />
        </div>
      </div>
    </header>
  )
}

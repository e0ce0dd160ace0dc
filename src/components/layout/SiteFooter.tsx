import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { formatAddressLine } from '../../../core/company.ts'
import { useCompany } from '../../lib/company.ts'
import { legalLinks, mainLinks } from './nav-links.ts'
import * as styles from './SiteFooter.css.ts'

export function SiteFooter() {
  const { t } = useLingui()
  const year = 2026
  const company = useCompany()
  const address = formatAddressLine(company)
  const taxId = company.taxId
  return (
    <footer className={styles.footer}>
      <div className={styles.grid}>
        <div className={styles.brand}>
          <p className={styles.name}>{company.name}</p>
          <p className={styles.tagline}>
            <Trans>PVC wall and ceiling panels with the look of marble, wood and stone. Distributor in Torrevieja (Alicante).</Trans>
          </p>
          <address className={styles.address}>
            <span>{address}</span>
            <a href={`mailto:${company.email}`}>{company.email}</a>
            <a href={`tel:+${company.phoneDigits}`}>{company.phone}</a>
          </address>
        </div>
        <LinkColumn label={t`Footer`} heading={<Trans>Shop</Trans>} links={mainLinks} />
        <LinkColumn label={t`Legal`} heading={<Trans>Help and legal</Trans>} links={legalLinks} />
      </div>
      <div className={styles.bottom}>
        <p>
          © {year} {company.legalName} · <Trans>Tax ID {taxId}</Trans> · <Trans>All rights reserved.</Trans>
        </p>
      </div>
    </footer>
  )
}

/** One of the footer's columns of links: its heading over the list. */
function LinkColumn({ label, heading, links }: { label: string; heading: ReactNode; links: typeof mainLinks | typeof legalLinks }) {
  const { i18n } = useLingui()
  return (
    <nav aria-label={label} className={styles.column}>
      <h2 className={styles.heading}>{heading}</h2>
      <ul className={styles.list}>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={styles.link}>
              {i18n._(link.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

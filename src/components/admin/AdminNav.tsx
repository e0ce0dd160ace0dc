import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import * as styles from './AdminNav.css.ts'

/** The admin's sections (docs/product.md#owner), each at its own URL: the dashboard, orders, wholesale requests and customers, messages, delivery, products, categories, Hacienda (VERI*FACTU) and backups. */
export function AdminNav() {
  const { t } = useLingui()
  return (
    <nav className={styles.nav} aria-label={t`Admin sections`}>
      <ul className={styles.list}>
        <li>
          <Link to="/admin" className={styles.link} activeOptions={{ exact: true }}>
            <Trans>Dashboard</Trans>
          </Link>
        </li>
        <li>
          <Link to="/admin/orders" className={styles.link}>
            <Trans>Orders</Trans>
          </Link>
        </li>
        <li>
          <Link to="/admin/requests" className={styles.link}>
            <Trans>B2B requests</Trans>
          </Link>
        </li>
        <li>
          <Link to="/admin/customers" className={styles.link}>
            <Trans>Wholesale customers</Trans>
          </Link>
        </li>
        <li>
          <Link to="/admin/messages" className={styles.link}>
            <Trans>Messages</Trans>
          </Link>
        </li>
        <li>
          <Link to="/admin/delivery" className={styles.link}>
            <Trans>Delivery</Trans>
          </Link>
        </li>
        <li>
          <Link to="/admin/products" className={styles.link}>
            <Trans>Products</Trans>
          </Link>
        </li>
        <li>
          <Link to="/admin/categories" className={styles.link}>
            <Trans>Categories</Trans>
          </Link>
        </li>
        <li>
          <Link to="/admin/verifactu" className={styles.link}>
            <Trans>Hacienda (VERI*FACTU)</Trans>
          </Link>
        </li>
        <li>
          <Link to="/admin/backups" className={styles.link}>
            <Trans>Backups</Trans>
          </Link>
        </li>
      </ul>
    </nav>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import * as styles from './AdminNav.css.ts'

/** The admin's sections (docs/product.md#owner): the dashboard, the orders, delivery, the products, the categories and Hacienda (VERI*FACTU). */
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
      </ul>
    </nav>
  )
}

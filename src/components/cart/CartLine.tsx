import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLanguage } from '../../i18n/useLanguage.ts'
import type { CartLine as Line } from '../../lib/cart.ts'
import { pick } from '../../lib/format.ts'
import { formatEuros } from '../../../core/money.ts'
import { ProductImage } from '../catalog/ProductImage.tsx'
import { LineQuantity } from './LineQuantity.tsx'
import { UnitPrice } from './UnitPrice.tsx'
import * as styles from './CartDrawer.css.ts'

interface Props {
  item: Line
  busy: boolean
  /** Following the product's link closes the drawer. */
  onNavigate: () => void
  onQuantity: (quantity: number) => Promise<unknown>
  onRemove: () => void
}

/**
 * One line of the cart drawer. A product the owner archived stays in the cart, muted and marked
 * "No longer available" (docs/product.md: left out of the sums and of checkout): no link to its
 * page (gone), no price, no quantity, only Remove.
 */
export function CartLine({ item, busy, onNavigate, onQuantity, onRemove }: Props) {
  const { t } = useLingui()
  const language = useLanguage()
  const name = pick(language, item.nameEs, item.nameEn)
  const remove = (
    <button type="button" className={styles.remove} disabled={busy} onClick={onRemove} aria-label={t`Remove ${name}`}>
      <Trans>Remove</Trans>
    </button>
  )
  if (!item.available) {
    return (
      <li className={`${styles.item} ${styles.unavailableItem}`} data-testid="cart-line-unavailable">
        <ProductImage
          kind="products"
          name={item.imageKey}
          uploadedId={item.imageId}
          alt=""
          sizes="4rem"
          className={`${styles.thumb} ${styles.unavailableThumb}`}
        />
        <div className={styles.itemBody}>
          <div className={styles.itemHead}>
            <p className={styles.unavailableName}>{name}</p>
            <p className={styles.unavailableNote}>
              <Trans>No longer available</Trans>
            </p>
            <p className={styles.unit}>
              <Trans>Not included in your order. You can remove it from the cart.</Trans>
            </p>
          </div>
          {remove}
        </div>
      </li>
    )
  }
  return (
    <li className={styles.item}>
      <ProductImage kind="products" name={item.imageKey} uploadedId={item.imageId} alt="" sizes="4rem" className={styles.thumb} />
      <div className={styles.itemBody}>
        <div className={styles.itemHead}>
          <Link to="/product/$slug" params={{ slug: item.slug }} className={styles.itemName} onClick={onNavigate}>
            {name}
          </Link>
          <p className={styles.unit}>
            <Trans>
              <UnitPrice line={item} /> / panel
            </Trans>
          </p>
        </div>
        <div className={styles.itemControls}>
          <LineQuantity name={name} quantity={item.quantity} busy={busy} onChange={onQuantity} />
          <p className={styles.lineTotal}>{formatEuros(item.lineTotalCents, language)}</p>
        </div>
        {remove}
      </div>
    </li>
  )
}

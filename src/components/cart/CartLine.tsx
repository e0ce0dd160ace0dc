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
 * One line of the cart drawer, compact so that five fit on a phone's screen: a small picture, the
 * name beside it with the line's total and unit price, the quantity and Remove under them. A
 * product the owner archived stays in the cart, muted and marked "No longer available"
 * (docs/product.md: left out of the sums and of checkout): no link to its page (gone), no price, no
 * quantity, only Remove.
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
        <Thumb item={item} className={styles.unavailableThumb} />
        <div className={styles.itemHead}>
          <p className={styles.unavailableName}>{name}</p>
          <p className={styles.unavailableNote}>
            <Trans>No longer available</Trans>
          </p>
        </div>
        <div className={styles.itemControls}>
          <p className={styles.unit}>
            <Trans>Not included in your order. You can remove it from the cart.</Trans>
          </p>
          {remove}
        </div>
      </li>
    )
  }
  return (
    <li className={styles.item}>
      <Thumb item={item} />
      <div className={styles.itemHead}>
        <Link to="/product/$slug" params={{ slug: item.slug }} className={styles.itemName} onClick={onNavigate}>
          {name}
        </Link>
        <p className={styles.prices}>
          <span className={styles.lineTotal}>{formatEuros(item.lineTotalCents, language)}</span>
          <span className={styles.unit}>
            <Trans>
              <UnitPrice line={item} /> / panel
            </Trans>
          </span>
        </p>
      </div>
      <div className={styles.itemControls}>
        <LineQuantity name={name} quantity={item.quantity} busy={busy} onChange={onQuantity} />
        {remove}
      </div>
    </li>
  )
}

/**
 * The product's picture, small, in a box of its own: ProductImage's <picture> lays its children out
 * in the line's grid, where the <source> took a cell and pushed the picture into the name's column.
 */
function Thumb({ item, className }: { item: Line; className?: string }) {
  return (
    <span className={[styles.thumb, className].filter(Boolean).join(' ')}>
      <ProductImage kind="products" name={item.photo?.imageKey ?? null} uploadedId={item.photo?.imageId ?? null} alt="" sizes="3rem" />
    </span>
  )
}

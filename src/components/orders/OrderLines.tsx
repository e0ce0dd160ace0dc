import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLanguage } from '../../i18n/useLanguage.ts'
import type { RouterOutputs } from '../../lib/trpc.ts'
import { formatEuros } from '../../../core/money.ts'
import { pick } from '../../lib/format.ts'
import { SurchargeLabel } from '../cart/SurchargeLabel.tsx'
import { DeliveryText } from './DeliveryText.tsx'
import * as styles from './OrderLines.css.ts'

type Line = RouterOutputs['orders']['get']['items'][number]

type Order = Pick<
  RouterOutputs['orders']['get'],
  | 'taxCents'
  | 'surchargeRateBasisPoints'
  | 'totalCents'
  | 'shippingCostCents'
  | 'deliveryMethod'
  | 'deliveryZone'
  | 'deliveryMinDays'
  | 'deliveryMaxDays'
> & { items: ReadonlyArray<Pick<Line, 'slug' | 'nameEs' | 'nameEn' | 'quantity' | 'unitPriceCents' | 'subtotalCents'>> }

/**
 * An order's lines (a product still in the catalog links to its page), its delivery (method,
 * window, price), the recargo de equivalencia of a buyer under it, and its total.
 */
export function OrderLines({ order }: { order: Order }) {
  const language = useLanguage()
  return (
    <>
      <ul className={styles.items}>
        {order.items.map((item, index) => {
          const quantity = item.quantity
          const unit = formatEuros(item.unitPriceCents, language)
          return (
            <li key={index} className={styles.item}>
              {item.slug ? (
                <Link to="/product/$slug" params={{ slug: item.slug }}>
                  {pick(language, item.nameEs, item.nameEn)}
                </Link>
              ) : (
                <span>{pick(language, item.nameEs, item.nameEn)}</span>
              )}
              <span className={styles.itemDetail}>
                <Trans>
                  {quantity} × {unit}
                </Trans>
              </span>
              <span className={styles.itemTotal}>{formatEuros(item.subtotalCents, language)}</span>
            </li>
          )
        })}
      </ul>
      <p className={styles.surcharge} data-testid="order-delivery">
        <span>
          <DeliveryText order={order} />
        </span>
        <span className={styles.itemTotal}>
          {order.shippingCostCents === 0 ? <Trans>Free</Trans> : formatEuros(order.shippingCostCents, language)}
        </span>
      </p>
      {order.taxCents > 0 ? (
        <p className={styles.surcharge}>
          <span>
            <SurchargeLabel rateBasisPoints={order.surchargeRateBasisPoints} />
          </span>
          <span className={styles.itemTotal}>{formatEuros(order.taxCents, language)}</span>
        </p>
      ) : null}
      <p className={styles.total}>
        <span>
          <Trans>Total</Trans>
        </span>
        <strong>{formatEuros(order.totalCents, language)}</strong>
      </p>
    </>
  )
}

import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { orderableLines, unavailableLines, type Cart } from '../../lib/cart.ts'
import { pick } from '../../lib/format.ts'
import { formatEuros } from '../../../core/money.ts'
import { isPayableTotal } from '../../../core/totals.ts'
import { PriceChangeNotice, UnitPrice } from '../cart/UnitPrice.tsx'
import { OrderLimitNotice } from '../cart/OrderLimitNotice.tsx'
import { SurchargeLabel } from '../cart/SurchargeLabel.tsx'
import { button } from '../ui/button.css.ts'
import type { DeliveryQuote } from './DeliveryChoice.tsx'
import { breakpoints } from '../../styles/theme.css.ts'
import * as styles from './CheckoutPage.css.ts'

/**
 * The order as it will be placed: the lines that can be ordered and their total (the server's, with
 * the recargo de equivalencia of a buyer under it on a line of its own). A product the owner
 * archived is listed apart, as no longer available and not included (the server leaves it out of
 * the subtotal and of the order).
 *
 * On a phone it comes first, folded under "Show summary · 380,00 €" (a <details>: it opens by
 * keyboard and without JavaScript, and says whether it is open); on a wide screen it sits beside the
 * form, always open (CheckoutPage.css.ts).
 */
export function OrderSummary({ cart, delivery = null }: { cart: Cart; delivery?: DeliveryQuote | null }) {
  const language = useLanguage()
  const subtotal = formatEuros(cart.subtotalCents, language)
  // The server's total is what the order costs: the subtotal, the delivery chosen and, for a buyer
  // under it, the recargo de equivalencia (on the delivery too). Before a method is known, the cart's.
  const totalCents = delivery?.totalCents ?? cart.totalCents
  const surchargeCents = delivery?.surchargeCents ?? cart.surcharge?.cents ?? 0
  const total = formatEuros(totalCents, language)
  const unavailable = unavailableLines(cart)
  // News to read before paying (a changed price, a total no payment can take) opens it on a phone too.
  const news = orderableLines(cart).some((item) => item.previousUnitPriceCents !== null) || !isPayableTotal(totalCents)
  const disclosure = useRef<HTMLDetailsElement>(null)
  // A browser without ::details-content cannot be made to show a closed <details> (the stylesheet's
  // way on wide screens): it gets it opened.
  useEffect(() => {
    if (!CSS.supports('selector(::details-content)') && window.matchMedia(breakpoints.md).matches) disclosure.current?.setAttribute('open', '')
  }, [])
  return (
    <details ref={disclosure} className={styles.summary} open={news || undefined}>
      <summary className={styles.summaryToggle} data-testid="checkout-summary-toggle">
        <span className={styles.showSummary}>
          <Trans>Show summary</Trans>
        </span>
        <span className={styles.hideSummary}>
          <Trans>Hide summary</Trans>
        </span>
        <span aria-hidden="true">·</span>
        <strong className={styles.toggleTotal}>{total}</strong>
      </summary>
      <section className={styles.summaryBody} aria-labelledby="summary-heading">
        <h2 id="summary-heading" className={styles.cardTitle}>
          <Trans>Order summary</Trans>
        </h2>
        <PriceChangeNotice cart={cart} />
        <ul className={styles.lines} tabIndex={0} aria-labelledby="summary-heading">
          {orderableLines(cart).map((item) => {
            const quantity = item.quantity
            return (
              <li key={item.id} className={styles.line}>
                <div>
                  <p className={styles.lineName}>{pick(language, item.nameEs, item.nameEn)}</p>
                  <p className={styles.lineDetail}>
                    <Trans>
                      {quantity} × <UnitPrice line={item} />
                    </Trans>
                  </p>
                </div>
                <p className={styles.lineTotal}>{formatEuros(item.lineTotalCents, language)}</p>
              </li>
            )
          })}
        </ul>
        {unavailable.length > 0 ? (
          <div className={styles.unavailable} data-testid="checkout-unavailable">
            <h3 id="unavailable-heading" className={styles.unavailableHeading}>
              <Trans>No longer available</Trans>
            </h3>
            <p className={styles.lineDetail}>
              <Trans>These products are no longer sold and are not included in this order.</Trans>
            </p>
            <ul className={styles.unavailableLines} aria-labelledby="unavailable-heading">
              {unavailable.map((item) => (
                <li key={item.id} className={styles.unavailableLine}>
                  {pick(language, item.nameEs, item.nameEn)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <dl className={styles.totals}>
          <div>
            <dt>
              <Trans>Subtotal</Trans>
            </dt>
            <dd>{subtotal}</dd>
          </div>
          <div>
            <dt>
              <Trans>Delivery</Trans>
            </dt>
            <dd data-testid="checkout-shipping">
              {delivery === null && !cart.delivery.free ? (
                <Trans>Priced with your postal code</Trans>
              ) : delivery === null || delivery.priceCents === 0 ? (
                <Trans>Free</Trans>
              ) : (
                formatEuros(delivery.priceCents, language)
              )}
            </dd>
          </div>
          {cart.surcharge ? (
            <div>
              <dt>
                <SurchargeLabel rateBasisPoints={cart.surcharge.rateBasisPoints} />
              </dt>
              <dd data-testid="checkout-surcharge">{formatEuros(surchargeCents, language)}</dd>
            </div>
          ) : null}
          <div className={styles.grandTotal}>
            <dt>
              <Trans>Total</Trans>
            </dt>
            <dd data-testid="checkout-total">{total}</dd>
          </div>
        </dl>
        <OrderLimitNotice totalCents={totalCents} />
        <p className={styles.secure}>
          <Trans>Prices include VAT, delivery too.</Trans>
        </p>
      </section>
    </details>
  )
}

/** An empty cart, or one whose every product is no longer sold: nothing to order, the way back to the shop. */
export function NothingToOrder({ cart }: { cart: Cart }) {
  const language = useLanguage()
  const unavailable = unavailableLines(cart)
  return (
    <div className={styles.empty}>
      <p className={styles.emptyText}>
        {unavailable.length === 0 ? <Trans>Cart is empty</Trans> : <Trans>The panels in your cart are no longer sold</Trans>}
      </p>
      {unavailable.length > 0 ? (
        <>
          <p>
            <Trans>There is nothing to order. These products are no longer available:</Trans>
          </p>
          <ul className={styles.unavailableLines} data-testid="checkout-unavailable">
            {unavailable.map((item) => (
              <li key={item.id} className={styles.unavailableLine}>
                {pick(language, item.nameEs, item.nameEn)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <Link to="/shop" className={button({ tone: 'primary', size: 'lg' })}>
        <Trans>Go to shop</Trans>
      </Link>
    </div>
  )
}

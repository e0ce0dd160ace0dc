import { Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { useTRPC, type RouterOutputs } from '../../lib/trpc.ts'
import { deliveryMethodLabels, deliveryWindow, deliveryZoneLabels, type DeliveryMethod } from '../../../core/delivery.ts'
import { formatEuros } from '../../../core/money.ts'
import * as styles from './CheckoutPage.css.ts'

/** A delivery method the server offers this cart, priced, with what the order then costs. */
export type DeliveryQuote = RouterOutputs['checkout']['delivery'][number]

/**
 * The delivery methods for the cart to this postal code, priced by the server (docs/product.md#delivery):
 * asked again as the postal code is completed; meanwhile the last answer stays on screen.
 */
export function useDeliveryQuotes(postalCode: string) {
  const trpc = useTRPC()
  const code = /^\d{5}$/.test(postalCode.trim()) ? postalCode.trim() : ''
  return useQuery({ ...trpc.checkout.delivery.queryOptions({ postalCode: code }), placeholderData: keepPreviousData })
}

/** The quote of the method chosen, or the first one offered (home delivery is preselected) when that one is not. */
export function chosenQuote(quotes: readonly DeliveryQuote[] | undefined, method: DeliveryMethod): DeliveryQuote | null {
  return quotes?.find((quote) => quote.method === method) ?? quotes?.[0] ?? null
}

/**
 * "Delivery": the methods as radio choices, each with its window and price ("Free" when nothing).
 * None offered (no postal code served and no pickup): it says so.
 */
export function DeliveryChoice({
  quotes,
  value,
  onChange,
}: {
  quotes: readonly DeliveryQuote[] | undefined
  value: DeliveryMethod
  onChange: (method: DeliveryMethod) => void
}) {
  const { i18n } = useLingui()
  const language = useLanguage()
  const name = useId()
  const chosen = chosenQuote(quotes, value)
  const windowText = (quote: DeliveryQuote) => {
    const { message, values } = deliveryWindow(quote)
    return i18n._(message.id, values, { message: message.message })
  }
  return (
    <fieldset className={styles.invoice} data-testid="checkout-delivery">
      <legend className={styles.invoiceLegend}>
        <Trans>Delivery</Trans>
      </legend>
      {quotes && quotes.length === 0 ? (
        <p className={styles.invoiceNote} role="status">
          <Trans>There is no delivery to this postal code. Ask us for a quote through the contact page.</Trans>
        </p>
      ) : (
        <ul className={styles.deliveryOptions}>
          {(quotes ?? []).map((quote) => {
            const id = `${name}-${quote.method}`
            return (
              <li key={quote.method}>
                <label htmlFor={id} className={styles.deliveryOption} data-method={quote.method}>
                  <input
                    type="radio"
                    id={id}
                    name="delivery"
                    value={quote.method}
                    checked={chosen?.method === quote.method}
                    onChange={() => onChange(quote.method)}
                  />
                  <span>
                    <span className={styles.deliveryName}>
                      {quote.method === 'home'
                        ? `${i18n._(deliveryMethodLabels.home)} (${i18n._(deliveryZoneLabels[quote.zone])})`
                        : i18n._(deliveryMethodLabels.pickup)}
                    </span>
                    <br />
                    <span className={styles.invoiceNote}>{windowText(quote)}</span>
                  </span>
                  <span className={styles.deliveryPrice}>
                    {quote.priceCents === 0 ? <Trans>Free</Trans> : formatEuros(quote.priceCents, language)}
                  </span>
                </label>
              </li>
            )
          })}
        </ul>
      )}
    </fieldset>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useId, type ReactNode } from 'react'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { useTRPC, type RouterOutputs } from '../../lib/trpc.ts'
import { deliveryMethodLabels, deliveryWindow, deliveryZoneLabels, type DeliveryMethod } from '../../../core/delivery.ts'
import { formatEuros } from '../../../core/money.ts'
import { keepTypedCheck } from '../ui/typed-early.ts'
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

/** The quote of the method chosen: null while it has none (home delivery before a postal code it serves). */
export function chosenQuote(quotes: readonly DeliveryQuote[] | undefined, method: DeliveryMethod): DeliveryQuote | null {
  return quotes?.find((quote) => quote.method === method) ?? null
}

/**
 * "Delivery", first of the form's choices (docs/product.md#delivery): home delivery, priced once the
 * postal code is one it serves (and not offered to one it does not), and showroom pickup when the
 * owner offers it; each with its window and price ("Free" when nothing).
 */
export function DeliveryChoice({
  quotes,
  postalCode,
  homeFree,
  value,
  onChange,
}: {
  quotes: readonly DeliveryQuote[] | undefined
  postalCode: string
  /** Home delivery costs nothing anywhere for this shopper: it says so before the postal code. */
  homeFree: boolean
  value: DeliveryMethod
  onChange: (method: DeliveryMethod) => void
}) {
  const { i18n } = useLingui()
  const language = useLanguage()
  const name = useId()
  const home = quotes?.find((quote) => quote.method === 'home') ?? null
  const pickup = quotes?.find((quote) => quote.method === 'pickup') ?? null
  // A complete postal code home delivery does not serve (the Canary Islands, Ceuta, Melilla): the field says why.
  const homeUnserved = /^\d{5}$/.test(postalCode.trim()) && quotes !== undefined && home === null
  const windowText = (quote: DeliveryQuote) => {
    const { message, values } = deliveryWindow(quote)
    return i18n._(message.id, values, { message: message.message })
  }
  const price = (quote: DeliveryQuote) => (quote.priceCents === 0 ? <Trans>Free</Trans> : formatEuros(quote.priceCents, language))
  const option = (method: DeliveryMethod, label: string, detail: ReactNode, cost: ReactNode, disabled = false) => (
    <li key={method}>
      <label htmlFor={`${name}-${method}`} className={styles.deliveryOption} data-method={method}>
        <input
          type="radio"
          id={`${name}-${method}`}
          name="delivery"
          value={method}
          ref={keepTypedCheck(value === method, () => onChange(method))}
          checked={value === method}
          disabled={disabled}
          onChange={() => onChange(method)}
        />
        <span>
          <span className={styles.deliveryName}>{label}</span>
          <br />
          <span className={styles.invoiceNote}>{detail}</span>
        </span>
        <span className={styles.deliveryPrice}>{cost}</span>
      </label>
    </li>
  )
  return (
    <fieldset className={styles.invoice} data-testid="checkout-delivery">
      <legend className={styles.invoiceLegend}>
        <Trans>Delivery</Trans>
      </legend>
      <ul className={styles.deliveryOptions}>
        {option(
          'home',
          home ? `${i18n._(deliveryMethodLabels.home)} (${i18n._(deliveryZoneLabels[home.zone])})` : i18n._(deliveryMethodLabels.home),
          home ? windowText(home) : homeUnserved ? <Trans>Not to this postal code</Trans> : <Trans>Priced with your postal code</Trans>,
          home ? price(home) : homeFree && !homeUnserved ? <Trans>Free</Trans> : null,
          homeUnserved,
        )}
        {pickup ? option('pickup', i18n._(deliveryMethodLabels.pickup), windowText(pickup), price(pickup)) : null}
      </ul>
    </fieldset>
  )
}

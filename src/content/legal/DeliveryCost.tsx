import { Trans } from '@lingui/react/macro'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { useDeliverySummary } from '../../lib/delivery.ts'
import { formatEuros } from '../../../core/money.ts'

/**
 * Where the shop delivers, what it costs and how long it takes, as the owner's rates say
 * (docs/product.md#delivery): the FAQ's and the terms' words, never a figure of their own.
 */
export function DeliveryCost() {
  const delivery = useDeliverySummary()
  const from = formatEuros(delivery.fromCents, useLanguage())
  const min = delivery.minDays
  const max = delivery.maxDays
  return (
    <>
      {delivery.free ? (
        <Trans>We deliver to peninsular Spain and the Balearic Islands free of charge.</Trans>
      ) : delivery.fromCents === 0 ? (
        <Trans>
          We deliver to peninsular Spain and the Balearic Islands, free of charge to some zones; checkout shows the price for your address before you
          pay.
        </Trans>
      ) : (
        <Trans>
          We deliver to peninsular Spain and the Balearic Islands from {from}, by zone and by the size of the order; checkout shows the price for your
          address before you pay.
        </Trans>
      )}{' '}
      <Trans>
        Stock panels usually arrive within {min} to {max} working days of payment; custom lengths take longer.
      </Trans>
      {delivery.pickup ? (
        <>
          {' '}
          <Trans>You can also collect your order free of charge at our showroom in Torrevieja.</Trans>
        </>
      ) : null}
    </>
  )
}

import { Trans } from '@lingui/react/macro'

/**
 * In place of "Pay now" while the payment provider has not said whether a pending order is paid
 * (docs/product.md#orders): a shopper who paid and closed the tab is never offered to pay again.
 * The page asks again by itself; "Check again" reloads it, JavaScript or not.
 */
export function ConfirmingPayment({ className }: { className?: string }) {
  return (
    <p className={className} role="status" data-testid="confirming-payment">
      <Trans>We are confirming the payment with the payment provider. If you have already paid, do not pay again.</Trans>{' '}
      {/* An empty address is this page's own: a reload asks the provider again. */}
      <a href="">
        <Trans>Check again</Trans>
      </a>
    </p>
  )
}

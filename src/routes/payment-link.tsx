import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import { button } from '../components/ui/button.css.ts'
import * as styles from './-auth.css.ts'

interface PaymentLinkSearch {
  /** `closed`: the order no longer waits for payment (cancelled, or its time to pay ended); `invalid`: no such link. */
  state: 'closed' | 'invalid'
}

export const Route = createFileRoute('/payment-link')({
  validateSearch: (search: Record<string, unknown>): PaymentLinkSearch => ({ state: search.state === 'closed' ? 'closed' : 'invalid' }),
  head: ({ match }) => ({
    meta: [{ title: match.context.i18n._(msg`Payment link`) }, { name: 'robots', content: 'noindex' }],
  }),
  component: PaymentLinkPage,
})

/** Where a payment link (GET /pay/<token>) sends a visitor it cannot take to a payment page (docs/product.md#phone-orders). */
function PaymentLinkPage() {
  const { state } = Route.useSearch()
  return (
    <div className={styles.page}>
      <div className={styles.card} role="alert">
        <h1 className={styles.title}>
          {state === 'closed' ? <Trans>This order can no longer be paid</Trans> : <Trans>This payment link does not work</Trans>}
        </h1>
        <p className={styles.lead}>
          {state === 'closed' ? (
            <Trans>Its time to pay has ended, or it was cancelled. Contact us and we will prepare it again for you.</Trans>
          ) : (
            <Trans>Check that you opened the whole link from our email, or contact us and we will send it again.</Trans>
          )}
        </p>
        <Link to="/contact" className={button({ tone: 'primary' })}>
          <Trans>Contact us</Trans>
        </Link>
      </div>
    </div>
  )
}

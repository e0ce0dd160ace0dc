import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useEffect } from 'react'
import { button } from '../components/ui/button.css.ts'
import { useLanguage } from '../i18n/useLanguage.ts'
import { formatEuros } from '../../core/money.ts'
import { OrderNumber } from '../components/orders/OrderNumber.tsx'
import { useAccount } from '../lib/account.ts'
import { useTRPC } from '../lib/trpc.ts'
import * as styles from './-payment-success.css.ts'
import { isOrderId, isPaymentSessionId } from '../lib/url-identifiers.ts'

interface PaymentSuccessSearch {
  order_id?: string
  session_id?: string
}

export const Route = createFileRoute('/payment-success')({
  validateSearch: (search: Record<string, unknown>): PaymentSuccessSearch => ({
    ...(isOrderId(search.order_id) ? { order_id: search.order_id } : {}),
    ...(isPaymentSessionId(search.session_id) ? { session_id: search.session_id } : {}),
  }),
  head: ({ match }) => ({ meta: [{ title: match.context.i18n._(msg`Payment`) }, { name: 'robots', content: 'noindex' }] }),
  component: PaymentSuccessPage,
})

/**
 * Arriving here proves nothing (docs/product.md#checkout): the page asks the server to verify the payment with
 * the provider and shows only what the server says.
 */
function PaymentSuccessPage() {
  const { order_id: orderId, session_id: sessionId } = Route.useSearch()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const confirm = useMutation(
    trpc.checkout.confirm.mutationOptions({
      onSuccess: async (order) => {
        // Paid: the next checkout starts afresh (a new key, an empty form but for the prefill).
        // The draft's module brings the shipping rules (zod): only a paid order needs it, to forget the draft.
        if (order.paymentStatus === 'paid') void import('../lib/checkout-draft.ts').then((draft) => draft.clearCheckoutDraft())
        // A confirmed payment emptied the cart on the server.
        await queryClient.invalidateQueries({ queryKey: trpc.cart.get.queryKey() })
      },
    }),
  )
  const { mutate } = confirm
  useEffect(() => {
    if (orderId) mutate({ orderId, ...(sessionId ? { sessionId } : {}) })
  }, [orderId, sessionId, mutate])

  const order = confirm.data
  const orderNumber = order?.orderNumber ?? ''
  return (
    <div className={styles.page}>
      <div className={styles.card} aria-live="polite">
        {!orderId || confirm.isError ? (
          <>
            <h1 className={styles.title}>
              <Trans>We could not find this order</Trans>
            </h1>
            <p className={styles.text}>
              <Trans>If you have paid, check your email for the confirmation or contact us.</Trans>
            </p>
          </>
        ) : !order ? (
          <h1 className={styles.title}>
            <Trans>Checking your payment...</Trans>
          </h1>
        ) : order.paymentStatus === 'paid' ? (
          <PaidOrder orderNumber={order.orderNumber} totalCents={order.totalCents} email={order.email} />
        ) : order.status === 'cancelled' ? (
          <>
            <h1 className={styles.title}>
              <Trans>This order was cancelled</Trans>
            </h1>
            <p className={styles.text}>
              {order.paymentStatus === 'refunded' ? (
                <Trans>
                  Order <OrderNumber value={orderNumber} /> had been cancelled when your payment arrived, so we have refunded it in full. The refund
                  reaches your card within a few days.
                </Trans>
              ) : (
                <Trans>
                  Order <OrderNumber value={orderNumber} /> was cancelled before it was paid. Your cart is still here if you want to order again.
                </Trans>
              )}
            </p>
          </>
        ) : (
          <>
            <h1 className={styles.title}>
              <Trans>We are waiting for the payment confirmation</Trans>
            </h1>
            <p className={styles.text}>
              <Trans>
                Order <OrderNumber value={orderNumber} /> is registered, but the payment provider has not confirmed the payment yet.
              </Trans>
            </p>
            <button
              type="button"
              className={button({ tone: 'outline' })}
              disabled={confirm.isPending}
              onClick={() => mutate({ orderId, ...(sessionId ? { sessionId } : {}) })}
            >
              <Trans>Check again</Trans>
            </button>
          </>
        )}
        <div className={styles.actions}>
          <Link to="/" className={button({ tone: 'primary' })}>
            <Trans>Back to home</Trans>
          </Link>
          <Link to="/orders" className={button({ tone: 'outline' })}>
            <Trans>View my orders</Trans>
          </Link>
        </div>
      </div>
    </div>
  )
}

function PaidOrder({ orderNumber, totalCents, email }: { orderNumber: string; totalCents: number; email: string }) {
  const language = useLanguage()
  const { t } = useLingui()
  const { me } = useAccount()
  const total = formatEuros(totalCents, language)
  return (
    <>
      <p className={styles.icon} aria-hidden="true">
        ✓
      </p>
      <h1 className={styles.title}>
        <Trans>Payment successful!</Trans>
      </h1>
      <p className={styles.text}>
        <Trans>Thank you for your order. We have sent you a confirmation email and will contact you to arrange delivery.</Trans>{' '}
        <Trans>
          The confirmation went to <strong>{email}</strong>.
        </Trans>
      </p>
      {me ? null : (
        // A guest's order joins the account that verifies this address (docs/product.md#accounts).
        <p className={styles.text} data-testid="guest-orders-hint">
          <Trans>
            To see this order in My orders,{' '}
            <Link to="/auth" search={{ tab: 'signup', redirect: '/orders' }}>
              create an account
            </Link>{' '}
            with {email} and confirm the address with the link we will email you.
          </Trans>
        </p>
      )}
      <dl className={styles.details} aria-label={t`Order`}>
        <div>
          <dt>
            <Trans>Order number</Trans>
          </dt>
          <dd>
            <OrderNumber value={orderNumber} testId="order-number" />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Total paid</Trans>
          </dt>
          <dd>{total}</dd>
        </div>
      </dl>
    </>
  )
}

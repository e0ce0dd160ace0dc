import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { ConfirmingPayment } from '../components/orders/ConfirmingPayment.tsx'
import { OrderLines } from '../components/orders/OrderLines.tsx'
import { OrderNumber } from '../components/orders/OrderNumber.tsx'
import { StatusBadges } from '../components/orders/StatusBadges.tsx'
import { button } from '../components/ui/button.css.ts'
import { PageHeader } from '../components/ui/PageHeader.tsx'
import { useLanguage } from '../i18n/useLanguage.ts'
import { hydrateLater } from '../lib/hydrate-later.tsx'
import { cancelReasonLabels } from '../lib/order-status.ts'
import { useTRPC } from '../lib/trpc.ts'
import * as styles from './-orders.css.ts'

// How the order travels: text and plain links, whose code comes after the page's first download.
const OrderShipment = hydrateLater(() => import('../components/orders/OrderFollowUp.tsx').then((module) => module.OrderShipment)).Component

export const Route = createFileRoute('/order/$token')({
  loader: async ({ context: { queryClient, trpc }, params }) => {
    await queryClient.ensureQueryData(trpc.orders.byLink.queryOptions({ token: params.token })).catch(() => null)
  },
  head: ({ match }) => ({
    meta: [
      { title: match.context.i18n._(msg`Your order`) },
      { name: 'robots', content: 'noindex' },
      // The link's token never leaves in a Referer.
      { name: 'referrer', content: 'no-referrer' },
    ],
  }),
  component: OrderLinkPage,
})

/** How often, and how many times, the page asks again while the provider has not confirmed the payment. */
const confirmingRefetchMs = 3_000
const confirmingRefetches = 10

/**
 * `/order/<token>`: a guest's order through the signed link in its emails (docs/product.md#orders),
 * read-only for 30 days: its states, lines, delivery, total and shipments; nothing to change here.
 */
function OrderLinkPage() {
  const { token } = Route.useParams()
  const { i18n } = useLingui()
  const language = useLanguage()
  const trpc = useTRPC()
  const page = useQuery({
    ...trpc.orders.byLink.queryOptions({ token }),
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.confirmingPayment && query.state.dataUpdateCount <= confirmingRefetches ? confirmingRefetchMs : false,
  })
  const order = page.data
  if (!order) {
    return (
      <>
        <PageHeader title={page.isError ? <Trans>This order link does not work</Trans> : <Trans>Your order</Trans>} />
        <div className={styles.page}>
          {page.isError ? (
            <div className={styles.empty} role="alert">
              <p>
                <Trans>
                  The links in our emails open the order for 30 days. Check that you opened the whole link, or contact us and we will tell you how
                  your order is going.
                </Trans>
              </p>
              <Link to="/contact" className={button({ tone: 'primary' })}>
                <Trans>Contact us</Trans>
              </Link>
            </div>
          ) : (
            <p>
              <Trans>Loading...</Trans>
            </p>
          )}
        </div>
      </>
    )
  }
  const placed = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'es-ES', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Madrid' })
  const waiting = order.status === 'pending' && order.paymentStatus !== 'paid'
  return (
    <>
      <PageHeader title={<Trans>Your order</Trans>} />
      <div className={styles.page}>
        <article className={styles.order} aria-labelledby="order-number" data-testid="order" data-order-number={order.orderNumber}>
          <header className={styles.orderHead}>
            <h2 id="order-number" className={styles.number}>
              <OrderNumber value={order.orderNumber} />
            </h2>
            <p className={styles.date}>
              <time dateTime={order.createdAt}>{placed.format(new Date(order.createdAt))}</time>
            </p>
            <p className={styles.badges}>
              <StatusBadges status={order.status} paymentStatus={order.paymentStatus} />
            </p>
          </header>
          {order.status === 'cancelled' && order.cancelReason ? (
            <p className={styles.note}>{i18n._(cancelReasonLabels[order.cancelReason])}</p>
          ) : null}
          {waiting && order.confirmingPayment ? (
            <ConfirmingPayment className={styles.note} />
          ) : waiting ? (
            <p className={styles.note}>
              <Trans>This order is waiting for payment.</Trans>
            </p>
          ) : null}
          <OrderLines order={order} />
          {order.shipments.length > 0 ? <OrderShipment order={order} /> : null}
          {order.withdrawnAt ? (
            <p className={styles.note}>
              <Trans>Withdrawal received on {placed.format(new Date(order.withdrawnAt))}.</Trans>
            </p>
          ) : order.withdrawalToken ? (
            <div className={styles.pending}>
              <Link to="/withdraw/$token" params={{ token: order.withdrawalToken }} className={button({ tone: 'outline' })}>
                <Trans>Withdraw from the contract</Trans>
              </Link>
            </div>
          ) : null}
          <p className={styles.pending}>
            <Trans>
              For any question about your order, <Link to="/contact">contact us</Link> with its number.
            </Trans>
          </p>
        </article>
      </div>
    </>
  )
}

import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, redirect } from '@tanstack/react-router'
import { button } from '../components/ui/button.css.ts'
import { PageHeader } from '../components/ui/PageHeader.tsx'
import { useLanguage } from '../i18n/useLanguage.ts'
import { orderStatusLabels, paymentStatusLabels } from '../lib/order-status.ts'
import { pageHead } from '../lib/seo.ts'
import { useTRPC } from '../lib/trpc.ts'
import { OrderLines } from '../components/orders/OrderLines.tsx'
import * as styles from './-orders.css.ts'

export const Route = createFileRoute('/orders')({
  // Convenience only: orders.list itself refuses anyone not signed in.
  beforeLoad: async ({ context: { queryClient, trpc } }) => {
    const me = await queryClient.ensureQueryData(trpc.account.me.queryOptions())
    if (!me) throw redirect({ to: '/auth', search: { redirect: '/orders' } })
  },
  loader: ({ context: { queryClient, trpc } }) => queryClient.ensureQueryData(trpc.orders.list.queryOptions()),
  head: ({ match }) => ({
    ...pageHead(match.context, {
      title: match.context.i18n._(msg`My orders`),
      description: match.context.i18n._(msg`Your orders and their status.`),
      path: '/orders',
    }),
  }),
  component: OrdersPage,
})

function OrdersPage() {
  const trpc = useTRPC()
  const language = useLanguage()
  const { i18n } = useLingui()
  const { data: orders } = useSuspenseQuery(trpc.orders.list.queryOptions())
  const dateFormat = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'es-ES', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Madrid',
  })
  return (
    <>
      <PageHeader title={<Trans>My orders</Trans>} />
      <div className={styles.page}>
        {orders.length === 0 ? (
          <div className={styles.empty}>
            <p>
              <Trans>You have no orders yet.</Trans>
            </p>
            <Link to="/shop" className={button({ tone: 'primary' })}>
              <Trans>Go to Shop</Trans>
            </Link>
          </div>
        ) : (
          <ul className={styles.list}>
            {orders.map((order) => (
              <li key={order.id} className={styles.order}>
                <article aria-labelledby={`order-${order.id}`}>
                  <header className={styles.orderHead}>
                    <h2 id={`order-${order.id}`} className={styles.number}>
                      {order.orderNumber}
                    </h2>
                    <p className={styles.date}>
                      <time dateTime={order.createdAt}>{dateFormat.format(new Date(order.createdAt))}</time>
                    </p>
                    <p className={styles.badges}>
                      <span className={styles.badge({ tone: order.status === 'confirmed' ? 'good' : 'neutral' })}>
                        {i18n._(orderStatusLabels[order.status])}
                      </span>
                      <span
                        className={styles.badge({
                          tone: order.paymentStatus === 'paid' ? 'good' : order.paymentStatus === 'failed' ? 'bad' : 'neutral',
                        })}
                      >
                        {i18n._(paymentStatusLabels[order.paymentStatus])}
                      </span>
                    </p>
                  </header>
                  <OrderLines order={order} />
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  )
}

import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import type { MessageDescriptor } from '@lingui/core'
import { OrderNumber } from '../components/orders/OrderNumber.tsx'
import { button } from '../components/ui/button.css.ts'
import { useLanguage } from '../i18n/useLanguage.ts'
import { pick } from '../lib/format.ts'
import { hydrateLater } from '../lib/hydrate-later.tsx'
import { useTRPC } from '../lib/trpc.ts'
import { formatEuros } from '../../core/money.ts'
import { type WithdrawalClosedReason } from '../../core/withdrawal.ts'
import * as styles from './-auth.css.ts'

interface WithdrawSearch {
  /** The fields a statement posted without JavaScript was refused for (server/http/form-posts.ts); never their values. */
  invalid?: string
}

// The statement's form and its rules: the server's HTML at once, their code once the page is up.
const statement = hydrateLater(() => import('../components/orders/WithdrawalStatement.tsx').then((module) => module.WithdrawalStatement))
const WithdrawalStatement = statement.Component

export const Route = createFileRoute('/withdraw/$token')({
  validateSearch: (search: Record<string, unknown>): WithdrawSearch => (typeof search.invalid === 'string' ? { invalid: search.invalid } : {}),
  // The statement's code comes with the page's data, so hydrating the page finds it there.
  loader: async ({ context: { queryClient, trpc }, params }) => {
    await Promise.all([
      statement.preload(),
      queryClient.ensureQueryData(trpc.orders.withdrawal.queryOptions({ token: params.token })).catch(() => null),
    ])
  },
  head: ({ match }) => ({
    meta: [
      { title: match.context.i18n._(msg`Withdrawal from the contract`) },
      { name: 'robots', content: 'noindex' },
      // The link's token never leaves in a Referer.
      { name: 'referrer', content: 'no-referrer' },
    ],
  }),
  component: WithdrawPage,
})

const closedReasons: Record<WithdrawalClosedReason, MessageDescriptor> = {
  unpaid: msg`This order has not been paid, so there is nothing to withdraw from.`,
  cancelled: msg`This order was cancelled.`,
  refunded: msg`This order has been refunded in full.`,
  expired: msg`The 14 days to withdraw from this order after its delivery have ended.`,
}

/**
 * `/withdraw/<token>`: a guest's withdrawal from the contract through the order's signed link
 * (docs/product.md#withdrawal): the order, until when one may withdraw (or why not any more), and
 * the statement; after it, the acknowledgment.
 */
function WithdrawPage() {
  const { token } = Route.useParams()
  const { invalid } = Route.useSearch()
  const { i18n } = useLingui()
  const language = useLanguage()
  const trpc = useTRPC()
  const page = useQuery({ ...trpc.orders.withdrawal.queryOptions({ token }), retry: false })
  const dayFormat = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'es-ES', { dateStyle: 'long', timeZone: 'Europe/Madrid' })
  const timeFormat = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'es-ES', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Madrid',
  })
  const order = page.data
  if (!order) {
    return (
      <div className={styles.page}>
        <div className={styles.card} role={page.isError ? 'alert' : undefined}>
          {page.isError ? (
            <>
              <h1 className={styles.title}>
                <Trans>This withdrawal link does not work</Trans>
              </h1>
              <p className={styles.lead}>
                <Trans>Check that you opened the whole link from our email, or contact us.</Trans>
              </p>
              <Link to="/contact" className={button({ tone: 'primary' })}>
                <Trans>Contact us</Trans>
              </Link>
            </>
          ) : (
            <p className={styles.lead}>
              <Trans>Loading...</Trans>
            </p>
          )}
        </div>
      </div>
    )
  }
  const number = order.orderNumber
  const placed = dayFormat.format(new Date(order.createdAt))
  const total = formatEuros(order.totalCents, language)
  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.title}>
          <Trans>Withdrawal from the contract</Trans>
        </h1>
        <p>
          <Trans>
            Order <OrderNumber value={number} /> of {placed}
          </Trans>
        </p>
        <ul>
          {order.items.map((item) => (
            <li key={item.id}>
              {item.quantity} × {pick(language, item.nameEs, item.nameEn)}: {formatEuros(item.subtotalCents, language)}
            </li>
          ))}
        </ul>
        <p>
          <Trans>Total (IVA included): {total}</Trans>
        </p>
        {order.state === 'withdrawn' && order.withdrawal ? (
          <div role="status" data-testid="withdrawal-received">
            <p>
              <strong>
                <Trans>Withdrawal received on {timeFormat.format(new Date(order.withdrawal.at))}.</Trans>
              </strong>
            </p>
            <p className={styles.lead}>
              <Trans>
                We have emailed you the acknowledgment. Send the panels back as our returns page explains; we refund you within 14 days of receiving
                your withdrawal, and may hold the refund until the panels are back with us.
              </Trans>
            </p>
            <Link to="/returns" className={button({ tone: 'outline' })}>
              <Trans>How to return the panels</Trans>
            </Link>
          </div>
        ) : order.state === 'closed' && order.reason ? (
          <div role="alert">
            <p>{i18n._(closedReasons[order.reason])}</p>
            <p className={styles.lead}>
              <Trans>You can no longer withdraw from this order online: contact us and we will look at it with you.</Trans>
            </p>
            <Link to="/contact" className={button({ tone: 'primary' })}>
              <Trans>Contact us</Trans>
            </Link>
          </div>
        ) : (
          <>
            <p className={styles.lead}>
              {order.until ? (
                <Trans>You may withdraw from this order until {dayFormat.format(new Date(order.until))}, without giving a reason.</Trans>
              ) : (
                <Trans>You may withdraw from this order without giving a reason, until 14 days after it is delivered.</Trans>
              )}
            </p>
            <WithdrawalStatement token={token} defaults={{ name: order.customerName, email: order.customerEmail }} invalid={invalid ?? ''} />
          </>
        )}
      </div>
    </div>
  )
}

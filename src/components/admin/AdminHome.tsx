import { Plural, Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, type RegisteredRouter, type ValidateLinkOptions } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { formatNumber } from '../../lib/format.ts'
import { useTRPC } from '../../lib/trpc.ts'
import { PageLoading } from '../PageLoading.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { formatEuros } from '../../../core/money.ts'
import * as styles from './AdminHome.css.ts'

/**
 * The admin home (docs/product.md#fulfilment): the day's work and the sales, each figure a link to
 * the list that shows exactly it (admin.summary counts what those lists' filters select).
 */
export function AdminHome() {
  const trpc = useTRPC()
  const language = useLanguage()
  const { data, isError } = useQuery(trpc.admin.summary.queryOptions())
  const header = (
    <PageHeader title={<Trans>Admin dashboard</Trans>} lead={<Trans>What is waiting for you today, and how the shop is selling.</Trans>} />
  )
  if (!data) {
    return (
      <>
        {header}
        {isError ? (
          <p role="alert" className={styles.page}>
            <Trans>The summary could not be loaded. Reload the page to try again.</Trans>
          </p>
        ) : (
          <PageLoading />
        )}
      </>
    )
  }
  // Paid and not refunded in full: what a partial refund left still ships.
  const paidConfirmed = { status: 'to_ship', payment: 'unrefunded' } as const
  const today = formatEuros(data.today.totalCents, language)
  const month = formatEuros(data.month.totalCents, language)
  return (
    <>
      {header}
      <div className={styles.page}>
        <section className={styles.group} aria-labelledby="work-heading">
          <h2 id="work-heading" className={styles.heading}>
            <Trans>To do</Trans>
          </h2>
          <ul className={styles.tiles}>
            <Tile count={data.toShip} link={{ to: '/admin/orders', search: { ...paidConfirmed, delivery: 'home' } }} testId="summary-to-ship">
              <Plural value={data.toShip} one="order to ship" other="orders to ship" />
            </Tile>
            <Tile
              count={data.pickupsToPrepare}
              link={{ to: '/admin/orders', search: { ...paidConfirmed, delivery: 'pickup' } }}
              testId="summary-pickups"
            >
              <Plural value={data.pickupsToPrepare} one="pickup to prepare" other="pickups to prepare" />
            </Tile>
            <Tile count={data.paymentsPending} link={{ to: '/admin/orders', search: { status: 'pending' } }} testId="summary-payments-pending">
              <Plural value={data.paymentsPending} one="order awaiting payment" other="orders awaiting payment" />
            </Tile>
            <Tile count={data.withdrawalsPending} link={{ to: '/admin/orders', search: { withdrawal: 'pending' } }} testId="summary-withdrawals">
              <Plural value={data.withdrawalsPending} one="withdrawal to resolve" other="withdrawals to resolve" />
            </Tile>
            <Tile count={data.newMessages} link={{ to: '/admin/messages', search: { unanswered: true } }} testId="summary-messages">
              <Plural value={data.newMessages} one="message to answer" other="messages to answer" />
            </Tile>
            <Tile count={data.b2bRequests} link={{ to: '/admin/requests' }} testId="summary-requests">
              <Plural value={data.b2bRequests} one="wholesale request waiting" other="wholesale requests waiting" />
            </Tile>
          </ul>
        </section>
        <section className={styles.group} aria-labelledby="sales-heading">
          <h2 id="sales-heading" className={styles.heading}>
            <Trans>Sales</Trans>
          </h2>
          <ul className={styles.tiles}>
            <Tile
              figure={today}
              link={{ to: '/admin/orders', search: { payment: 'unrefunded', from: data.today.day, to: data.today.day } }}
              testId="summary-today"
            >
              <Plural value={data.today.orders} _0="Today: no orders yet" one="Today: # order" other="Today: # orders" />
            </Tile>
            <Tile
              figure={month}
              link={{ to: '/admin/orders', search: { payment: 'unrefunded', from: data.month.from, to: data.month.to } }}
              testId="summary-month"
            >
              <Plural value={data.month.orders} _0="This month: no orders yet" one="This month: # order" other="This month: # orders" />
            </Tile>
          </ul>
        </section>
      </div>
    </>
  )
}

interface TileProps<TOptions> {
  /** Where the figure leads: a route and its search, checked against that route's search. */
  link: ValidateLinkOptions<RegisteredRouter, TOptions>
  /** A count of work waiting (highlighted when above 0), or a figure such as an amount. */
  count?: number
  figure?: string
  testId: string
  children: ReactNode
}

function Tile<TOptions>(props: TileProps<TOptions>): ReactNode
function Tile({ link, count, figure, testId, children }: TileProps<unknown>) {
  const language = useLanguage()
  const shown = figure ?? formatNumber(count ?? 0, language)
  return (
    <li>
      <Link {...link} className={styles.tile} data-testid={testId} data-waiting={count !== undefined && count > 0}>
        {/* The space keeps the link's name "3 orders to ship", not "3orders to ship" (the grid does not show it). */}
        <span className={styles.figure}>{shown}</span> <span className={styles.label}>{children}</span>
      </Link>
    </li>
  )
}

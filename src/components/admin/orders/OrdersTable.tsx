import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId, type ReactNode } from 'react'
import { formatEuros } from '../../../../core/money.ts'
import { useLanguage } from '../../../i18n/useLanguage.ts'
import { formatDate, formatNumber } from '../../../lib/format.ts'
import type { RouterOutputs } from '../../../lib/trpc.ts'
import { visuallyHidden } from '../../../styles/utilities.css.ts'
import { OrderStatusBadge, PaymentStatusBadge } from '../../orders/StatusBadges.tsx'
import * as admin from '../admin.css.ts'
import * as styles from './OrdersTable.css.ts'

export type OrderRow = RouterOutputs['admin']['orders']['list']['orders'][number]

/**
 * The admin's orders, one row each (the dashboard's recent ones and /admin/orders): the number
 * opens the order's page. Wide, it scrolls sideways inside its own focusable region.
 */
export function OrdersTable({
  orders,
  caption,
  busy = false,
  empty,
}: {
  orders: readonly OrderRow[]
  caption: ReactNode
  busy?: boolean
  empty: ReactNode
}) {
  const language = useLanguage()
  const captionId = useId()
  if (orders.length === 0) return <p className={admin.empty}>{empty}</p>
  return (
    <div className={admin.scroller} tabIndex={0} role="region" aria-labelledby={captionId} aria-busy={busy}>
      <table className={admin.table} data-testid="admin-orders">
        <caption id={captionId} className={visuallyHidden}>
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col" className={admin.th}>
              <Trans>Order</Trans>
            </th>
            <th scope="col" className={admin.th}>
              <Trans>Date</Trans>
            </th>
            <th scope="col" className={admin.th}>
              <Trans>Customer</Trans>
            </th>
            <th scope="col" className={admin.th}>
              <Trans>Email</Trans>
            </th>
            <th scope="col" className={`${admin.th} ${admin.numeric}`}>
              <Trans>Panels</Trans>
            </th>
            <th scope="col" className={`${admin.th} ${admin.numeric}`}>
              <Trans>Total</Trans>
            </th>
            <th scope="col" className={admin.th}>
              <Trans>Status</Trans>
            </th>
            <th scope="col" className={admin.th}>
              <Trans>Payment</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} data-order-number={order.orderNumber}>
              <th scope="row" className={`${admin.td} ${styles.rowHeader}`}>
                <Link to="/admin/orders/$id" params={{ id: order.id }} className={styles.numberLink} translate="no">
                  {order.orderNumber}
                </Link>
              </th>
              <td className={`${admin.td} ${admin.nowrap}`}>
                <time dateTime={order.createdAt}>{formatDate(order.createdAt, language, true)}</time>
              </td>
              <td className={admin.td}>{order.customerName}</td>
              <td className={`${admin.td} ${styles.email}`}>{order.customerEmail}</td>
              <td className={`${admin.td} ${admin.numeric}`}>{formatNumber(order.panels, language)}</td>
              <td className={`${admin.td} ${admin.numeric}`}>{formatEuros(order.totalCents, language)}</td>
              <td className={admin.td}>
                <OrderStatusBadge status={order.status} />
              </td>
              <td className={admin.td}>
                <PaymentStatusBadge status={order.paymentStatus} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

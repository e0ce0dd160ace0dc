import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { formatEuros } from '../../../../core/money.ts'
import { useLanguage } from '../../../i18n/useLanguage.ts'
import { formatNumber } from '../../../lib/format.ts'
import type { RouterOutputs } from '../../../lib/trpc.ts'
import { OrderStatusBadge, PaymentStatusBadge } from '../../orders/StatusBadges.tsx'
import { AdminTable, whenColumn, type Column } from '../AdminTable.tsx'
import * as styles from './OrdersTable.css.ts'

export type OrderRow = RouterOutputs['admin']['orders']['list']['orders'][number]

/**
 * The admin's orders, one row each (the dashboard's recent ones and /admin/orders): the number
 * opens the order's page.
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
  const { t } = useLingui()
  const language = useLanguage()
  const columns: Column<OrderRow>[] = [
    {
      header: t`Order`,
      rowHeader: true,
      cell: (order) => (
        <Link to="/admin/orders/$id" params={{ id: order.id }} className={styles.numberLink} translate="no">
          {order.orderNumber}
        </Link>
      ),
    },
    whenColumn(t`Date`, language, (order) => order.createdAt),
    { header: t`Customer`, cell: (order) => order.customerName },
    { header: t`Email`, className: styles.email, cell: (order) => order.customerEmail },
    { header: t`Panels`, numeric: true, cell: (order) => formatNumber(order.panels, language) },
    { header: t`Total`, numeric: true, cell: (order) => formatEuros(order.totalCents, language) },
    { header: t`Status`, cell: (order) => <OrderStatusBadge status={order.status} /> },
    { header: t`Payment`, cell: (order) => <PaymentStatusBadge status={order.paymentStatus} orderStatus={order.status} /> },
  ]
  return (
    <AdminTable
      caption={caption}
      testId="admin-orders"
      columns={columns}
      rows={orders}
      rowKey={(order) => order.id}
      rowData={(order) => ({ 'data-order-number': order.orderNumber })}
      empty={empty}
      busy={busy}
    />
  )
}

import { useLingui } from '@lingui/react/macro'
import type { OrderStatus, PaymentStatus } from '../../../core/order-flow.ts'
import { orderStatusLabels, orderStatusTones, paymentStatusLabels, paymentStatusTones } from '../../lib/order-status.ts'
import * as styles from './StatusBadges.css.ts'

/** An order's status and its payment's, as two badges (the buyer's /orders and the admin's screens). */
export function StatusBadges({ status, paymentStatus }: { status: OrderStatus; paymentStatus: PaymentStatus }) {
  return (
    <span className={styles.badges}>
      <OrderStatusBadge status={status} />
      <PaymentStatusBadge status={paymentStatus} />
    </span>
  )
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { i18n } = useLingui()
  return (
    <span className={styles.badge({ tone: orderStatusTones[status] })} data-testid="order-status">
      {i18n._(orderStatusLabels[status])}
    </span>
  )
}

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { i18n } = useLingui()
  return (
    <span className={styles.badge({ tone: paymentStatusTones[status] })} data-testid="payment-status">
      {i18n._(paymentStatusLabels[status])}
    </span>
  )
}

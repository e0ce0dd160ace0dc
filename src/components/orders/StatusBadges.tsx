import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { OrderStatus, PaymentStatus } from '../../../core/order-flow.ts'
import { notChargedLabel, orderStatusLabels, orderStatusTones, paymentLabelOf, paymentStatusTones, type BadgeTone } from '../../lib/order-status.ts'
import * as styles from './StatusBadges.css.ts'

/** An order's status and its payment's, as two badges (the buyer's /orders and the admin's screens). */
export function StatusBadges({ status, paymentStatus }: { status: OrderStatus; paymentStatus: PaymentStatus }) {
  return (
    <span className={styles.badges}>
      <OrderStatusBadge status={status} />
      <PaymentStatusBadge status={paymentStatus} orderStatus={status} />
    </span>
  )
}

/** A state in a coloured badge (an order's, a payment's, an archived product's). */
export function Badge({ tone, testId, children }: { tone: BadgeTone; testId?: string; children: ReactNode }) {
  return (
    <span className={styles.badge({ tone })} data-testid={testId}>
      {children}
    </span>
  )
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { i18n } = useLingui()
  return (
    <Badge tone={orderStatusTones[status]} testId="order-status">
      {i18n._(orderStatusLabels[status])}
    </Badge>
  )
}

/** The payment's state; a cancelled order never paid says "Sin cobrar" (grey), not that it awaits payment. */
export function PaymentStatusBadge({ status, orderStatus }: { status: PaymentStatus; orderStatus: OrderStatus }) {
  const { i18n } = useLingui()
  const label = paymentLabelOf(orderStatus, status)
  return (
    <Badge tone={label === notChargedLabel ? 'neutral' : paymentStatusTones[status]} testId="payment-status">
      {i18n._(label)}
    </Badge>
  )
}

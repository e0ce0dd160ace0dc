import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { OrderStatus, PaymentStatus } from '../../core/order-flow.ts'
import type { RouterOutputs } from './trpc.ts'

type Order = RouterOutputs['orders']['list'][number]

// The states' words are core's (the orders export on the server says them too).
export {
  notChargedLabel,
  orderStatusLabels,
  paymentFilterLabels,
  paymentLabelOf,
  paymentStatusLabels,
  statusFilterLabels,
} from '../../core/order-status-labels.ts'

/**
 * How a status badge looks, the same on /orders and in the admin: green once things went right,
 * red when they went wrong, amber when they went right with a warning (a VERI*FACTU record accepted
 * with errors), the accent while an order is on its way, grey while nothing is decided (or is over,
 * as a refund).
 */
export type BadgeTone = 'good' | 'bad' | 'warn' | 'active' | 'neutral'

export const orderStatusTones: Record<OrderStatus, BadgeTone> = {
  pending: 'neutral',
  confirmed: 'good',
  partially_shipped: 'active',
  shipped: 'active',
  delivered: 'good',
  cancelled: 'bad',
}

export const paymentStatusTones: Record<PaymentStatus, BadgeTone> = {
  pending: 'neutral',
  paid: 'good',
  failed: 'bad',
  partially_refunded: 'neutral',
  refunded: 'neutral',
}

/** Why an order was cancelled, as its buyer reads it. */
export const cancelReasonLabels: Record<NonNullable<Order['cancelReason']>, MessageDescriptor> = {
  buyer: msg`You cancelled this order.`,
  expired: msg`Cancelled automatically: it was not paid within 24 hours.`,
  admin: msg`Cancelled by the shop. If you have any questions, contact us.`,
}

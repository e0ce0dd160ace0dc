import type { OrderStatus, PaymentFilter, PaymentStatus, StatusFilter } from './order-flow.ts'

// An order's states in words, one place for the buyer's /orders, the admin's pages and the orders
// export (server/services/orders/export.ts): ids and English sources here, Spanish in the catalogs.

export const orderStatusLabels = {
  pending: /*i18n*/ { id: 'order.status.pending', message: 'Pending' },
  confirmed: /*i18n*/ { id: 'order.status.confirmed', message: 'Confirmed' },
  partially_shipped: /*i18n*/ { id: 'order.status.partially_shipped', message: 'Partially shipped' },
  shipped: /*i18n*/ { id: 'order.status.shipped', message: 'Shipped' },
  delivered: /*i18n*/ { id: 'order.status.delivered', message: 'Delivered' },
  cancelled: /*i18n*/ { id: 'order.status.cancelled', message: 'Cancelled' },
} as const satisfies Record<OrderStatus, { id: string; message: string }>

export const paymentStatusLabels = {
  pending: /*i18n*/ { id: 'order.payment.pending', message: 'Awaiting payment' },
  paid: /*i18n*/ { id: 'order.payment.paid', message: 'Paid' },
  failed: /*i18n*/ { id: 'order.payment.failed', message: 'Payment failed' },
  partially_refunded: /*i18n*/ { id: 'order.payment.partially_refunded', message: 'Partially refunded' },
  refunded: /*i18n*/ { id: 'order.payment.refunded', message: 'Refunded' },
} as const satisfies Record<PaymentStatus, { id: string; message: string }>

/** A cancelled order that was never paid: nothing was charged, and nothing is awaited. */
export const notChargedLabel = /*i18n*/ { id: 'order.payment.not_charged', message: 'Not charged' }

/** What an order's payment badge says: "Sin cobrar" for a cancelled order never paid, its state otherwise. */
export function paymentLabelOf(status: OrderStatus, paymentStatus: PaymentStatus): { id: string; message: string } {
  return status === 'cancelled' && (paymentStatus === 'pending' || paymentStatus === 'failed') ? notChargedLabel : paymentStatusLabels[paymentStatus]
}

/** The orders list's status filter: each state, and the paid orders with panels still to ship. */
export const statusFilterLabels = {
  ...orderStatusLabels,
  to_ship: /*i18n*/ { id: 'order.status.to_ship', message: 'To ship (confirmed or partially shipped)' },
} as const satisfies Record<StatusFilter, { id: string; message: string }>

/** The orders list's payment filter: each state, and the orders paid and not refunded in full. */
export const paymentFilterLabels = {
  ...paymentStatusLabels,
  unrefunded: /*i18n*/ { id: 'order.payment.unrefunded', message: 'Paid, not refunded in full' },
} as const satisfies Record<PaymentFilter, { id: string; message: string }>

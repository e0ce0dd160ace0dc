/**
 * The life of an order after checkout (docs/decisions/018), one place for what may happen next. The
 * server applies these rules inside each transition's transaction; the admin's order page reads the
 * same answer from the server (`admin.orders.get`'s `allowed`) to offer only what applies.
 */
export const orderStatuses = ['pending', 'confirmed', 'shipped', 'delivered', 'cancelled', 'refunded'] as const
export type OrderStatus = (typeof orderStatuses)[number]

export const paymentStatuses = ['pending', 'paid', 'failed', 'refunded'] as const
export type PaymentStatus = (typeof paymentStatuses)[number]

export const orderTransitions = ['ship', 'deliver', 'cancel', 'refund'] as const
export type OrderTransition = (typeof orderTransitions)[number]

/** The state a transition leads to: asking for it again once there is a no-op, not an error. */
export const transitionTarget: Record<OrderTransition, OrderStatus> = {
  ship: 'shipped',
  deliver: 'delivered',
  cancel: 'cancelled',
  refund: 'refunded',
}

/** Paid orders not yet refunded: shipped and delivered ones too (a return within the 14 days). */
const refundable: ReadonlySet<OrderStatus> = new Set(['confirmed', 'shipped', 'delivered'])

/**
 * Whether a transition applies to an order as it is now:
 * confirmed (paid) → shipped → delivered; an unpaid pending order can be cancelled; a paid one,
 * shipped or not, can be refunded in full (it then shows `refunded`).
 */
export function canApply(transition: OrderTransition, order: { status: OrderStatus; paymentStatus: PaymentStatus }): boolean {
  const paid = order.paymentStatus === 'paid'
  switch (transition) {
    case 'ship':
      return order.status === 'confirmed' && paid
    case 'deliver':
      return order.status === 'shipped' && paid
    case 'cancel':
      return order.status === 'pending' && !paid
    case 'refund':
      return refundable.has(order.status) && paid
  }
}

export function allowedTransitions(order: { status: OrderStatus; paymentStatus: PaymentStatus }): Record<OrderTransition, boolean> {
  return {
    ship: canApply('ship', order),
    deliver: canApply('deliver', order),
    cancel: canApply('cancel', order),
    refund: canApply('refund', order),
  }
}

/** A carrier's name or a tracking number, as the admin types them (both optional when shipping). */
export const shipmentFieldMaxLength = 80

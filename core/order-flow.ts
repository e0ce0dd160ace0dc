/**
 * The life of an order as data (docs/decisions/022): every event that may happen to an order, the
 * states it starts from and leads to, and who may cause it. The server applies this table in one
 * place (`transition()` in server/services/orders/), inside each event's transaction; the admin's
 * order page reads the same answer (`admin.orders.get`'s `allowed`) to offer only what applies.
 */
export const orderStatuses = ['pending', 'confirmed', 'shipped', 'delivered', 'cancelled', 'refunded'] as const
export type OrderStatus = (typeof orderStatuses)[number]

export const paymentStatuses = ['pending', 'paid', 'failed', 'refunded'] as const
export type PaymentStatus = (typeof paymentStatuses)[number]

export interface OrderState {
  status: OrderStatus
  paymentStatus: PaymentStatus
}

/** Who causes an event: the buyer, an admin, the payment provider, or the shop itself (expiry, invoices). */
export const orderActorKinds = ['customer', 'admin', 'provider', 'system'] as const
export type OrderActorKind = (typeof orderActorKinds)[number]

/** What an order's timeline says happened (one entry per event, and one per invoice issued). */
export const orderTimelineTypes = ['created', 'paid', 'payment_failed', 'shipped', 'delivered', 'cancelled', 'refunded', 'invoice_issued'] as const
export type OrderTimelineType = (typeof orderTimelineTypes)[number]

export interface OrderStep {
  /** The states it may start from, on each axis. */
  from: { status: readonly OrderStatus[]; payment: readonly PaymentStatus[] }
  /** Where it leads; an axis it leaves out stays as it was. */
  to: { status?: OrderStatus; payment?: PaymentStatus }
  /** Who may cause it. */
  by: readonly OrderActorKind[]
  /** The timeline entry it writes. */
  records: OrderTimelineType
}

const unpaid = ['pending', 'failed'] as const satisfies readonly PaymentStatus[]

/**
 * The transition table. Created orders wait for payment; the provider's verified payment confirms
 * them (once, by the order's current payment session); an unpaid one is cancelled by its buyer or
 * an admin, or when its payment time lapses; a paid one is shipped, then delivered, and can be
 * refunded in full at any point after payment (it then shows `refunded`). A payment that arrives
 * for an order cancelled meanwhile is given back, and the cancelled order says so.
 */
export const orderFlow = {
  create: { from: { status: [], payment: [] }, to: { status: 'pending', payment: 'pending' }, by: ['customer'], records: 'created' },
  pay: { from: { status: ['pending'], payment: unpaid }, to: { status: 'confirmed', payment: 'paid' }, by: ['provider'], records: 'paid' },
  fail: { from: { status: ['pending'], payment: ['pending'] }, to: { payment: 'failed' }, by: ['provider'], records: 'payment_failed' },
  expire: { from: { status: ['pending'], payment: unpaid }, to: { status: 'cancelled' }, by: ['system'], records: 'cancelled' },
  cancel: { from: { status: ['pending'], payment: unpaid }, to: { status: 'cancelled' }, by: ['customer', 'admin'], records: 'cancelled' },
  ship: { from: { status: ['confirmed'], payment: ['paid'] }, to: { status: 'shipped' }, by: ['admin'], records: 'shipped' },
  deliver: { from: { status: ['shipped'], payment: ['paid'] }, to: { status: 'delivered' }, by: ['admin'], records: 'delivered' },
  refund: {
    from: { status: ['confirmed', 'shipped', 'delivered'], payment: ['paid'] },
    to: { status: 'refunded', payment: 'refunded' },
    by: ['admin'],
    records: 'refunded',
  },
  refund_unused_payment: {
    from: { status: ['cancelled'], payment: unpaid },
    to: { payment: 'refunded' },
    by: ['system'],
    records: 'refunded',
  },
} as const satisfies Record<string, OrderStep>

export type OrderEvent = keyof typeof orderFlow

/** Whether the order already is where the event leads: asking for it again is a no-op, not an error. */
export function isApplied(event: OrderEvent, order: OrderState): boolean {
  const { to }: OrderStep = orderFlow[event]
  return (to.status === undefined || order.status === to.status) && (to.payment === undefined || order.paymentStatus === to.payment)
}

/** Whether the event applies to the order as it is now (and, given an actor, whether that actor may cause it). */
export function canApply(event: OrderEvent, order: OrderState, actor?: OrderActorKind): boolean {
  const step: OrderStep = orderFlow[event]
  if (actor !== undefined && !step.by.includes(actor)) return false
  return step.from.status.includes(order.status) && step.from.payment.includes(order.paymentStatus)
}

/** The state the event leads to from `order`. */
export function stateAfter(event: OrderEvent, order: OrderState): OrderState {
  const { to }: OrderStep = orderFlow[event]
  return { status: to.status ?? order.status, paymentStatus: to.payment ?? order.paymentStatus }
}

/** What the admin's order page offers. */
export const adminOrderActions = ['ship', 'deliver', 'cancel', 'refund'] as const satisfies readonly OrderEvent[]
export type AdminOrderAction = (typeof adminOrderActions)[number]

export function allowedTransitions(order: OrderState): Record<AdminOrderAction, boolean> {
  return {
    ship: canApply('ship', order, 'admin'),
    deliver: canApply('deliver', order, 'admin'),
    cancel: canApply('cancel', order, 'admin'),
    refund: canApply('refund', order, 'admin'),
  }
}

/** A carrier's name or a tracking number, as the admin types them (both optional when shipping). */
export const shipmentFieldMaxLength = 80

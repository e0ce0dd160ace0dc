/**
 * The life of an order as data (docs/decisions/022): every event that may happen to an order, the
 * states it starts from and leads to, and who may cause it. The server applies this table in one
 * place (`transition()` in server/services/orders/), inside each event's transaction; the admin's
 * order page reads the same answer (`admin.orders.get`'s `allowed`) to offer only what applies.
 *
 * An order stands on two independent axes: what happened to the goods (`status`, the fulfilment)
 * and what happened to the money (`paymentStatus`). A refunded order keeps where its goods got to
 * (confirmed, shipped or delivered); its payment says `refunded`. Each axis gains states only with
 * the event that reaches them.
 */
export const orderStatuses = ['pending', 'confirmed', 'partially_shipped', 'shipped', 'delivered', 'cancelled'] as const
export type OrderStatus = (typeof orderStatuses)[number]

/**
 * The admin's status filter: each state, or `to_ship`: paid orders with panels still to leave
 * (confirmed or partially shipped; the admin home's "to ship" lists them).
 */
export const statusFilters = [...orderStatuses, 'to_ship'] as const
export type StatusFilter = (typeof statusFilters)[number]
export const statusFilterStatuses = (filter: StatusFilter): readonly OrderStatus[] =>
  filter === 'to_ship' ? ['confirmed', 'partially_shipped'] : [filter]

export const paymentStatuses = ['pending', 'paid', 'failed', 'partially_refunded', 'refunded'] as const
export type PaymentStatus = (typeof paymentStatuses)[number]

/** The payment reached the shop (some or all of it may have gone back since). */
export const receivedPaymentStatuses = ['paid', 'partially_refunded', 'refunded'] as const satisfies readonly PaymentStatus[]
export const paymentReceived = (status: PaymentStatus) => (receivedPaymentStatuses as readonly PaymentStatus[]).includes(status)

/**
 * The admin's payment filter: each state, or `unrefunded`: paid, and not all of it given back (paid
 * or partially refunded), the orders still to fulfil (the admin home's "to ship" lists them).
 */
export const paymentFilters = [...paymentStatuses, 'unrefunded'] as const
export type PaymentFilter = (typeof paymentFilters)[number]
export const paymentFilterStatuses = (filter: PaymentFilter): readonly PaymentStatus[] =>
  filter === 'unrefunded' ? ['paid', 'partially_refunded'] : [filter]

export interface OrderState {
  status: OrderStatus
  paymentStatus: PaymentStatus
}

/** Who causes an event: the buyer, an admin, the payment provider, or the shop itself (expiry, invoices). */
export const orderActorKinds = ['customer', 'admin', 'provider', 'system'] as const
export type OrderActorKind = (typeof orderActorKinds)[number]

/** What an order's timeline says happened (one entry per event, and one per invoice issued). */
export const orderTimelineTypes = [
  'created',
  'paid',
  'payment_failed',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
  'invoice_issued',
  'invoice_voided',
  // The admin fixed the contact or the delivery address before shipping (the details keep the old values).
  'details_changed',
  // The buyer withdrew from the contract (docs/product.md#withdrawal): the shop takes the panels back and refunds.
  'withdrawn',
] as const
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
  /** It may happen again from where it leads (each partial refund is one): never "already applied". */
  repeatable?: boolean
}

const unpaid = ['pending', 'failed'] as const satisfies readonly PaymentStatus[]
/** Paid, and not all of it given back. */
const refundable = ['paid', 'partially_refunded'] as const satisfies readonly PaymentStatus[]

/**
 * The transition table. Created orders wait for payment; the provider's verified payment confirms
 * them (once, by the order's current payment session); an unpaid one is cancelled by its buyer or
 * an admin, or when its payment time lapses; a paid one is shipped (in parts, status
 * `partially_shipped` until the last of its panels leave), then delivered, and can be
 * refunded at any point after payment, in parts (payment `partially_refunded`, as often as there is
 * money left) or what is left (payment `refunded`): the goods stay where they got to. A payment that arrives for an order cancelled meanwhile is given back, and the
 * cancelled order says so.
 */
export const orderFlow = {
  // By the buyer at checkout, or by an admin taking the order on the phone (it waits for payment by link).
  create: { from: { status: [], payment: [] }, to: { status: 'pending', payment: 'pending' }, by: ['customer', 'admin'], records: 'created' },
  pay: { from: { status: ['pending'], payment: unpaid }, to: { status: 'confirmed', payment: 'paid' }, by: ['provider'], records: 'paid' },
  fail: { from: { status: ['pending'], payment: ['pending'] }, to: { payment: 'failed' }, by: ['provider'], records: 'payment_failed' },
  expire: { from: { status: ['pending'], payment: unpaid }, to: { status: 'cancelled' }, by: ['system'], records: 'cancelled' },
  cancel: { from: { status: ['pending'], payment: unpaid }, to: { status: 'cancelled' }, by: ['customer', 'admin'], records: 'cancelled' },
  // Some of the panels leave, the rest later (each shipment is one): what a partial refund left is still shipped.
  ship_part: {
    from: { status: ['confirmed', 'partially_shipped'], payment: refundable },
    to: { status: 'partially_shipped' },
    by: ['admin'],
    records: 'shipped',
    repeatable: true,
  },
  // The last of the panels leave (all of them, when nothing left before).
  ship: { from: { status: ['confirmed', 'partially_shipped'], payment: refundable }, to: { status: 'shipped' }, by: ['admin'], records: 'shipped' },
  // The goods' axis goes on after a refund: panels already on their way still arrive.
  deliver: { from: { status: ['shipped'], payment: receivedPaymentStatuses }, to: { status: 'delivered' }, by: ['admin'], records: 'delivered' },
  // Part of the payment goes back (some panels, the delivery, an amount): money is left.
  refund_part: {
    from: { status: ['confirmed', 'partially_shipped', 'shipped', 'delivered'], payment: refundable },
    to: { payment: 'partially_refunded' },
    by: ['admin'],
    records: 'refunded',
    repeatable: true,
  },
  // What is left of the payment goes back (all of it, when nothing went back before).
  refund: {
    from: { status: ['confirmed', 'partially_shipped', 'shipped', 'delivered'], payment: refundable },
    to: { payment: 'refunded' },
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
  const { to, repeatable }: OrderStep = orderFlow[event]
  if (repeatable) return false
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

/**
 * What a refund gives back: the order's own payment (the admin's `refund`), or a verified payment
 * that never became the order's (`refund_unused_payment`: the order was cancelled, changed, or paid
 * by another session meanwhile).
 */
export const refundKinds = ['order_payment', 'unused_payment'] as const
export type RefundKind = (typeof refundKinds)[number]

/** Why a verified payment was given back instead of paying its order (the log, the refund's row and the buyer's email say it). */
export const unusedPaymentReasons = ['order cancelled', 'order paid by another payment', 'order changed', 'amount differs'] as const
export type UnusedPaymentReason = (typeof unusedPaymentReasons)[number]

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

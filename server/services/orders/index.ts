/**
 * The orders wing (docs/decisions/022): the only code that changes an order. Built once per app with
 * its dependencies (server/services/index.ts); routers, the webhook and the app's jobs call it one
 * way, `services.orders.<verb>(input, call)`, where `call` names who asks and carries the log.
 */
import type { Database } from '../../db/client.ts'
import type { AppLogger } from '../../logger.ts'
import { createJobQueue, type JobHandler, type JobQueue, type JobQueueOptions } from '../jobs.ts'
import type { PaymentEvent } from '../payments/provider.ts'
import { cancelPendingOrder, cancelPendingOrdersOf, expireLapsedOrders } from './cancel.ts'
import { loadCreatedOrder, startCheckout, type StartCheckoutOptions } from './checkout.ts'
import type { OrderCall, OrderDeps, OrdersContext } from './context.ts'
import {
  cancelOrderByAdmin,
  cancelOrdersOfRevokedCustomer,
  deliverOrder,
  refundOrder,
  retryRefund,
  replaceSimplifiedInvoice,
  resumeInvoicing,
  shipOrder,
  voidInvoice,
} from './fulfilment.ts'
import { orderEmailHandler, orderEmailJobKind } from './notifications.ts'
import { updateOrderDetails } from './details.ts'
import { confirmReturn, openPayment, withPaymentsChecked, type ReturningBuyer } from './payments.ts'
import { orderLinkPage } from './order-links.ts'
import { findOrder, listOrdersOf, type OrderRecord } from './views.ts'
import { handlePaymentEvent } from './provider-events.ts'
import { awaitsPayment } from './store.ts'
import { transition, type ChangeEvent, type TransitionRequest } from './transition.ts'
import { AppError } from '../../errors.ts'
import { messages } from '../../../core/messages.ts'
import type { Billing } from '../../../core/billing.ts'
import type { ShipmentInput } from '../../../core/shipment.ts'
import type { RefundRequest } from '../../../core/refunds.ts'
import type { PhoneOrderInput, PhoneOrderPriceInput } from '../../../core/phone-orders.ts'
import { createPhoneOrder, paymentLinkOf, phoneOrderPrice, sendPaymentLinkAgain, visitPaymentLink } from './phone-orders.ts'
import { withdraw, withdrawalPage, withdrawByToken } from './withdrawals.ts'
import type { WithdrawalStatement } from '../../../core/withdrawal-statement.ts'

export type { OrderCall, OrderDeps } from './context.ts'
export type { AdminActionResult } from './fulfilment.ts'
export type { PaymentStep } from './payments.ts'

/** The wing's context over a database: its dependencies and a jobs queue that runs its emails. */
export function ordersContext(
  db: Database,
  deps: OrderDeps,
  opts: { log: AppLogger; jobs?: Omit<JobQueueOptions, 'log'> | undefined },
): OrdersContext {
  const handlers: Record<string, JobHandler> = {}
  const jobs: JobQueue = createJobQueue(db, handlers, { log: opts.log, ...opts.jobs })
  const ctx: OrdersContext = { ...deps, db, jobs, log: opts.log }
  handlers[orderEmailJobKind] = orderEmailHandler(ctx)
  return ctx
}

export function createOrders(db: Database, deps: OrderDeps, opts: { log: AppLogger; jobs?: Omit<JobQueueOptions, 'log'> | undefined }) {
  const ctx = ordersContext(db, deps, opts)

  return {
    /** The jobs its transitions queue (their emails and PDFs): the app's worker runs those left undone. */
    jobs: ctx.jobs,

    /** The table's events applied as they are (core/order-flow.ts); the verbs below are what callers use. */
    transition: <E extends ChangeEvent>(request: TransitionRequest<E>) => transition(ctx, request),

    /** checkout.create: the order from the caller's cart, then its payment page. */
    startCheckout: (input: Omit<StartCheckoutOptions, 'log'>, call: OrderCall) => startCheckout(ctx, { ...input, log: call.log }),

    /** checkout.confirm: the buyer back from the payment page, the order as that page shows it; null for anyone else. */
    confirmReturn: (input: { orderId: string; buyer: ReturningBuyer }, call: OrderCall) => confirmReturn(ctx, input.orderId, input.buyer, call.log),

    /**
     * orders.list: the buyer's orders, newest first; a pending one paid at the provider but never
     * confirmed is confirmed first, one the provider has not answered for says so (docs/product.md#orders).
     */
    listOf: (input: { userId: string }, call: Pick<OrderCall, 'log'>) => withPaymentsChecked(ctx, () => listOrdersOf(ctx.db, input.userId), call.log),
    /** orders.get: one order the caller may see (the router checked it), its payment asked of the provider as orders.list does. */
    checked: async (input: { order: OrderRecord }, call: Pick<OrderCall, 'log'>) => {
      const [order] = await withPaymentsChecked(
        ctx,
        async () => (input.order.status === 'pending' ? [await findOrder(ctx.db, input.order.id)].filter((found) => found !== null) : [input.order]),
        call.log,
      )
      if (!order) throw new AppError('NOT_FOUND', messages.orderNotFound)
      return order
    },
    /** orders.byLink: a guest's signed order link (docs/product.md#orders), the order read-only. */
    byLink: (input: { token: string }, call: Pick<OrderCall, 'log'>) => orderLinkPage(ctx, input.token, call.log),

    /** orders.pay: the payment page of one of the caller's pending orders (the caller's ownership is checked by the router). */
    pay: async (input: { id: string }, call: OrderCall) => {
      const order = await loadCreatedOrder(ctx.db, input.id)
      if (!order) throw new AppError('NOT_FOUND', messages.orderNotFound)
      if (!awaitsPayment(order)) throw new AppError('CONFLICT', messages.orderNotPayable)
      return openPayment(ctx, order, { returnTo: '/orders', log: call.log })
    },

    /** orders.cancel: the buyer cancels their pending order; a payment that came first keeps it (CONFLICT). */
    cancelByBuyer: async (input: { id: string }, call: OrderCall) => {
      const order = await loadCreatedOrder(ctx.db, input.id)
      if (!order) throw new AppError('NOT_FOUND', messages.orderNotFound)
      if (order.status === 'cancelled') return { status: order.status, paymentStatus: order.paymentStatus }
      if (!awaitsPayment(order)) throw new AppError('CONFLICT', messages.orderNotCancellable)
      const after = await cancelPendingOrder(ctx, input.id, { event: 'cancel', reason: 'buyer' }, call)
      if (!after) throw new AppError('NOT_FOUND', messages.orderNotFound)
      if (after.status !== 'cancelled') throw new AppError('CONFLICT', messages.orderPaidMeanwhile)
      return { status: after.status, paymentStatus: after.paymentStatus }
    },

    /** Before an account is deleted: its pending orders are cancelled. */
    cancelPendingOf: (input: { userId: string }, call: Pick<OrderCall, 'log'>) => cancelPendingOrdersOf(ctx, input.userId, call.log),

    /** admin.orders.price: what a phone order of these lines would charge the customer the email names. */
    pricePhoneOrder: (input: PhoneOrderPriceInput) => phoneOrderPrice(ctx.db, input, ctx.invoicing),
    /** admin.orders.create: the owner's phone order, its payment link emailed to the customer. */
    createPhoneOrder: (input: PhoneOrderInput, call: OrderCall) => createPhoneOrder(ctx, input, call),
    /** A pending order's payment link (null once it no longer waits for payment). */
    paymentLink: (input: { id: string }) => paymentLinkOf(ctx, input.id),
    /** Emails the customer the payment link again. */
    sendPaymentLink: (input: { id: string }, call: OrderCall) => sendPaymentLinkAgain(ctx, input.id, call),
    /** A click on a payment link (GET /pay/<token>): where it takes the visitor. */
    visitPaymentLink: (input: { token: string; linkUrl: string }, call: Pick<OrderCall, 'log'>) =>
      visitPaymentLink(ctx, input.token, input.linkUrl, call.log),

    /** orders.withdrawal: what the order's signed withdrawal link shows (docs/product.md#withdrawal). */
    withdrawalPage: (input: { token: string }) => withdrawalPage(ctx, input.token),
    /** orders.withdraw by the signed link: a guest (or anyone holding the order's email) withdraws. */
    withdrawByLink: (input: { token: string; statement: WithdrawalStatement }) => withdrawByToken(ctx, input.token, input.statement),
    /** orders.withdraw by the signed-in buyer of the order. */
    withdrawByBuyer: (input: { id: string; userId: string; statement: WithdrawalStatement }) =>
      withdraw(ctx, { orderId: input.id, channel: 'account', userId: input.userId, statement: input.statement }),

    ship: (input: { id: string } & ShipmentInput, call: OrderCall) => shipOrder(ctx, input, call),
    deliver: (input: { id: string }, call: OrderCall) => deliverOrder(ctx, input, call),
    cancelByAdmin: (input: { id: string }, call: OrderCall) => cancelOrderByAdmin(ctx, input, call),
    refund: (input: { id: string } & RefundRequest, call: OrderCall) => refundOrder(ctx, input, call),
    /** Asks the provider again for a refund it never confirmed (same key: never twice). */
    retryRefund: (input: { id: string; refundId: string }, call: OrderCall) => retryRefund(ctx, input, call),
    /** A customer asked for a full invoice after buying: their simplified one is replaced (F3). */
    replaceInvoice: (input: { id: string; billing: Billing }, call: OrderCall) => replaceSimplifiedInvoice(ctx, input, call),
    /** The admin fixes the contact or the delivery address before the order ships; the customer is told. */
    updateDetails: (input: Parameters<typeof updateOrderDetails>[1], call: OrderCall) => updateOrderDetails(ctx, input, call),
    /** An invoice issued in error is voided (a VERI*FACTU registro de anulación). */
    voidInvoice: (input: { id: string; number: string }, call: OrderCall) => voidInvoice(ctx, input, call),
    /** admin.verifactu.resume: invoicing goes on after a halt; the orders paid meanwhile are invoiced and emailed their invoices. */
    resumeInvoicing: (call: OrderCall) => resumeInvoicing(ctx, call),
    /** After wholesale access is revoked: the customer's pending orders, at wholesale prices, are cancelled. */
    cancelOfRevokedCustomer: (input: { userId: string }, call: OrderCall) => cancelOrdersOfRevokedCustomer(ctx, input.userId, call),

    /** The provider's verified webhook event. */
    applyProviderEvent: (input: { event: PaymentEvent }, call: Pick<OrderCall, 'log'>) => handlePaymentEvent(ctx, input.event, call.log),

    /** One pass of the expiry job: pending orders whose payment time is over at `now` are cancelled. */
    expireLapsed: (input: { now: Date }, call: Pick<OrderCall, 'log'>) => expireLapsedOrders(ctx, { now: input.now, log: call.log }),

    /**
     * Runs the expiry pass every `everyMs` (15 minutes by default) until stopped. Several instances
     * may run it at once: each cancellation is one transition, so an order is cancelled once.
     */
    startExpiry(opts: { log: AppLogger; everyMs?: number; clock?: () => Date }): { stop(): Promise<void> } {
      const clock = opts.clock ?? (() => new Date())
      let running: Promise<unknown> = Promise.resolve()
      const pass = () => {
        running = expireLapsedOrders(ctx, { now: clock(), log: opts.log }).catch((error: unknown) =>
          opts.log.error({ err: error }, 'pending order expiry pass failed'),
        )
      }
      const timer = setInterval(pass, opts.everyMs ?? 15 * 60_000)
      timer.unref()
      return {
        async stop() {
          clearInterval(timer)
          await running
        },
      }
    },
  }
}

export type Orders = ReturnType<typeof createOrders>

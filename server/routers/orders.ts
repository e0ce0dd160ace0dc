import { z } from 'zod'
import { AppError } from '../errors.ts'
import { getOrderFor, listOrdersOf } from '../services/order-views.ts'
import { loadCreatedOrder } from '../services/orders.ts'
import { cancelPendingOrder, openPayment } from '../services/pending-orders.ts'
import { authedProcedure, limitedPerClient, roleRefusal, router } from '../trpc.ts'
import { orderIdSchema } from '../../core/identifiers.ts'
import { messages } from '../../core/messages.ts'
import { isAdmin } from '../../core/roles.ts'

const byId = z.object({ id: orderIdSchema })

export const ordersRouter = router({
  /** The signed-in user's orders, newest first, with their items (docs/product.md#orders). */
  list: authedProcedure.query(({ ctx }) => listOrdersOf(ctx.db, ctx.user.id)),
  /**
   * One order: the caller's own, or any for an admin; someone else's answers NOT_FOUND. Another
   * customer's order is an admin's view, refused as admin.* refuses (two-factor first).
   */
  get: authedProcedure.input(byId).query(async ({ ctx, input }) => {
    const admin = isAdmin(ctx.role)
    const refusal = admin ? roleRefusal(ctx, 'admin') : null
    const order = await getOrderFor(ctx.db, { userId: ctx.user.id, admin }, input.id)
    if (refusal && order.userId !== ctx.user.id) throw refusal
    return order
  }),

  /**
   * "Pay now" on one of the caller's pending orders: its open payment page, or a new one when the
   * last lapsed. An order no longer waiting for payment answers CONFLICT with where it stands.
   */
  pay: authedProcedure
    .use(limitedPerClient('checkoutPerClient'))
    .input(byId)
    .mutation(async ({ ctx, input }) => {
      await getOrderFor(ctx.db, { userId: ctx.user.id, admin: false }, input.id)
      const order = await loadCreatedOrder(ctx.db, input.id)
      if (!order) throw new AppError('NOT_FOUND', messages.orderNotFound)
      if (order.status !== 'pending' || order.paymentStatus === 'paid') throw new AppError('CONFLICT', messages.orderNotPayable)
      const step = await openPayment(ctx.db, ctx.services, order, { returnTo: '/orders', log: ctx.log })
      return step
    }),

  /**
   * "Cancel" on one of the caller's pending orders: its payment page is closed at the provider first,
   * and a payment that completed before that keeps the order (CONFLICT, it is paid).
   */
  cancel: authedProcedure.input(byId).mutation(async ({ ctx, input }) => {
    const order = await getOrderFor(ctx.db, { userId: ctx.user.id, admin: false }, input.id)
    if (order.status === 'cancelled') return { status: order.status, paymentStatus: order.paymentStatus }
    if (order.status !== 'pending' || order.paymentStatus === 'paid') throw new AppError('CONFLICT', messages.orderNotCancellable)
    const buyer = { kind: 'customer' as const, id: ctx.user.id, email: ctx.user.email }
    const after = await cancelPendingOrder(ctx.db, ctx.services, input.id, 'buyer', ctx.log, new Date(), buyer)
    if (!after) throw new AppError('NOT_FOUND', messages.orderNotFound)
    if (after.status !== 'cancelled') throw new AppError('CONFLICT', messages.orderPaidMeanwhile)
    return { status: after.status, paymentStatus: after.paymentStatus }
  }),
})

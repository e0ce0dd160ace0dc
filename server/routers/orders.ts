import { z } from 'zod'
import { getOrderFor, listOrdersOf } from '../services/orders/views.ts'
import { authedProcedure, limitedPerClient, orderCall, roleRefusal, router } from '../trpc.ts'
import { orderIdSchema } from '../../core/identifiers.ts'
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
      return ctx.services.orders.pay(input, orderCall(ctx, 'customer'))
    }),

  /**
   * "Cancel" on one of the caller's pending orders: its payment page is closed at the provider first,
   * and a payment that completed before that keeps the order (CONFLICT, it is paid).
   */
  cancel: authedProcedure.input(byId).mutation(async ({ ctx, input }) => {
    await getOrderFor(ctx.db, { userId: ctx.user.id, admin: false }, input.id)
    return ctx.services.orders.cancelByBuyer(input, orderCall(ctx, 'customer'))
  }),
})

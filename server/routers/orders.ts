import { z } from 'zod'
import { getOrderFor, listOrdersOf } from '../services/order-views.ts'
import { authedProcedure, router } from '../trpc.ts'
import { orderIdSchema } from '../../core/identifiers.ts'
import { isAdmin } from '../../core/roles.ts'

export const ordersRouter = router({
  /** The signed-in user's orders, newest first, with their items (docs/product.md#orders). */
  list: authedProcedure.query(({ ctx }) => listOrdersOf(ctx.db, ctx.user.id)),
  /** One order: the caller's own, or any for an admin; someone else's answers NOT_FOUND. */
  get: authedProcedure
    .input(z.object({ id: orderIdSchema }))
    .query(({ ctx, input }) => getOrderFor(ctx.db, { userId: ctx.user.id, admin: isAdmin(ctx.role) }, input.id)),
})

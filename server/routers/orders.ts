import { z } from 'zod'
import { getOrderFor } from '../services/orders/views.ts'
import { authedProcedure, limitedPerClient, orderCall, publicProcedure, roleRefusal, router, type Context } from '../trpc.ts'
import { orderIdSchema } from '../../core/identifiers.ts'
import { isAdmin } from '../../core/roles.ts'
import { withdrawalStatementSchema, type WithdrawalStatement } from '../../core/withdrawal-statement.ts'
import { messages } from '../../core/messages.ts'
import { AppError } from '../errors.ts'

export const byId = z.object({ id: orderIdSchema })

/** The payment page of one of the signed-in caller's own pending orders: the procedure's and the /orders page's posted form's. */
export async function payCallersOrder(ctx: Context & { user: NonNullable<Context['user']> }, input: { id: string }) {
  await getOrderFor(ctx.db, { userId: ctx.user.id, admin: false }, input.id)
  return ctx.services.orders.pay(input, orderCall(ctx, 'customer'))
}

/** Cancels one of the signed-in caller's own pending orders: the procedure's and the /orders page's posted form's. */
export async function cancelCallersOrder(ctx: Context & { user: NonNullable<Context['user']> }, input: { id: string }) {
  const order = await getOrderFor(ctx.db, { userId: ctx.user.id, admin: false }, input.id)
  const after = await ctx.services.orders.cancelByBuyer(input, orderCall(ctx, 'customer'))
  return { ...after, orderNumber: order.orderNumber }
}

/** The signed-in caller withdraws from one of their own orders: the procedure's and the /orders page's posted form's. */
export async function withdrawFromCallersOrder(
  ctx: Context & { user: NonNullable<Context['user']> },
  input: { id: string; statement: WithdrawalStatement },
) {
  const order = await getOrderFor(ctx.db, { userId: ctx.user.id, admin: false }, input.id)
  const done = await ctx.services.orders.withdrawByBuyer({ ...input, userId: ctx.user.id })
  return { ...done, orderNumber: order.orderNumber }
}
/** A withdrawal link's token (its shape only: the signature is checked by the service). */
const withdrawalToken = z.string().min(1).max(200)
/** An order link's token (its shape only: the signature and expiry are checked by the service). */
const orderLinkToken = z.string().min(1).max(200)

export const ordersRouter = router({
  /** The signed-in user's orders, newest first, with their items (docs/product.md#orders). */
  list: authedProcedure.query(({ ctx }) => ctx.services.orders.listOf({ userId: ctx.user.id }, { log: ctx.log })),
  /**
   * One order: the caller's own, or any for an admin; someone else's answers NOT_FOUND. Another
   * customer's order is an admin's view, refused as admin.* refuses (two-factor first).
   */
  get: authedProcedure.input(byId).query(async ({ ctx, input }) => {
    const admin = isAdmin(ctx.role)
    const refusal = admin ? roleRefusal(ctx, 'admin') : null
    const order = await getOrderFor(ctx.db, { userId: ctx.user.id, admin }, input.id)
    if (refusal && order.userId !== ctx.user.id) throw refusal
    return ctx.services.orders.checked({ order }, { log: ctx.log })
  }),

  /**
   * A guest's order through its signed link (docs/product.md#orders): the order read-only for 30
   * days from the email. A link that does not verify or has expired: NOT_FOUND.
   */
  byLink: publicProcedure.input(z.object({ token: orderLinkToken })).query(({ ctx, input }) => ctx.services.orders.byLink(input, { log: ctx.log })),

  /**
   * "Pay now" on one of the caller's pending orders: its open payment page, or a new one when the
   * last lapsed. An order no longer waiting for payment answers CONFLICT with where it stands.
   */
  pay: authedProcedure
    .use(limitedPerClient('checkoutPerClient'))
    .input(byId)
    .mutation(({ ctx, input }) => payCallersOrder(ctx, input)),

  /**
   * "Cancel" on one of the caller's pending orders: its payment page is closed at the provider first,
   * and a payment that completed before that keeps the order (CONFLICT, it is paid).
   */
  cancel: authedProcedure.input(byId).mutation(async ({ ctx, input }) => {
    const { status, paymentStatus } = await cancelCallersOrder(ctx, input)
    return { status, paymentStatus }
  }),

  /**
   * What the order's signed withdrawal link shows (docs/product.md#withdrawal): the order, the name
   * and email to prefill, and whether one may still withdraw. A link that does not verify: NOT_FOUND.
   */
  withdrawal: publicProcedure.input(z.object({ token: withdrawalToken })).query(({ ctx, input }) => ctx.services.orders.withdrawalPage(input)),

  /**
   * The buyer withdraws from the contract: through the order's signed link (anyone holding it), or
   * signed in, from one of their own orders (anyone else's, an admin's included, is NOT_FOUND; no
   * session, UNAUTHORIZED). A second withdrawal answers `already` and changes nothing. No rate limit:
   * a link cannot be guessed, and each order is withdrawn (and emailed about) once.
   */
  withdraw: publicProcedure
    .input(z.union([withdrawalStatementSchema.extend({ token: withdrawalToken }), withdrawalStatementSchema.extend({ id: orderIdSchema })]))
    .mutation(async ({ ctx, input }) => {
      const statement = { name: input.name, email: input.email, comment: input.comment }
      if ('token' in input) return ctx.services.orders.withdrawByLink({ token: input.token, statement })
      if (!ctx.user) throw new AppError('UNAUTHORIZED', messages.signInRequired)
      const { result, at } = await withdrawFromCallersOrder({ ...ctx, user: ctx.user }, { id: input.id, statement })
      return { result, at }
    }),
})

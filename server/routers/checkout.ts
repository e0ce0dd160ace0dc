import { z } from 'zod'
import { checkoutPrefill } from '../services/checkout-prefill.ts'
import { notFound } from '../errors.ts'
import { startCheckout } from '../services/checkout.ts'
import { findOrder } from '../services/order-views.ts'
import { paymentSessionOf } from '../services/orders.ts'
import { applyVerifiedSession } from '../services/payments/outcomes.ts'
import { limitedPerClient, publicProcedure, router } from '../trpc.ts'
import { ownerOf } from './cart.ts'
import { emptyShipping, shippingSchema } from '../../core/shipping.ts'
import { orderIdSchema, paymentSessionId } from '../../core/identifiers.ts'
import { messages } from '../../core/messages.ts'

export const checkoutRouter = router({
  /**
   * Shipping form defaults: the signed-in user's profile and email, and the default address or else
   * the last order's (docs/product.md#checkout).
   */
  prefill: publicProcedure.query(({ ctx }) => (ctx.user ? checkoutPrefill(ctx.db, ctx.user) : emptyShipping)),

  /**
   * Creates the order from the caller's cart (priced on the server) and a payment session for it;
   * the browser goes to `paymentUrl`. `checkoutKey` makes a repeated submit find the same order;
   * an order no longer pending comes back with its state and no `paymentUrl`.
   */
  create: publicProcedure
    .use(limitedPerClient('checkoutPerClient'))
    .input(z.object({ shipping: shippingSchema, checkoutKey: z.uuid() }))
    .mutation(({ ctx, input }) =>
      startCheckout(ctx.db, ctx.services, {
        owner: ownerOf(ctx),
        userId: ctx.user?.id ?? null,
        browserCart: ctx.cartSession.id,
        role: ctx.role,
        shipping: input.shipping,
        language: ctx.language,
        checkoutKey: input.checkoutKey,
        log: ctx.log,
      }),
    ),

  /**
   * Called by /payment-success: asks the provider whether the order's session is paid and applies
   * the same transition as the webhook. A made-up or unpaid order is marked nothing.
   */
  confirm: publicProcedure.input(z.object({ orderId: orderIdSchema, sessionId: paymentSessionId.optional() })).mutation(async ({ ctx, input }) => {
    const payment = await paymentSessionOf(ctx.db, input.orderId)
    // Only the buyer learns an order's state: its account, its anonymous cart, or whoever holds
    // its payment session (the provider's return URL carries it). Anyone else: not found.
    const isBuyer =
      payment !== null &&
      ((ctx.user !== null && payment.userId === ctx.user.id) ||
        (payment.cartSessionId !== null && ctx.cartSession.id === payment.cartSessionId) ||
        (input.sessionId !== undefined && input.sessionId === payment.paymentSessionId))
    if (!payment || !isBuyer) throw notFound(messages.orderNotFound)
    if (payment.paymentStatus !== 'paid' && payment.paymentSessionId) {
      const session = await ctx.services.payments.retrieveSession(payment.paymentSessionId)
      if (session && session.orderId === input.orderId) await applyVerifiedSession(ctx.db, ctx.services, session, ctx.log)
    }
    const order = await findOrder(ctx.db, input.orderId)
    if (!order) throw notFound(messages.orderNotFound)
    return {
      orderId: order.id,
      orderNumber: order.orderNumber,
      status: order.status,
      paymentStatus: order.paymentStatus,
      totalCents: order.totalCents,
      // Only the buyer gets this far: the page says where the confirmation went.
      email: order.customerEmail,
    }
  }),
})

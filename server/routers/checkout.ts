import { TRPCError } from '@trpc/server'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { profiles } from '../db/schema/index.ts'
import { notFound } from '../errors.ts'
import { createOrderFromCart, findOrder, paymentAmountCents, paymentSessionOf, setPaymentSession } from '../services/orders.ts'
import { applyVerifiedSession } from '../services/payments/flow.ts'
import type { TestPaymentProvider } from '../services/payments/test-provider.ts'
import { publicProcedure, router, type Context } from '../trpc.ts'
import { ownerOf } from './cart.ts'
import { emptyShipping, shippingSchema } from '../../src/shared/shipping.ts'

/** The built-in test provider, when it is the one in use (no Stripe key). */
function testProvider(ctx: Context): TestPaymentProvider {
  const payments = ctx.services.payments
  if (payments.name !== 'test' || !('pay' in payments)) throw notFound('Payment session')
  return payments as TestPaymentProvider
}

const sessionId = z.string().min(1).max(200)

export const checkoutRouter = router({
  /** Shipping form defaults from the signed-in user's profile and email (SPEC §3). */
  prefill: publicProcedure.query(async ({ ctx }) => {
    if (!ctx.user) return emptyShipping
    const [profile] = await ctx.db
      .select({ fullName: profiles.fullName, phone: profiles.phone, address: profiles.address })
      .from(profiles)
      .where(eq(profiles.userId, ctx.user.id))
      .limit(1)
    const address = profile?.address
    return {
      full_name: profile?.fullName ?? ctx.user.name,
      email: ctx.user.email,
      phone: profile?.phone ?? '',
      address_line1: address?.line1 ?? '',
      address_line2: address?.line2 ?? '',
      city: address?.city ?? '',
      state: address?.state ?? '',
      postal_code: address?.postal_code ?? '',
      country: address?.country ?? '',
    }
  }),

  /**
   * Creates the order from the caller's cart (amounts recomputed on the server) and a checkout
   * session for it; the browser goes to `paymentUrl`. `checkoutKey` makes a repeated submit
   * return the same order.
   */
  create: publicProcedure.input(z.object({ shipping: shippingSchema, checkoutKey: z.uuid() })).mutation(async ({ ctx, input }) => {
    const order = await createOrderFromCart(ctx.db, {
      owner: ownerOf(ctx),
      userId: ctx.user?.id ?? null,
      shipping: input.shipping,
      language: ctx.language,
      checkoutKey: input.checkoutKey,
    })
    const base = ctx.services.publicUrl
    try {
      const session = await ctx.services.payments.createCheckoutSession({
        orderId: order.id,
        orderNumber: order.orderNumber,
        amountCents: paymentAmountCents(order.totalCents),
        currency: 'eur',
        customerEmail: input.shipping.email,
        language: ctx.language,
        lines: order.lines,
        successUrl: `${base}/payment-success?order_id=${order.id}&session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${base}/checkout?cancelled=1`,
      })
      if (!session.url) throw new Error('No checkout URL received')
      if (session.id !== order.paymentSessionId) await setPaymentSession(ctx.db, order.id, session.id)
      return { orderId: order.id, orderNumber: order.orderNumber, paymentUrl: session.url }
    } catch (error) {
      ctx.log.error({ err: error, orderId: order.id }, 'payment session could not be created')
      throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Error processing order', cause: error })
    }
  }),

  /**
   * Called by /payment-success: asks the provider whether the order's session is paid and applies
   * the same transition as the webhook. A made-up or unpaid order is marked nothing.
   */
  confirm: publicProcedure.input(z.object({ orderId: z.uuid(), sessionId: sessionId.optional() })).mutation(async ({ ctx, input }) => {
    const payment = await paymentSessionOf(ctx.db, input.orderId)
    if (!payment) throw notFound('Order')
    if (payment.paymentStatus !== 'paid' && payment.paymentSessionId) {
      const session = await ctx.services.payments.retrieveSession(payment.paymentSessionId)
      if (session && session.orderId === input.orderId) await applyVerifiedSession(ctx.db, ctx.services, session, ctx.log)
    }
    const order = await findOrder(ctx.db, input.orderId)
    if (!order) throw notFound('Order')
    return { orderId: order.id, orderNumber: order.orderNumber, status: order.status, paymentStatus: order.paymentStatus, totalCents: order.totalCents }
  }),

  /** The test payment page's data (test provider only). */
  testSession: publicProcedure.input(z.object({ sessionId })).query(async ({ ctx, input }) => {
    const session = await testProvider(ctx).describe(input.sessionId)
    if (!session) throw notFound('Payment session')
    return { id: session.id, orderNumber: session.orderNumber, amountCents: session.amountCents, status: session.status, cancelUrl: session.cancelUrl }
  }),

  /** Pay on the test payment page: completes the session; the browser follows `redirectUrl`. */
  testPay: publicProcedure.input(z.object({ sessionId })).mutation(async ({ ctx, input }) => {
    const redirectUrl = await testProvider(ctx).pay(input.sessionId)
    if (!redirectUrl) throw notFound('Payment session')
    return { redirectUrl }
  }),
})

import { z } from 'zod'
import { notFound } from '../errors.ts'
import { publicProcedure, router } from '../trpc.ts'
import { paymentSessionId } from '../../core/identifiers.ts'
import { messages } from '../../core/messages.ts'

/** Only while the built-in test provider takes the payments; the router is not even mounted otherwise. */
const testProviderProcedure = publicProcedure.use(({ ctx, next }) => {
  const testPayments = ctx.services.testPayments
  if (!testPayments) throw notFound(messages.paymentSessionNotFound)
  return next({ ctx: { testPayments } })
})

const input = z.object({ sessionId: paymentSessionId })

/** The test payment page (`/test-payment/<session>`): what it shows, and its Pay button. */
export const testPaymentsRouter = router({
  session: testProviderProcedure.input(input).query(async ({ ctx, input }) => {
    const session = await ctx.testPayments.describe(input.sessionId)
    if (!session) throw notFound(messages.paymentSessionNotFound)
    return {
      id: session.id,
      orderNumber: session.orderNumber,
      amountCents: session.amountCents,
      status: session.status,
      cancelUrl: session.cancelUrl,
    }
  }),

  /** Completes the session; the browser follows `redirectUrl` to /payment-success. */
  pay: testProviderProcedure.input(input).mutation(async ({ ctx, input }) => {
    const redirectUrl = await ctx.testPayments.pay(input.sessionId)
    if (!redirectUrl) throw notFound(messages.paymentSessionNotFound)
    return { redirectUrl }
  }),
})

import type { FastifyInstance } from 'fastify'
import { AppError, appErrorStatus } from '../errors.ts'
import { translate } from '../i18n.ts'
import { byId, payCallersOrder } from '../routers/orders.ts'
import type { Context } from '../trpc.ts'
import { answerNoAction, answerRefused, type FormAction } from './form-posts.ts'
import { localizedPath } from '../../core/language-urls.ts'
import { messages } from '../../core/messages.ts'

/**
 * "Pagar ahora" on /orders posted before or without JavaScript (docs/product.md#orders):
 * `orders.pay`'s limit and service for one of the caller's own pending orders, answered 303 to its
 * payment page. An order no longer waiting for payment (paid, cancelled) or not theirs goes back
 * to /orders, which says where it stands; too many tries, a page that says why. The page's other
 * buttons (cancelling, withdrawing) keep the "try again once the page has loaded" answer.
 */
export function ordersFormAction(app: FastifyInstance): FormAction {
  return {
    path: /^\/orders$/,
    async run(req, reply, { fields, language }) {
      if (fields.get('form') !== 'pay') return answerNoAction(req, reply)
      const ctx: Context = { ...(await app.requestContext(req, reply)), language }
      if (!ctx.user) return reply.redirect(localizedPath('/auth?redirect=%2Forders', language), 303)
      const back = () => reply.redirect(localizedPath('/orders', language), 303)
      const input = byId.safeParse({ id: fields.get('id') ?? '' })
      if (!input.success) return back()
      try {
        await ctx.services.limits.consume('checkoutPerClient', ctx.clientIp)
        const step = await payCallersOrder({ ...ctx, user: ctx.user }, input.data)
        return step.paymentUrl ? reply.redirect(step.paymentUrl, 303) : back()
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        if (error.code === 'CONFLICT' || error.code === 'NOT_FOUND') return back()
        const reason = translate(language, error.userMessage, error.values)
        return answerRefused(req, reply, appErrorStatus[error.code], {
          title: messages.formPostTitle,
          heading: messages.orderNotPaidHeading,
          reasons: [reason],
        })
      }
    },
  }
}

import type { FastifyInstance } from 'fastify'
import { AppError, appErrorStatus } from '../errors.ts'
import { translate } from '../i18n.ts'
import { byId, cancelCallersOrder, payCallersOrder, withdrawFromCallersOrder } from '../routers/orders.ts'
import type { Context } from '../trpc.ts'
import { answerNoAction, answerRefused, type FormAction } from './form-posts.ts'
import { fieldMessages } from '../../core/form-issues.ts'
import { i18nFor } from '../../core/i18n/catalogs.ts'
import { localizedPath } from '../../core/language-urls.ts'
import { messages } from '../../core/messages.ts'
import { ordersDone } from '../../core/orders-pages.ts'
import { isWithdrawalField, withdrawalFields, withdrawalStatementSchema } from '../../core/withdrawal-statement.ts'

const headings = {
  pay: messages.orderNotPaidHeading,
  cancel: messages.orderNotCancelledHeading,
  withdraw: messages.withdrawalNotReceivedHeading,
}

/**
 * The forms of /orders posted before or without JavaScript (docs/product.md#orders), each marked
 * by a hidden `form`, for one of the caller's own orders (`id`), through its procedure's service:
 * - `pay`: `orders.pay`'s limit and service, answered 303 to the order's payment page;
 * - `cancel` (the page's confirmation, `/orders?cancel=<number>`): 303 to `/orders?cancelled=<number>`;
 * - `withdraw` (the statement, `/orders?withdraw=<number>`): refused, the page again with what was
 *   typed and each message beside its field; received, 303 to `/orders?withdrawn=<number>`.
 * An order no longer in that state (paid, cancelled, past its 14 days) or not the caller's goes
 * back to /orders, which says where it stands; too many tries, a page that says why.
 */
export function ordersFormAction(app: FastifyInstance): FormAction {
  return {
    path: /^\/orders$/,
    async run(req, reply, { fields, language }) {
      const form = fields.get('form')
      if (form !== 'pay' && form !== 'cancel' && form !== 'withdraw') return answerNoAction(req, reply)
      const ctx: Context = { ...(await app.requestContext(req, reply)), language }
      if (!ctx.user) return reply.redirect(localizedPath('/auth?redirect=%2Forders', language), 303)
      const caller = { ...ctx, user: ctx.user }
      const page = (query = '') => reply.redirect(localizedPath(`/orders${query}`, language), 303)
      const input = byId.safeParse({ id: fields.get('id') ?? '' })
      if (!input.success) return page()
      try {
        if (form === 'pay') {
          await ctx.services.limits.consume('checkoutPerClient', ctx.clientIp)
          const step = await payCallersOrder(caller, input.data)
          return step.paymentUrl ? reply.redirect(step.paymentUrl, 303) : page()
        }
        if (form === 'cancel') {
          const { orderNumber } = await cancelCallersOrder(caller, input.data)
          return page(`?${ordersDone.cancelled}=${encodeURIComponent(orderNumber)}`)
        }
        const typed = Object.fromEntries(withdrawalFields.map((field) => [field, fields.get(field) ?? '']))
        const refused = fieldMessages(withdrawalStatementSchema, typed, i18nFor(language), isWithdrawalField)
        if (refused) return app.renderPostedPage(req, reply, 400, { form: 'withdrawal', values: typed, errors: refused.fields, message: null })
        const { orderNumber } = await withdrawFromCallersOrder(caller, { id: input.data.id, statement: withdrawalStatementSchema.parse(typed) })
        return page(`?${ordersDone.withdrawn}=${encodeURIComponent(orderNumber)}`)
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        if (error.code === 'CONFLICT' || error.code === 'NOT_FOUND') return page()
        const reason = translate(language, error.userMessage, error.values)
        return answerRefused(req, reply, appErrorStatus[error.code], {
          title: messages.formPostTitle,
          heading: headings[form],
          reasons: [reason],
        })
      }
    },
  }
}

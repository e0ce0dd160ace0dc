import type { Services } from '../services/index.ts'
import { AppError } from '../errors.ts'
import type { FormAction } from './form-posts.ts'
import { localizedPath } from '../../core/language-urls.ts'
import { withdrawalFields, withdrawalStatementSchema, type WithdrawalField } from '../../core/withdrawal-statement.ts'

/**
 * The withdrawal statement posted without JavaScript to `/withdraw/<token>` (docs/product.md#withdrawal):
 * the same schema and service as `orders.withdraw`. Answered 303 to the page, which then shows the
 * acknowledgment (or why the order can no longer be withdrawn from, or that the link does not work);
 * a statement with fields to fix goes back to the page naming those fields (never their values).
 */
export function withdrawalFormAction(services: Services): FormAction {
  return {
    path: /^\/withdraw\/([^/]+)$/,
    async run(req, reply, { params, fields, language }) {
      const token = decodeURIComponent(params[0] ?? '')
      const page = (query = '') => localizedPath(`/withdraw/${encodeURIComponent(token)}${query}`, language)
      const parsed = withdrawalStatementSchema.safeParse({
        name: fields.get('name') ?? '',
        email: fields.get('email') ?? '',
        comment: fields.get('comment') ?? '',
      })
      if (!parsed.success) {
        const invalid = withdrawalFields.filter((field: WithdrawalField) => parsed.error.issues.some((issue) => issue.path[0] === field))
        return reply.redirect(page(`?invalid=${invalid.join(',')}`), 303)
      }
      try {
        await services.orders.withdrawByLink({ token, statement: parsed.data })
      } catch (error) {
        // The page says why (a link that does not verify, an order one can no longer withdraw from).
        if (!(error instanceof AppError)) throw error
        req.log.info({ code: error.code }, 'withdrawal form refused')
      }
      return reply.redirect(page(), 303)
    },
  }
}

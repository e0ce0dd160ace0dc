import type { FastifyInstance } from 'fastify'
import { AppError, appErrorStatus } from '../errors.ts'
import { translate } from '../i18n.ts'
import { requestWholesale } from '../routers/b2b.ts'
import { nextStepAfterFailure, type Context } from '../trpc.ts'
import type { FormAction } from './form-posts.ts'
import { b2bRequestFields, b2bRequestSchema, isB2bRequestField } from '../../core/b2b.ts'
import { fieldMessages } from '../../core/form-issues.ts'
import { i18nFor } from '../../core/i18n/catalogs.ts'
import { localizedPath } from '../../core/language-urls.ts'
import { messages } from '../../core/messages.ts'
import type { PostedForm } from '../../core/posted-form.ts'

/**
 * The wholesale request (`/b2b/request`, the page the "Solicitar acceso B2B" button leads to
 * before or without JavaScript; docs/product.md#b2b), posted without the page's script:
 * `b2b.request`'s schema, limit and service. Sent, 303 to /b2b, which says the request was
 * received (as it says why for an account that may no longer ask); refused, the page again with
 * what was typed and why. Signed out, the sign-in page leads back here.
 */
export function b2bRequestFormAction(app: FastifyInstance): FormAction {
  return {
    path: /^\/b2b\/request$/,
    async run(req, reply, { fields, language }) {
      const ctx: Context = { ...(await app.requestContext(req, reply)), language }
      if (!ctx.user || !ctx.role) return reply.redirect(localizedPath('/auth?redirect=%2Fb2b%2Frequest', language), 303)
      const values = Object.fromEntries(b2bRequestFields.map((name) => [name, fields.get(name) ?? '']))
      const refuse = (status: number, errors: PostedForm['errors'], message: string | null) =>
        app.renderPostedPage(req, reply, status, { form: 'b2b-request', values, errors, message })
      const refused = fieldMessages(b2bRequestSchema, values, i18nFor(language), isB2bRequestField)
      if (refused) return refuse(400, refused.fields, null)
      try {
        await ctx.services.limits.consume('b2bRequestPerClient', ctx.clientIp)
        await requestWholesale({ ...ctx, user: ctx.user, role: ctx.role }, b2bRequestSchema.parse(values))
      } catch (error) {
        // No longer theirs to ask (approved, a request open or closed, the address not confirmed): /b2b says where they stand.
        if (error instanceof AppError && (error.code === 'CONFLICT' || error.code === 'FORBIDDEN')) {
          return reply.redirect(localizedPath('/b2b', language), 303)
        }
        if (error instanceof AppError && appErrorStatus[error.code] < 500) {
          const said = translate(language, error.userMessage, error.values)
          return isB2bRequestField(error.field)
            ? refuse(appErrorStatus[error.code], { [error.field]: said }, null)
            : refuse(appErrorStatus[error.code], {}, said)
        }
        req.log.error({ err: error, form: 'b2b-request' }, 'form action failed')
        const status = error instanceof AppError ? appErrorStatus[error.code] : 500
        return refuse(status, {}, `${translate(language, messages.internalError)} ${nextStepAfterFailure(ctx)}`)
      }
      return reply.redirect(localizedPath('/b2b', language), 303)
    },
  }
}

import type { FastifyInstance } from 'fastify'
import { AppError, appErrorStatus } from '../errors.ts'
import { translate } from '../i18n.ts'
import { sendContact } from '../routers/forms.ts'
import { nextStepAfterFailure } from '../trpc.ts'
import type { FormAction } from './form-posts.ts'
import { contactFields, contactSchema, isContactField } from '../../core/forms.ts'
import { fieldMessages } from '../../core/form-issues.ts'
import { i18nFor } from '../../core/i18n/catalogs.ts'
import { localizedPath } from '../../core/language-urls.ts'
import { messages } from '../../core/messages.ts'

/**
 * The contact page's form posted before or without JavaScript (docs/product.md#forms): the same
 * schema, rate limit and sending as `forms.contact`. Sent, it answers 303 to the page, which says
 * so; refused, the page again with what was typed and each field's message, or why nothing was
 * sent (too many messages, a failure of ours with what to do next).
 */
export function contactFormAction(app: FastifyInstance): FormAction {
  return {
    path: /^\/contact$/,
    async run(req, reply, { fields, language }) {
      const typed = Object.fromEntries(contactFields.map((field) => [field, fields.get(field) ?? '']))
      const input = { ...typed, website: fields.get('website') ?? '' }
      const refuse = (status: number, errors: Record<string, string>, message: string | null) =>
        app.renderPostedPage(req, reply, status, { form: 'contact', values: typed, errors, message })
      const refused = fieldMessages(contactSchema, input, i18nFor(language), isContactField)
      if (refused) return refuse(400, refused.fields, null)
      const ctx = { ...(await app.requestContext(req, reply)), language }
      try {
        await ctx.services.limits.consume('contactPerClient', ctx.clientIp)
        await sendContact(ctx, contactSchema.parse(input))
      } catch (error) {
        if (error instanceof AppError && appErrorStatus[error.code] < 500)
          return refuse(appErrorStatus[error.code], {}, translate(language, error.userMessage, error.values))
        req.log.error({ err: error }, 'contact form failed')
        return refuse(500, {}, `${translate(language, messages.contactFailed)} ${nextStepAfterFailure(ctx)}`)
      }
      return reply.redirect(localizedPath('/contact?sent=1', language), 303)
    },
  }
}

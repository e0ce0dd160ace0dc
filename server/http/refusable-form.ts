import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import { AppError, appErrorStatus } from '../errors.ts'
import { translate } from '../i18n.ts'
import { nextStepAfterFailure, type Context } from '../trpc.ts'
import type { LimitRule } from '../services/rate-limits.ts'
import type { FormAction } from './form-posts.ts'
import { fieldMessages } from '../../core/form-issues.ts'
import { i18nFor } from '../../core/i18n/catalogs.ts'
import { localizedPath } from '../../core/language-urls.ts'
import type { AppMessage } from '../../core/messages.ts'
import type { PostedForm } from '../../core/posted-form.ts'

/**
 * A public form that works without JavaScript (docs/product.md#forms), with its procedure's schema,
 * rate limit and service: done, 303 to `done` (a page that says so); refused, the page posted to is
 * rendered again with what was typed and why (core/posted-form.ts): each field's message beside
 * it, or, above the form, too many tries or a failure of ours with what to do next.
 */
export function refusableFormAction<F extends string, S extends z.ZodType>(
  app: FastifyInstance,
  form: {
    name: PostedForm['form']
    path: RegExp
    /** The fields a person types, in the form's order (the honeypot, `website`, is read besides). */
    fields: readonly F[]
    isField: (key: unknown) => key is F
    schema: S
    /** The procedure's limit per client address. */
    limit: LimitRule
    /** What the form does, as its procedure does it. */
    run: (ctx: Context, input: z.output<S>) => Promise<unknown>
    /** The page's message when our side failed (the next step follows it). */
    failed: AppMessage
    /** Where a done form goes: a path that says so, in the page's language. */
    done: string
  },
): FormAction {
  return {
    path: form.path,
    async run(req, reply, { fields, language }) {
      const typed: Record<string, string> = Object.fromEntries(form.fields.map((field) => [field, fields.get(field) ?? '']))
      const input = { ...typed, website: fields.get('website') ?? '', language }
      const refuse = (status: number, errors: PostedForm['errors'], message: string | null) =>
        app.renderPostedPage(req, reply, status, { form: form.name, values: typed, errors, message })
      const refused = fieldMessages(form.schema, input, i18nFor(language), form.isField)
      if (refused) return refuse(400, refused.fields, null)
      const ctx: Context = { ...(await app.requestContext(req, reply)), language }
      try {
        await ctx.services.limits.consume(form.limit, ctx.clientIp)
        await form.run(ctx, form.schema.parse(input))
      } catch (error) {
        if (error instanceof AppError && appErrorStatus[error.code] < 500)
          return refuse(appErrorStatus[error.code], {}, translate(language, error.userMessage, error.values))
        req.log.error({ err: error, form: form.name }, 'form action failed')
        // Ours to fix: what failed and what to do next.
        const status = error instanceof AppError ? appErrorStatus[error.code] : 500
        return refuse(status, {}, `${translate(language, form.failed)} ${nextStepAfterFailure(ctx)}`)
      }
      return reply.redirect(localizedPath(form.done, language), 303)
    },
  }
}

import type { FastifyInstance } from 'fastify'
import { AppError, appErrorStatus } from '../errors.ts'
import { translate } from '../i18n.ts'
import { updateAccount } from '../services/account.ts'
import { nextStepAfterFailure } from '../trpc.ts'
import { answerNoAction, type FormAction } from './form-posts.ts'
import { accountUpdateInput, accountUpdateSchema, profileTextFields, type ProfileFormValues } from '../../core/account.ts'
import { fieldMessages } from '../../core/form-issues.ts'
import { i18nFor } from '../../core/i18n/catalogs.ts'
import { localizedPath } from '../../core/language-urls.ts'
import { messages } from '../../core/messages.ts'
import type { PostedForm } from '../../core/posted-form.ts'

type ProfileTextField = (typeof profileTextFields)[number]
const isProfileField = (key: unknown): key is ProfileTextField => profileTextFields.some((field) => field === key)

/**
 * /account's profile form (name, phone, company, default address) posted before or without
 * JavaScript (docs/product.md#accounts): `account.update`'s schema and service for the signed-in
 * account. Saved, 303 to `/account?saved=1`, which says so; refused, the page again with what was
 * typed and each message beside its field. The page's other forms carry no `form=profile` and keep
 * the "try again once the page has loaded" answer; signed out, the sign-in page leads back here.
 */
export function profileFormAction(app: FastifyInstance): FormAction {
  return {
    path: /^\/account$/,
    async run(req, reply, { fields, language }) {
      if (fields.get('form') !== 'profile') return answerNoAction(req, reply)
      const ctx = await app.requestContext(req, reply)
      if (!ctx.user) return reply.redirect(localizedPath('/auth?redirect=%2Faccount', language), 303)
      const typed = Object.fromEntries(profileTextFields.map((name) => [name, fields.get(name) ?? '']))
      const confirmed = fields.has('address_confirmed')
      const values: ProfileFormValues = {
        name: typed.name ?? '',
        phone: typed.phone ?? '',
        company: typed.company ?? '',
        address_line1: typed.address_line1 ?? '',
        address_line2: typed.address_line2 ?? '',
        postal_code: typed.postal_code ?? '',
        city: typed.city ?? '',
        state: typed.state ?? '',
        country: typed.country || 'ES',
        address_confirmed: confirmed,
      }
      const posted = { ...typed, address_confirmed: confirmed ? 'on' : '' }
      const refuse = (status: number, errors: PostedForm['errors'], message: string | null) =>
        app.renderPostedPage(req, reply, status, { form: 'profile', values: posted, errors, message })
      const input = accountUpdateInput(values)
      const refused = fieldMessages(accountUpdateSchema, input, i18nFor(language), isProfileField)
      if (refused) return refuse(400, refused.fields, null)
      try {
        await updateAccount(ctx.db, ctx.user.id, accountUpdateSchema.parse(input))
      } catch (error) {
        if (error instanceof AppError && appErrorStatus[error.code] < 500) {
          const said = translate(language, error.userMessage, error.values)
          return isProfileField(error.field)
            ? refuse(appErrorStatus[error.code], { [error.field]: said }, null)
            : refuse(appErrorStatus[error.code], {}, said)
        }
        req.log.error({ err: error, form: 'profile' }, 'form action failed')
        // Ours to fix: what failed and what to do next.
        const status = error instanceof AppError ? appErrorStatus[error.code] : 500
        return refuse(status, {}, `${translate(language, messages.internalError)} ${nextStepAfterFailure({ ...ctx, language })}`)
      }
      return reply.redirect(localizedPath('/account?saved=1', language), 303)
    },
  }
}

import type { FastifyInstance, FastifyReply } from 'fastify'
import { translate } from '../i18n.ts'
import { answerNoAction, type FormAction } from './form-posts.ts'
import { callAuth } from './auth-call.ts'
import { authRefusal } from '../../core/auth-refusals.ts'
import { backupCodeSchema, forgotPasswordSchema, resetPasswordSchema, signInSchema, signUpSchema, totpCodeSchema } from '../../core/auth-rules.ts'
import { fieldMessages, fieldOf } from '../../core/form-issues.ts'
import { i18nFor } from '../../core/i18n/catalogs.ts'
import type { Language } from '../../core/language.ts'
import { localizedPath } from '../../core/language-urls.ts'
import { messages } from '../../core/messages.ts'
import type { PostedForm } from '../../core/posted-form.ts'
import { safeRedirect } from '../../core/sign-in-redirect.ts'

/**
 * The sign-in and sign-up forms posted before or without JavaScript (docs/product.md#accounts):
 * the password step, then the authenticator's code (or a backup code) when the account has two-factor on; or a new
 * account. Each goes through the shop's own better-auth route (server/http/auth-routes.ts), as the
 * page's script calls it, with this request's cookies and client address: the same waits, checks
 * (a common password), device cookie, cart merge and session rules. Signed in, 303 to where the
 * page was asked to lead (`?redirect=`, as `safeRedirect` honours it) with the session's cookies;
 * refused, the page again with the name and address typed (never a password) and the message
 * beside its field.
 */
export function authFormAction(app: FastifyInstance, publicUrl: string): FormAction {
  return {
    path: /^\/auth$/,
    async run(req, reply, { fields, language }) {
      const page = new URL(req.url, 'http://page')
      const render = (status: number, posted: PostedForm) => app.renderPostedPage(req, reply, status, posted)
      const authCall = (path: string, body: object) => callAuth(app, req, publicUrl, `${path}?lang=${language}`, body)

      // "Forgot your password?" (`/auth?forgot=1`): the link is asked for; the answer is the same whether or not the address has an account.
      if (fields.get('form') === 'forgot') {
        const typed = { email: fields.get('email') ?? '' }
        const values = { email: typed.email }
        const refused = fieldMessages(forgotPasswordSchema, typed, i18nFor(language), fieldOf(typed))
        if (refused) return render(400, { form: 'forgot', values, errors: refused.fields, message: null })
        const answer = await authCall('/api/auth/request-password-reset', { email: typed.email.trim(), redirectTo: '/auth/reset' })
        if (answer.statusCode !== 200) {
          if (answer.retryAfter) reply.header('retry-after', answer.retryAfter)
          const message = translate(language, answer.error.code === 'TOO_MANY_ATTEMPTS' ? messages.tooManyAttempts : messages.authFailed)
          return render(answer.statusCode, { form: 'forgot', values, errors: {}, message })
        }
        return reply.redirect(localizedPath('/auth?forgot=1&sent=1', language), 303)
      }
      if (fields.has('code')) {
        // The step's "use a backup code instead" (or back to the app) is a submit button of its own: the step again, switched.
        const switched = fields.get('switch')
        if (switched === 'backup' || switched === 'totp') {
          return render(200, { form: 'signin-code', values: { mode: switched }, errors: {}, message: null })
        }
        const backup = fields.get('mode') === 'backup'
        const values: Record<string, string> = backup ? { mode: 'backup' } : {}
        const typed = { code: fields.get('code') ?? '' }
        const schema = backup ? backupCodeSchema : totpCodeSchema
        const refused = fieldMessages(schema, typed, i18nFor(language), fieldOf(typed))
        if (refused) return render(400, { form: 'signin-code', values, errors: refused.fields, message: null })
        const path = backup ? '/api/auth/two-factor/verify-backup-code' : '/api/auth/two-factor/verify-totp'
        const answer = await authCall(path, schema.parse(typed))
        if (answer.statusCode !== 200) {
          const error = answer.error
          const wrong = translate(language, backup ? messages.backupCodeWrong : messages.totpCodeWrong)
          const message = answer.statusCode === 429 && error.message ? error.message : wrong
          return render(answer.statusCode, { form: 'signin-code', values, errors: { code: message }, message: null })
        }
        return signedIn(reply, answer.cookies, page, language)
      }
      // Sign-up: its fields (the page's tab is only where the form sits).
      if (fields.has('fullName')) {
        const typed = Object.fromEntries(signUpFields.map((name) => [name, fields.get(name) ?? '']))
        // What the form shows again: the name and address, never a password.
        const values = { fullName: typed.fullName ?? '', email: typed.email ?? '' }
        const refused = fieldMessages(signUpSchema, typed, i18nFor(language), fieldOf(typed))
        if (refused) return render(400, { form: 'signup', values, errors: refused.fields, message: emptyFieldsMessage(refused.fields, language) })
        const input = signUpSchema.parse(typed)
        const answer = await authCall('/api/auth/sign-up/email', { name: input.fullName, email: input.email, password: input.password })
        if (answer.statusCode !== 200) {
          const fieldNames = { name: 'fullName', email: 'email', password: 'password' } as const
          const { message, field } = authRefusal(answer.error, fieldNames, (m, v) => translate(language, m, v))
          if (answer.retryAfter) reply.header('retry-after', answer.retryAfter)
          return render(answer.statusCode, { form: 'signup', values, errors: field ? { [field]: message } : {}, message: field ? null : message })
        }
        return signedIn(reply, answer.cookies, page, language)
      }
      if (!fields.has('email')) return answerNoAction(req, reply)

      const typed = { email: fields.get('email') ?? '', password: fields.get('password') ?? '' }
      // What the form shows again: the address, never the password.
      const values = { email: typed.email }
      const refused = fieldMessages(signInSchema, typed, i18nFor(language), fieldOf(typed))
      if (refused) return render(400, { form: 'signin', values, errors: refused.fields, message: emptyFieldsMessage(refused.fields, language) })
      const answer = await authCall('/api/auth/sign-in/email', { email: typed.email.trim(), password: typed.password })
      if (answer.statusCode !== 200) {
        const { message, field } = authRefusal(answer.error, { email: 'email', password: 'password' } as const, (m, v) => translate(language, m, v))
        if (answer.retryAfter) reply.header('retry-after', answer.retryAfter)
        return render(answer.statusCode, { form: 'signin', values, errors: field ? { [field]: message } : {}, message: field ? null : message })
      }
      // Two-factor on: no session yet; better-auth's cookie for the step comes with the page that asks for the code.
      if (answer.twoFactor) {
        for (const cookie of answer.cookies) void reply.header('set-cookie', cookie)
        return render(200, { form: 'signin-code', values: {}, errors: {}, message: null })
      }
      return signedIn(reply, answer.cookies, page, language)
    },
  }
}

/**
 * The new password chosen from the reset email (`/auth/reset?token=…`), posted before or without
 * JavaScript: through the shop's better-auth route as the page's script calls it (the sign-up rules,
 * a common password refused beside the field). Changed, 303 to the sign-in page, which says so;
 * refused, the page again with why (never a password), the link's own failure above the form.
 */
export function passwordResetFormAction(app: FastifyInstance, publicUrl: string): FormAction {
  return {
    path: /^\/auth\/reset$/,
    async run(req, reply, { fields, language }) {
      const token = new URL(req.url, 'http://page').searchParams.get('token') ?? ''
      const render = (status: number, errors: PostedForm['errors'], message: string | null) =>
        app.renderPostedPage(req, reply, status, { form: 'reset', values: {}, errors, message })
      const typed = { password: fields.get('password') ?? '', confirmPassword: fields.get('confirmPassword') ?? '' }
      const refused = fieldMessages(resetPasswordSchema, typed, i18nFor(language), fieldOf(typed))
      if (refused) return render(400, refused.fields, null)
      const answer = await callAuth(app, req, publicUrl, `/api/auth/reset-password?lang=${language}`, { newPassword: typed.password, token })
      if (answer.statusCode !== 200) {
        if (answer.error.code === 'INVALID_TOKEN') return render(answer.statusCode, {}, translate(language, messages.resetLinkInvalid))
        const { message, field } = authRefusal(answer.error, { newPassword: 'password', password: 'password' } as const, (m, v) =>
          translate(language, m, v),
        )
        if (answer.retryAfter) reply.header('retry-after', answer.retryAfter)
        return render(answer.statusCode, field ? { [field]: message } : {}, field ? null : message)
      }
      return reply.redirect(localizedPath('/auth?reset=1', language), 303)
    },
  }
}

const signUpFields = ['fullName', 'email', 'password', 'confirmPassword'] as const

/** The shop's "Please fill in all fields", above the button, when a field's refusal is that it is empty (the page's script's rule). */
function emptyFieldsMessage(errors: Partial<Record<string, string>>, language: Language) {
  return Object.values(errors).includes(translate(language, messages.required)) ? translate(language, messages.fillAllFields) : null
}

/** Signed in: the session's cookies, and 303 to where the page was asked to lead. */
function signedIn(reply: FastifyReply, cookies: string[], page: URL, language: Language) {
  for (const cookie of cookies) void reply.header('set-cookie', cookie)
  return reply.redirect(localizedPath(safeRedirect(page.searchParams.get('redirect')), language), 303)
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { AppError, appErrorStatus } from '../errors.ts'
import { translate } from '../i18n.ts'
import { updateAccount } from '../services/account.ts'
import { saveBilling } from '../services/billing.ts'
import type { Context } from '../trpc.ts'
import { nextStepAfterFailure } from '../trpc.ts'
import { adoptCookies, callAuth } from './auth-call.ts'
import { changeEmailPath } from './account-changes.ts'
import { answerNoAction, type FormAction } from './form-posts.ts'
import {
  accountUpdateInput,
  accountUpdateSchema,
  changeEmailSchema,
  changePasswordSchema,
  passwordAgainSchema,
  profileTextFields,
  type ProfileFormValues,
} from '../../core/account.ts'
import type { AccountDone } from '../../core/account-pages.ts'
import { authRefusal } from '../../core/auth-refusals.ts'
import { totpCodeSchema } from '../../core/auth-rules.ts'
import { billingSchema } from '../../core/billing.ts'
import { billingFields, billingInputNames, isBillingField } from '../../core/billing-fields.ts'
import { fieldMessages, fieldOf } from '../../core/form-issues.ts'
import { i18nFor } from '../../core/i18n/catalogs.ts'
import type { Language } from '../../core/language.ts'
import { localizedPath } from '../../core/language-urls.ts'
import { messages } from '../../core/messages.ts'
import type { PostedForm } from '../../core/posted-form.ts'

type ProfileTextField = (typeof profileTextFields)[number]
const isProfileField = (key: unknown): key is ProfileTextField => profileTextFields.some((field) => field === key)

/** What each of the page's forms is given: the signed-in caller and a way to answer. */
interface AccountPost {
  req: FastifyRequest
  reply: FastifyReply
  fields: URLSearchParams
  language: Language
  ctx: Context & { user: NonNullable<Context['user']> }
  /** The page again with the form `form`'s state: what was typed (never a password) and why, or its next step. */
  refuse: (status: number, form: PostedForm['form'], posted: Omit<PostedForm, 'form'>) => Promise<FastifyReply>
  /** Done: 303 to the page, which says so beside the form. */
  done: (what: AccountDone) => FastifyReply
  /** One of better-auth's routes, as the page's script calls it, with this request's cookies. */
  auth: (path: string, body: object) => ReturnType<typeof callAuth>
}

/**
 * /account's forms posted before or without JavaScript (docs/product.md#accounts), each marked by
 * a hidden `form` field: the profile and the billing details through their procedures' schemas and
 * services; the address, the password, the other sessions and deleting the account through the
 * shop's better-auth routes as the page's script calls them (the same fresh-sign-in rule, limits
 * and emails). Done, 303 to the page, which says so (`?saved=1` for the profile, `?done=…` for the
 * others) or, for a deleted account, to the sign-in page; refused, the page again with what was
 * typed (never a password) and each message beside its field. Turning two-factor on answers with the
 * page itself at each step (the key's QR code, then the backup codes, shown once and never in a URL).
 * Signed out, the sign-in page leads back here.
 */
export function accountFormAction(app: FastifyInstance, publicUrl: string): FormAction {
  const forms: Record<string, (post: AccountPost) => Promise<FastifyReply>> = {
    profile: saveProfile,
    billing: saveBillingDetails,
    email: changeEmail,
    password: changePassword,
    sessions: signOutOthers,
    'sign-out': signOut,
    'resend-verification': resendVerification,
    'two-factor-on': turnOnTwoFactor,
    'two-factor-verify': confirmTwoFactor,
    'two-factor-off': turnOffTwoFactor,
    'delete-account': deleteAccount,
  }
  return {
    path: /^\/account$/,
    async run(req, reply, { fields, language }) {
      const form = fields.get('form') ?? ''
      const handle = Object.hasOwn(forms, form) ? forms[form] : undefined
      if (!handle) return answerNoAction(req, reply)
      const ctx = await app.requestContext(req, reply)
      if (!ctx.user) return reply.redirect(localizedPath('/auth?redirect=%2Faccount', language), 303)
      return handle({
        req,
        reply,
        fields,
        language,
        ctx: { ...ctx, user: ctx.user },
        refuse: (status, form, posted) => app.renderPostedPage(req, reply, status, { form, ...posted }),
        done: (what) => reply.redirect(localizedPath(`/account?done=${what}`, language), 303),
        auth: (path, body) => callAuth(app, req, publicUrl, `${path}?lang=${language}`, body),
      })
    },
  }
}

/** A failure of ours: what failed and what to do next, above the form. */
function failure(post: AccountPost, error: unknown, form: PostedForm['form'], values: Record<string, string>) {
  post.req.log.error({ err: error, form }, 'form action failed')
  const status = error instanceof AppError ? appErrorStatus[error.code] : 500
  const message = `${translate(post.language, messages.internalError)} ${nextStepAfterFailure({ ...post.ctx, language: post.language })}`
  return post.refuse(status, form, { values, errors: {}, message })
}

/** Name, phone, company and the default address: `account.update`'s schema and service. */
async function saveProfile(post: AccountPost) {
  const { fields, language, ctx } = post
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
  const input = accountUpdateInput(values)
  const refused = fieldMessages(accountUpdateSchema, input, i18nFor(language), isProfileField)
  if (refused) return post.refuse(400, 'profile', { values: posted, errors: refused.fields, message: null })
  try {
    await updateAccount(ctx.db, ctx.user.id, accountUpdateSchema.parse(input))
  } catch (error) {
    if (!(error instanceof AppError) || appErrorStatus[error.code] >= 500) return failure(post, error, 'profile', posted)
    const said = translate(language, error.userMessage, error.values)
    const status = appErrorStatus[error.code]
    return isProfileField(error.field)
      ? post.refuse(status, 'profile', { values: posted, errors: { [error.field]: said }, message: null })
      : post.refuse(status, 'profile', { values: posted, errors: {}, message: said })
  }
  return post.reply.redirect(localizedPath('/account?saved=1', language), 303)
}

/** The billing details checkout offers (`account.updateBilling`): kept, or forgotten with the form's "forget" button. */
async function saveBillingDetails(post: AccountPost) {
  const { fields, language, ctx } = post
  try {
    if (fields.get('intent') === 'forget') {
      await saveBilling(ctx.db, ctx.user.id, null)
      return post.done('billing-forgotten')
    }
    const values = Object.fromEntries(billingFields.map((name) => [name, fields.get(billingInputNames[name]) ?? '']))
    const details = { ...values, idKind: values.idKind || 'tax_id' }
    const refused = fieldMessages(billingSchema, details, i18nFor(language), isBillingField)
    if (refused) return await post.refuse(400, 'billing', { values: details, errors: refused.fields, message: null })
    await saveBilling(ctx.db, ctx.user.id, billingSchema.parse(details))
    return post.done('billing')
  } catch (error) {
    return failure(post, error, 'billing', {})
  }
}

/** better-auth's refusal of a change: beside the field it names, else above the form. */
function refusal(answer: Awaited<ReturnType<typeof callAuth>>, language: Language, fieldNames: Readonly<Record<string, string>>) {
  const { message, field } = authRefusal(answer.error, fieldNames, (m, v) => translate(language, m, v))
  return { errors: field ? { [field]: message } : {}, message: field ? null : message }
}

/** A new address, confirmed from a link sent to it; the password (and the second factor when on) first. */
async function changeEmail(post: AccountPost) {
  const { fields, language, ctx } = post
  const typed = { email: fields.get('email') ?? '', password: fields.get('password') ?? '', code: fields.get('code') ?? '' }
  const values = { email: typed.email }
  const schema = changeEmailSchema(ctx.user.twoFactorEnabled)
  const refused = fieldMessages(schema, typed, i18nFor(language), fieldOf(typed))
  if (refused) return post.refuse(400, 'email', { values, errors: refused.fields, message: null })
  const input = schema.parse(typed)
  if (input.email.toLowerCase() === ctx.user.email.toLowerCase()) {
    return post.refuse(400, 'email', { values, errors: { email: translate(language, messages.emailUnchanged) }, message: null })
  }
  const answer = await post.auth(changeEmailPath, {
    newEmail: input.email,
    password: input.password,
    ...(ctx.user.twoFactorEnabled ? { code: input.code } : {}),
  })
  if (answer.statusCode !== 200) {
    if (answer.retryAfter) post.reply.header('retry-after', answer.retryAfter)
    const code = answer.error.code
    const field = code === 'INVALID_PASSWORD' ? 'password' : code === 'INVALID_CODE' ? 'code' : null
    // The shop's own refusals come in the reader's language; better-auth's others are "try again".
    const said = answer.error.message && (field || answer.statusCode === 429 || code === 'INVALID_INPUT' || code === 'SESSION_NOT_FRESH')
    const message = said ? (answer.error.message ?? '') : translate(language, messages.linkNotSent)
    if (field) return post.refuse(answer.statusCode, 'email', { values, errors: { [field]: message }, message: null })
    if (code === 'SESSION_NOT_FRESH' || answer.statusCode === 429) return post.refuse(answer.statusCode, 'email', { values, errors: {}, message })
    return post.refuse(answer.statusCode, 'email', { values, errors: { email: message }, message: null })
  }
  return post.done('email')
}

/** A new password on the sign-up rules, the current one first; every other session ends (the new session's cookie comes back). */
async function changePassword(post: AccountPost) {
  const { fields, language } = post
  const typed = {
    currentPassword: fields.get('currentPassword') ?? '',
    password: fields.get('password') ?? '',
    confirmPassword: fields.get('confirmPassword') ?? '',
  }
  const refused = fieldMessages(changePasswordSchema, typed, i18nFor(language), fieldOf(typed))
  if (refused) return post.refuse(400, 'password', { values: {}, errors: refused.fields, message: null })
  const answer = await post.auth('/api/auth/change-password', {
    currentPassword: typed.currentPassword,
    newPassword: typed.password,
    revokeOtherSessions: true,
  })
  if (answer.statusCode !== 200) {
    if (answer.retryAfter) post.reply.header('retry-after', answer.retryAfter)
    const said = refusal(answer, language, { currentPassword: 'currentPassword', newPassword: 'password', password: 'password' })
    return post.refuse(answer.statusCode, 'password', { values: {}, ...said })
  }
  for (const cookie of answer.cookies) void post.reply.header('set-cookie', cookie)
  return post.done('password')
}

/** "Sign out everywhere else": every session of the account but this one ends. */
async function signOutOthers(post: AccountPost) {
  const answer = await post.auth('/api/auth/revoke-other-sessions', {})
  if (answer.statusCode !== 200) return failure(post, new Error(`revoke-other-sessions answered ${answer.statusCode}`), 'sessions', {})
  return post.done('sessions')
}

/**
 * "Send the link again" for an address not yet confirmed (on /account, /b2b and /auth/verified: the
 * button posts here without the page's script): the same better-auth route and limits as the
 * page's script. Sent, /account says so; too many, the page says when to try again.
 */
async function resendVerification(post: AccountPost) {
  const { ctx, language } = post
  if (ctx.user.emailVerified) return post.reply.redirect(localizedPath('/account', language), 303)
  const answer = await post.auth('/api/auth/send-verification-email', { email: ctx.user.email })
  if (answer.statusCode !== 200) {
    if (answer.retryAfter) post.reply.header('retry-after', answer.retryAfter)
    const message = answer.statusCode === 429 && answer.error.message ? answer.error.message : translate(language, messages.linkNotSent)
    return post.refuse(answer.statusCode, 'resend-verification', { values: {}, errors: {}, message })
  }
  return post.done('verification')
}

/** The password step of turning two-factor on or off: refused beside the password, or above the form (a sign-in too old). */
function twoFactorRefusal(post: AccountPost, answer: Awaited<ReturnType<typeof callAuth>>) {
  if (answer.retryAfter) post.reply.header('retry-after', answer.retryAfter)
  if (answer.error.code === 'INVALID_PASSWORD') {
    return post.refuse(answer.statusCode, 'two-factor', {
      values: {},
      errors: { password: translate(post.language, messages.wrongPassword) },
      message: null,
    })
  }
  const message = answer.error.message ?? translate(post.language, messages.authFailed)
  return post.refuse(answer.statusCode, 'two-factor', { values: {}, errors: {}, message })
}

/** What better-auth answers turning two-factor on: the key for the app and the backup codes. */
const twoFactorSetup = z.object({ totpURI: z.string().startsWith('otpauth://'), backupCodes: z.array(z.string()) })

/** Two-factor on, step 1: the password; the page then shows the key's QR code and asks for a first code. */
async function turnOnTwoFactor(post: AccountPost) {
  const typed = { password: post.fields.get('password') ?? '' }
  const refused = fieldMessages(passwordAgainSchema, typed, i18nFor(post.language), fieldOf(typed))
  if (refused) return post.refuse(400, 'two-factor', { values: {}, errors: refused.fields, message: null })
  const answer = await post.auth('/api/auth/two-factor/enable', typed)
  if (answer.statusCode !== 200) return twoFactorRefusal(post, answer)
  const setup = twoFactorSetup.safeParse(answer.body)
  if (!setup.success) return failure(post, new Error('two-factor/enable answered without a key'), 'two-factor', {})
  return post.refuse(200, 'two-factor-setup', {
    values: { uri: setup.data.totpURI, codes: setup.data.backupCodes.join(' ') },
    errors: {},
    message: null,
  })
}

/**
 * Two-factor on, step 2: the app's first code turns it on; the page then shows the backup codes.
 * The key and codes come back from the page's hidden fields only to be shown again (they are this
 * person's own, shown a moment ago); better-auth holds the real ones.
 */
async function confirmTwoFactor(post: AccountPost) {
  const { fields, language } = post
  const uri = fields.get('uri') ?? ''
  const codes = (fields.get('codes') ?? '').split(' ').filter((code) => /^[\w-]{1,64}$/.test(code))
  const shown = { uri: uri.startsWith('otpauth://') ? uri : '', codes: codes.join(' ') }
  const typed = { code: fields.get('code') ?? '' }
  const refused = fieldMessages(totpCodeSchema, typed, i18nFor(language), fieldOf(typed))
  if (refused) return post.refuse(400, 'two-factor-setup', { values: shown, errors: refused.fields, message: null })
  const answer = await post.auth('/api/auth/two-factor/verify-totp', totpCodeSchema.parse(typed))
  if (answer.statusCode !== 200) {
    if (answer.retryAfter) post.reply.header('retry-after', answer.retryAfter)
    const message = answer.statusCode === 429 && answer.error.message ? answer.error.message : translate(language, messages.totpCodeWrong)
    return post.refuse(answer.statusCode, 'two-factor-setup', { values: shown, errors: { code: message }, message: null })
  }
  for (const cookie of answer.cookies) void post.reply.header('set-cookie', cookie)
  // better-auth gave a new session (two-factor on): the page with the codes is rendered for it.
  adoptCookies(post.req, answer.cookies)
  return post.refuse(200, 'two-factor-codes', { values: { codes: shown.codes }, errors: {}, message: null })
}

/** Two-factor off: the password again (better-auth ends the account's other sessions). */
async function turnOffTwoFactor(post: AccountPost) {
  const typed = { password: post.fields.get('password') ?? '' }
  const refused = fieldMessages(passwordAgainSchema, typed, i18nFor(post.language), fieldOf(typed))
  if (refused) return post.refuse(400, 'two-factor', { values: {}, errors: refused.fields, message: null })
  const answer = await post.auth('/api/auth/two-factor/disable', typed)
  if (answer.statusCode !== 200) return twoFactorRefusal(post, answer)
  for (const cookie of answer.cookies) void post.reply.header('set-cookie', cookie)
  return post.done('two-factor-off')
}

/** This browser signed out (the header's menu needs the page's script; /account's button does not): 303 to the home page. */
async function signOut(post: AccountPost) {
  const answer = await post.auth('/api/auth/sign-out', {})
  if (answer.statusCode !== 200) return failure(post, new Error(`sign-out answered ${answer.statusCode}`), 'sessions', {})
  for (const cookie of answer.cookies) void post.reply.header('set-cookie', cookie)
  return post.reply.redirect(localizedPath('/', post.language), 303)
}

/** The account deleted for good, its password typed again; the sign-in page then says so. */
async function deleteAccount(post: AccountPost) {
  const { fields, language } = post
  const typed = { password: fields.get('password') ?? '' }
  const refused = fieldMessages(passwordAgainSchema, typed, i18nFor(language), fieldOf(typed))
  if (refused) return post.refuse(400, 'delete-account', { values: {}, errors: refused.fields, message: null })
  const answer = await post.auth('/api/auth/delete-user', { password: typed.password })
  if (answer.statusCode !== 200) {
    if (answer.retryAfter) post.reply.header('retry-after', answer.retryAfter)
    const wrong = answer.error.code === 'INVALID_PASSWORD'
    if (!wrong && answer.statusCode >= 500) return failure(post, new Error(`delete-user answered ${answer.statusCode}`), 'delete-account', {})
    const message = wrong ? translate(language, messages.wrongPassword) : (answer.error.message ?? translate(language, messages.authFailed))
    return post.refuse(answer.statusCode, 'delete-account', { values: {}, errors: { password: message }, message: null })
  }
  for (const cookie of answer.cookies) void post.reply.header('set-cookie', cookie)
  return post.reply.redirect(localizedPath('/auth?deleted=1', language), 303)
}

import { passwordMinLength } from './auth-rules.ts'
import { messages, type AppMessage } from './messages.ts'

/** What better-auth (and the shop's checks in front of it, server/http/auth-routes.ts) answers a refused call with. */
export interface AuthError {
  code?: string | undefined
  message?: string | undefined
  /** The body field the shop's own checks refused (`password`, `newPassword`, `name`). */
  field?: unknown
}

/** Where each refusal belongs when better-auth does not name a field. */
const fieldOfCode: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'password',
  USER_ALREADY_EXISTS: 'email',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email',
  INVALID_EMAIL: 'email',
  PASSWORD_TOO_SHORT: 'password',
  PASSWORD_TOO_LONG: 'password',
  INVALID_PASSWORD: 'currentPassword',
}

/** The shop's words for better-auth's codes; null: the answer's own message (already in the reader's language). */
const messageOfCode: Record<string, { message: AppMessage; values?: Record<string, unknown> }> = {
  INVALID_EMAIL_OR_PASSWORD: { message: messages.invalidCredentials },
  USER_ALREADY_EXISTS: { message: messages.accountExists },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { message: messages.accountExists },
  INVALID_EMAIL: { message: messages.invalidEmail },
  TOO_MANY_ATTEMPTS: { message: messages.tooManyAttempts },
  PASSWORD_TOO_SHORT: { message: messages.passwordTooShort, values: { min: passwordMinLength } },
  INVALID_PASSWORD: { message: messages.currentPasswordWrong },
}

/**
 * An account form's refusal (docs/product.md#accounts): what to say, given `translate` for the
 * reader's language, and the form's field it belongs beside, when it belongs to one. `fields` maps
 * the body's field names to the form's (a reset's `newPassword` is the form's `password`). One rule
 * for the page's script and for the forms posted without it.
 */
export function authRefusal<F extends string>(
  error: AuthError,
  fields: Readonly<Record<string, F>>,
  translate: (message: AppMessage, values?: Record<string, unknown>) => string,
): { message: string; field: F | null } {
  const named = typeof error.field === 'string' ? error.field : error.code ? fieldOfCode[error.code] : undefined
  const field = named !== undefined && Object.hasOwn(fields, named) ? (fields[named] ?? null) : null
  const known = error.code ? messageOfCode[error.code] : undefined
  const message = known ? translate(known.message, known.values) : (error.message ?? translate(messages.authFailed))
  return { message, field }
}

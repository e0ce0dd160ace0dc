import { useLingui } from '@lingui/react/macro'
import { passwordMinLength } from '../../core/auth-rules.ts'
import { messages } from '../../core/messages.ts'

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

/**
 * An account form's refusal, as the form shows it (docs/product.md#accounts): the message in the
 * reader's language and the form's field it belongs beside, when it belongs to one. `fields` maps
 * the body's field names to the form's (a reset's `newPassword` is the form's `password`).
 */
export function useAuthRefusal() {
  const { t, i18n } = useLingui()
  const messageOf = (error: AuthError) => {
    switch (error.code) {
      case 'INVALID_EMAIL_OR_PASSWORD':
        return t`Invalid email or password`
      case 'USER_ALREADY_EXISTS':
      case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
        return i18n._(messages.accountExists)
      case 'INVALID_EMAIL':
        return t`Invalid email address`
      case 'TOO_MANY_ATTEMPTS':
        return i18n._(messages.tooManyAttempts)
      case 'PASSWORD_TOO_SHORT':
        return i18n._(messages.passwordTooShort.id, { min: passwordMinLength })
      case 'INVALID_PASSWORD':
        return t`The current password is not correct.`
      default:
        return error.message ?? t`Something went wrong`
    }
  }
  return <F extends string>(error: AuthError, fields: Readonly<Record<string, F>>): { message: string; field: F | null } => {
    const named = typeof error.field === 'string' ? error.field : error.code ? fieldOfCode[error.code] : undefined
    const field = named !== undefined && Object.hasOwn(fields, named) ? (fields[named] ?? null) : null
    return { message: messageOf(error), field }
  }
}

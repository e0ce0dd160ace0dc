import { useLingui } from '@lingui/react'
import { authRefusal, type AuthError } from '../../core/auth-refusals.ts'
import type { AppMessage } from '../../core/messages.ts'

export type { AuthError }

/**
 * An account form's refusal, as the form shows it (docs/product.md#accounts): the message in the
 * reader's language and the form's field it belongs beside (core/auth-refusals.ts).
 */
export function useAuthRefusal() {
  const { i18n } = useLingui()
  const translate = (message: AppMessage, values?: Record<string, unknown>) => i18n._(message.id, values)
  return <F extends string>(error: AuthError, fields: Readonly<Record<string, F>>) => authRefusal(error, fields, translate)
}

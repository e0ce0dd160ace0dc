import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { b2bRequestTaxId } from '../../../core/b2b.ts'

/**
 * A visitor's message as the admin reads it: a wholesale request's, stored in the words of the
 * client's specification (core/b2b.ts), in the admin's language; any other as it was written.
 */
export function visitorMessageText(i18n: I18n, message: string): string {
  const taxId = b2bRequestTaxId(message)
  return taxId === null ? message : i18n._(msg`Wholesale access request. Tax id: ${taxId}`)
}

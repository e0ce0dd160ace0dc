import type { I18n } from '@lingui/core'
import { issueValues } from '../../core/form-issues.ts'
import { translateMessage } from '../../core/i18n/translate-message.ts'
import { isBillingField } from '../../core/billing-fields.ts'
import { billingSchema } from '../../core/billing.ts'

/**
 * The billing fields' messages, each under the name the form gives the field (`billing.taxId` in
 * checkout's form, `taxId` in a form of its own): the first failing rule of each, in the reader's
 * language. Undefined when the details pass.
 */
export function billingMessages(value: unknown, i18n: I18n, prefix = 'billing.'): { fields: Record<string, string> } | undefined {
  const result = billingSchema.safeParse(value)
  if (result.success) return undefined
  const fields: Record<string, string> = {}
  for (const issue of result.error.issues) {
    const field = issue.path.at(-1)
    if (isBillingField(field)) fields[`${prefix}${field}`] ??= translateMessage(i18n, issue.message, issueValues(issue))
  }
  return { fields }
}

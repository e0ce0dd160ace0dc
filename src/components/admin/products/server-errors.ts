import { isProductField, type ProductField } from '../../../../core/catalog-admin.ts'
import { serverFieldErrors } from '../../../lib/form-errors.ts'
import { httpStatusOf } from '../../../lib/trpc.ts'

/** What a refused save says: messages for fields, or one for the whole form. */
export interface SaveRefusal {
  fields: Partial<Record<ProductField, string>>
  /** A reason with no field (someone changed the product meanwhile, a failure of ours). */
  message: string | null
}

/**
 * The server's answer as the product form shows it: messages beside their fields; anything else as
 * one message, the generic one when the reason is ours (5xx) or the network's.
 */
export function saveRefusal(error: unknown, generic: string): SaveRefusal {
  const status = httpStatusOf(error)
  if (status === undefined || status >= 500) return { fields: {}, message: generic }
  const fields = serverFieldErrors(error, isProductField)
  if (Object.keys(fields).length > 0) return { fields, message: null }
  return { fields, message: error instanceof Error ? error.message : generic }
}

import { z } from 'zod'
import { messages } from './messages.ts'
import { parseTaxId } from './tax-id.ts'
import { plainText } from './text.ts'

/** The wholesale request form (docs/product.md#b2b): one schema for the /b2b form and b2b.request. */
export const b2bRequestLimits = {
  name: { min: 2, max: 100 },
  company: { min: 2, max: 200 },
  email: { max: 255 },
  taxId: { max: 20 },
  phone: { min: 6, max: 20 },
} as const

const L = b2bRequestLimits
const between = (min: number, max: number, message: string) => plainText().min(min, message).max(max, message)

export const b2bRequestSchema = z.object({
  name: between(L.name.min, L.name.max, messages.nameTooShort.id),
  company: between(L.company.min, L.company.max, messages.companyRequired.id),
  email: z.string().trim().max(L.email.max, messages.invalidEmail.id).pipe(z.email(messages.invalidEmail.id)),
  // Stored normalised (upper case, no separators), so the same id is always written the same way.
  taxId: z
    .string()
    .max(40, messages.taxIdInvalid.id)
    .transform((value, ctx) => {
      const parsed = parseTaxId(value)
      if (parsed === null) {
        ctx.addIssue({ code: 'custom', message: messages.taxIdInvalid.id })
        return z.NEVER
      }
      return parsed
    }),
  phone: between(L.phone.min, L.phone.max, messages.phoneTooShort.id),
})

export type B2bRequestInput = z.input<typeof b2bRequestSchema>
export type B2bRequest = z.output<typeof b2bRequestSchema>
export type B2bRequestField = keyof B2bRequest
export const b2bRequestFields: readonly B2bRequestField[] = ['name', 'company', 'email', 'taxId', 'phone']
export function isB2bRequestField(key: unknown): key is B2bRequestField {
  return typeof key === 'string' && Object.hasOwn(b2bRequestLimits, key)
}

/**
 * Where a visitor stands with wholesale access (`b2b.status`, docs/product.md#b2b): `pending` is
 * signed in with no request yet; `requested` waits for an admin; `revoked` was approved, then
 * withdrawn.
 */
export const b2bStates = ['signed_out', 'unverified', 'pending', 'requested', 'approved', 'rejected', 'revoked'] as const
export type B2bState = (typeof b2bStates)[number]

/** The first line of a request's message (its `contacts` row); the tax id follows on the next line. */
export const b2bRequestMessageTitle = 'B2B Access Request'
const taxIdLabel = 'NIF/VAT'

/** A request's stored message, as the client's specification words it (docs/product.md#b2b). */
export function b2bRequestMessage(taxId: string): string {
  return `${b2bRequestMessageTitle}\n${taxIdLabel}: ${taxId}`
}

/** The tax id of a stored request message; null for any other text. The admin shows it in the reader's language. */
export function b2bRequestTaxId(message: string): string | null {
  const [title, line, ...rest] = message.split('\n')
  if (title !== b2bRequestMessageTitle || rest.length > 0 || !line?.startsWith(`${taxIdLabel}: `)) return null
  return line.slice(taxIdLabel.length + 2)
}

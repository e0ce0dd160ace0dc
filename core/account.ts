import { z } from 'zod'
import { messages } from './messages.ts'
import { issueValues } from './form-issues.ts'
import { shippingFields, withProvince, type ShippingInput } from './shipping.ts'
import { newPassword } from './auth-rules.ts'
import { plainText } from './text.ts'
import { addressFieldOrder } from './address.ts'

// docs/product.md#accounts: the /account page's forms and the account.* procedures share these.

const S = shippingFields.shape

/**
 * The default shipping address: the checkout form's own rules, field names included, and the same
 * province derived from the postal code.
 */
export const defaultAddressSchema = z
  .object({
    address_line1: S.address_line1,
    address_line2: S.address_line2,
    city: S.city,
    state: S.state,
    postal_code: S.postal_code,
    country: S.country,
  })
  .transform(withProvince)

export type AddressInput = z.input<typeof defaultAddressSchema>
export type AddressField = keyof AddressInput
export const addressFields: readonly AddressField[] = addressFieldOrder

export const companyMaxLength = 200

/**
 * A phone the profile may leave empty; given, checkout's rule with its own messages (a union of ''
 * and the rule would say one message of its own for every refusal).
 */
const optionalPhone = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (value === '') return ''
    const parsed = S.phone.safeParse(value)
    if (parsed.success) return parsed.data
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, params: issueValues(issue) })
    return z.NEVER
  })

/** Profile and default address; an address left entirely blank means "no default address". */
export const accountUpdateSchema = z.object({
  name: S.full_name,
  phone: optionalPhone,
  company: plainText().max(companyMaxLength, messages.companyTooLong.id),
  address: defaultAddressSchema.nullable(),
  // The shopper ticked "The postal code and town are right" (server/services/postcodes.ts).
  addressConfirmed: z.boolean().default(false),
})

export type AccountUpdateInput = z.input<typeof accountUpdateSchema>
export type AccountUpdate = z.output<typeof accountUpdateSchema>

/** True when the address fields were all left blank (the country is a list with one choice, never blank). */
export const isBlankAddress = (address: AddressInput) => addressFields.every((field) => field === 'country' || address[field].trim() === '')

export const emptyAddress: AddressInput = { address_line1: '', address_line2: '', city: '', state: '', postal_code: '', country: 'ES' }

/** The profile form's flat values: the contact, the default address, and whether the address was confirmed. */
export type ProfileFormValues = { name: string; phone: string; company: string; address_confirmed: boolean } & AddressInput

/** The profile form's text fields, in the page's order (what its post without JavaScript carries besides the tick). */
export const profileTextFields = ['name', 'phone', 'company', ...addressFieldOrder] as const

/** The profile form's values as account.update takes them: a blank address is no default address. */
export function accountUpdateInput(values: ProfileFormValues): AccountUpdateInput {
  const { name, phone, company, address_confirmed, ...address } = values
  return { name, phone, company, address: isBlankAddress(address) ? null : address, addressConfirmed: address_confirmed }
}

/** A shipping form's defaults from a profile: what checkout.prefill answers. */
export function shippingFromProfile(profile: { name: string; email: string; phone: string; address: AddressInput | null }): ShippingInput {
  return { full_name: profile.name, email: profile.email, phone: profile.phone, ...(profile.address ?? emptyAddress) }
}

/**
 * A new email address for the account, confirmed by a link sent to it; asked with the password,
 * and with a code from the authenticator app (or a backup code) when two-factor is on.
 */
export const changeEmailSchema = (twoFactor: boolean) =>
  z.object({
    email: z.string().trim().min(1, messages.required.id).max(255, messages.invalidEmail.id).pipe(z.email(messages.invalidEmail.id)),
    password: z.string().min(1, messages.required.id),
    code: twoFactor
      ? z
          .string()
          .transform((value) => value.replace(/\s+/g, ''))
          .pipe(z.string().min(1, messages.required.id).max(64, messages.backupCodeInvalid.id))
      : z.string().transform(() => ''),
  })

export type ChangeEmailInput = z.input<ReturnType<typeof changeEmailSchema>>

/** The password change: the current one, and a new one on the sign-up rules. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, messages.required.id),
    password: newPassword,
    confirmPassword: z.string().min(1, messages.required.id),
  })
  .refine((value) => value.password === value.confirmPassword, { path: ['confirmPassword'], message: messages.passwordsDoNotMatch.id })

/** The password typed again: deleting the account, turning two-factor on or off. */
export const passwordAgainSchema = z.object({ password: z.string().min(1, messages.required.id) })

export type ChangePasswordInput = z.input<typeof changePasswordSchema>

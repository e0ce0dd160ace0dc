import { z } from 'zod'
import { messages } from './messages.ts'
import { personName } from './text.ts'

/** Password bounds, the same for the sign-up form and better-auth on the server. */
export const passwordMinLength = 8
export const passwordMaxLength = 128

const required = messages.required.id

// docs/product.md#limits: an empty field is 'Required' beside it ('Please fill in all fields' in the
// toast); the other rules carry their own message. Lengths count characters, not UTF-16 units.
export const signInSchema = z.object({
  email: z.string().trim().min(1, required),
  password: z.string().min(1, required),
})

const email = z.string().trim().min(1, required).max(255, messages.invalidEmail.id).pipe(z.email(messages.invalidEmail.id))

/** A new password: sign-up, password reset and the account page's change. */
export const newPassword = z
  .string()
  .min(1, required)
  .refine((value) => [...value].length >= passwordMinLength, { message: messages.passwordTooShort.id, params: { min: passwordMinLength } })
  .refine((value) => [...value].length <= passwordMaxLength, { message: messages.passwordTooLong.id, params: { max: passwordMaxLength } })

const passwordsMatch: [(value: { password: string; confirmPassword: string }) => boolean, { path: string[]; message: string }] = [
  (value) => value.password === value.confirmPassword,
  { path: ['confirmPassword'], message: messages.passwordsDoNotMatch.id },
]

export const signUpSchema = z
  .object({
    fullName: personName,
    email,
    password: newPassword,
    confirmPassword: z.string().min(1, required),
  })
  .refine(...passwordsMatch)

/** "Forgot your password?": the address to send the link to. */
export const forgotPasswordSchema = z.object({ email })

/** The new password chosen from the emailed link. */
export const resetPasswordSchema = z.object({ password: newPassword, confirmPassword: z.string().min(1, required) }).refine(...passwordsMatch)

export type SignInInput = z.input<typeof signInSchema>
export type SignUpInput = z.input<typeof signUpSchema>
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>

/** A code from the authenticator app (six digits; spaces typed by the user are ignored). */
export const totpCodeSchema = z.object({
  code: z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(
      z
        .string()
        .min(1, required)
        .regex(/^\d{6}$/, messages.totpCodeInvalid.id),
    ),
})

/** A one-time backup code, as shown when two-factor was turned on. */
export const backupCodeSchema = z.object({ code: z.string().trim().min(1, required).max(64, messages.backupCodeInvalid.id) })

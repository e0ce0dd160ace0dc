import { z } from 'zod'
import { messages } from './messages.ts'

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

export const signUpSchema = z
  .object({
    fullName: z.string().trim().min(1, required).max(100, messages.nameTooLong.id),
    email: z.string().trim().min(1, required).max(255, messages.invalidEmail.id).pipe(z.email(messages.invalidEmail.id)),
    password: z
      .string()
      .min(1, required)
      .refine((value) => [...value].length >= passwordMinLength, { message: messages.passwordTooShort.id, params: { min: passwordMinLength } })
      .refine((value) => [...value].length <= passwordMaxLength, { message: messages.passwordTooLong.id, params: { max: passwordMaxLength } }),
    confirmPassword: z.string().min(1, required),
  })
  .refine((value) => value.password === value.confirmPassword, { path: ['confirmPassword'], message: messages.passwordsDoNotMatch.id })

export type SignInInput = z.input<typeof signInSchema>
export type SignUpInput = z.input<typeof signUpSchema>

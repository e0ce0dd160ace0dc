import { z } from 'zod'
import { languages } from './language.ts'
import { messages } from './messages.ts'
import { plainText } from './text.ts'

// The visitor forms (docs/product.md#forms): one schema each for the page and the procedure.

export const contactLimits = {
  name: { min: 2, max: 100 },
  company: { max: 200 },
  email: { max: 255 },
  phone: { min: 6, max: 20 },
  message: { min: 1, max: 2000 },
} as const

const L = contactLimits

export const contactSchema = z.object({
  // One line each: a line break smuggled into a name (a mail header) is refused with the others.
  name: plainText().min(L.name.min, messages.nameTooShort.id).max(L.name.max, messages.nameTooLong.id),
  company: plainText().max(L.company.max, messages.companyTooLong.id),
  email: z.string().trim().max(L.email.max, messages.invalidEmail.id).pipe(z.email(messages.invalidEmail.id)),
  // Optional: empty, or a phone number of sensible length.
  phone: plainText()
    .max(L.phone.max, messages.phoneInvalid.id)
    .refine((value) => value === '' || value.length >= L.phone.min, messages.phoneInvalid.id),
  message: plainText({ multiline: true }).min(L.message.min, messages.messageRequired.id).max(L.message.max, messages.messageTooLong.id),
  /** The honeypot: hidden from people, filled in by bots. A filled one is accepted and dropped. */
  website: z.string().max(500).default(''),
})

export type ContactInput = z.input<typeof contactSchema>
export type ContactMessage = z.output<typeof contactSchema>
export type ContactField = Exclude<keyof ContactMessage, 'website'>
export const contactFields: readonly ContactField[] = ['name', 'company', 'email', 'phone', 'message']
export function isContactField(key: unknown): key is ContactField {
  return typeof key === 'string' && Object.hasOwn(contactLimits, key)
}
export const emptyContact: Required<ContactInput> = { name: '', company: '', email: '', phone: '', message: '', website: '' }

/** The catalog request (docs/product.md#forms): name, email and the language of the catalog to send. */
export const catalogRequestSchema = z.object({
  name: contactSchema.shape.name,
  email: contactSchema.shape.email,
  language: z.enum(languages),
  website: z.string().max(500).default(''),
})

export type CatalogRequestInput = z.input<typeof catalogRequestSchema>
export type CatalogRequest = z.output<typeof catalogRequestSchema>
export type CatalogRequestField = 'name' | 'email'
export function isCatalogRequestField(key: unknown): key is CatalogRequestField {
  return key === 'name' || key === 'email'
}

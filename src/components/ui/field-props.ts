import type { ChangeEvent } from 'react'
import { keepTypedValue } from './typed-early.ts'

interface TextFieldApi {
  state: { value: string; meta: { errors: readonly unknown[] } }
  handleChange(value: string): void
  handleBlur(): void
}

/**
 * Wires a TanStack Form field to <TextField> (or <TextArea>): value, change, blur, its first error
 * message, and what was typed before the page's script ran (typed-early.ts). `postedError`: the
 * server's message when the form was posted without the script (lib/posted-form.ts), shown until
 * the form's own rules have a say.
 */
export function fieldProps(field: TextFieldApi, postedError?: string) {
  return {
    ref: keepTypedValue(field.state.value, (value) => field.handleChange(value)),
    value: field.state.value,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => field.handleChange(event.target.value),
    onBlur: field.handleBlur,
    error: field.state.meta.errors.find((e): e is string => typeof e === 'string') ?? postedError,
  }
}

/** The input type of a contact form's field: `email` and `phone` get their own keyboards on a phone. */
export const contactInputType = (name: string) => (name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text')

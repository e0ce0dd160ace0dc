import type { ChangeEvent } from 'react'

interface TextFieldApi {
  state: { value: string; meta: { errors: readonly unknown[] } }
  handleChange(value: string): void
  handleBlur(): void
}

/** Wires a TanStack Form field to <TextField>: value, change, blur and its first error message. */
export function fieldProps(field: TextFieldApi) {
  return {
    value: field.state.value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => field.handleChange(event.target.value),
    onBlur: field.handleBlur,
    error: field.state.meta.errors.find((e): e is string => typeof e === 'string'),
  }
}

/** The input type of a contact form's field: `email` and `phone` get their own keyboards on a phone. */
export const contactInputType = (name: string) => (name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text')

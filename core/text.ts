import { z } from 'zod'
import { messages } from './messages.ts'

// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/
// eslint-disable-next-line no-control-regex
const controlCharactersButLineBreaks = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/

/**
 * A typed text, trimmed, that refuses control characters (NUL, escapes, line breaks in a one-line
 * field) with a clear message: every text field of every form and procedure starts from this.
 * `multiline` allows line breaks and tabs (a message).
 */
export function plainText(options: { multiline?: boolean } = {}) {
  const forbidden = options.multiline ? controlCharactersButLineBreaks : controlCharacters
  return z
    .string()
    .trim()
    .refine((value) => !forbidden.test(value), messages.controlCharacters.id)
}

/** A person's name: 1 to 100 characters after trimming, on one line. */
export const personName = plainText().min(1, messages.required.id).max(100, messages.nameTooLong.id)

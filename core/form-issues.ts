import type { I18n } from '@lingui/core'
import type { z } from 'zod'
import { translateMessage } from './i18n/translate-message.ts'

/** The values a rule's message may name: a custom rule's params, or zod's own (`minimum`, …). */
export function issueValues(issue: z.core.$ZodIssue): Record<string, unknown> {
  return issue.code === 'custom' ? (issue.params ?? {}) : { ...issue }
}

/**
 * The first failing rule's message of each field, in the instance's language: what a form shows
 * beside its fields when the shared schema refuses the input. Undefined when the input passes.
 */
export function fieldMessages<F extends string>(
  schema: z.ZodType,
  value: unknown,
  i18n: I18n,
  isField: (key: unknown) => key is F,
): { fields: Partial<Record<F, string>> } | undefined {
  const result = schema.safeParse(value)
  if (result.success) return undefined
  const fields: Partial<Record<F, string>> = {}
  for (const issue of result.error.issues) {
    // The leaf's name: a nested object's fields (an address) are the form's own flat fields.
    const field = issue.path.at(-1)
    if (isField(field)) fields[field] ??= translateMessage(i18n, issue.message, issueValues(issue))
  }
  return { fields }
}

/** A type guard for the keys of a form's values. */
export function fieldOf<T extends object>(values: T) {
  return (key: unknown): key is Extract<keyof T, string> => typeof key === 'string' && Object.hasOwn(values, key)
}

import { isTRPCClientError } from '@trpc/client'
import type { AppRouter } from './trpc.ts'

/** What the forms need from TanStack Form's API to find the first field to fix. */
interface FieldErrors<F extends string> {
  getFieldMeta(field: F): { errors: readonly unknown[] } | undefined
}

/** The first field, in the form's order, whose rules failed, with its message. */
export function firstInvalidField<F extends string>(form: FieldErrors<F>, order: readonly F[]): { field: F; message: string } | null {
  for (const field of order) {
    const message = form.getFieldMeta(field)?.errors.find((e): e is string => typeof e === 'string')
    if (message !== undefined) return { field, message }
  }
  return null
}

/**
 * A form's `onSubmitInvalid`: the keyboard goes to the first field to fix, in the form's order. Only
 * the focus moves: a toast would repeat the message already beside the field.
 */
export function focusFirstInvalid<F extends string>(order: readonly F[]) {
  return ({ formApi }: { formApi: FieldErrors<F> }) => {
    const first = firstInvalidField(formApi, order)
    if (first) focusField(first.field)
  }
}

/**
 * Takes keyboard and screen-reader users to a field to fix, in the middle of the screen: clear of
 * the fixed nav and of the toasts shown at the top.
 */
export function focusField(field: string) {
  const element = document.querySelector<HTMLElement>(`form [name="${CSS.escape(field)}"]`)
  if (!element) return
  element.focus({ preventScroll: true })
  // Every browser has it; jsdom (the component tests) does not.
  if ('scrollIntoView' in element) element.scrollIntoView({ block: 'center' })
}

/**
 * What the server said about a form's fields, already in the user's language: the zod issues of a
 * BAD_REQUEST (by the field at the end of each path: an update nests the form's values; a form of
 * nested values names its field from the whole path with `fieldOfPath`) and the field a refusal
 * names (a CONFLICT with `field`: a slug or a name another row has). Empty when the refusal belongs
 * to no field.
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  isField: (key: unknown) => key is F,
  fieldOfPath: (path: readonly string[]) => unknown = (path) => path.at(-1),
): Partial<Record<F, string>> {
  const fields: Partial<Record<F, string>> = {}
  if (!isTRPCClientError<AppRouter>(error) || !error.data) return fields
  for (const issue of error.data.zodIssues ?? []) {
    const field = fieldOfPath(issue.path)
    if (isField(field)) fields[field] ??= issue.message
  }
  const named = error.data.field
  if (isField(named)) fields[named] ??= error.message
  return fields
}

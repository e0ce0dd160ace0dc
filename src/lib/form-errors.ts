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

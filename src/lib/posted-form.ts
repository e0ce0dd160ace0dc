import { useRouteContext } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import type { PostedForm } from '../../core/posted-form.ts'

/**
 * The form `form` as the server refused it when it was posted before the page's script ran (what
 * was typed and why, core/posted-form.ts), or null. The form starts from it once: after the first
 * render it is forgotten, so going to another page and back shows a fresh form.
 */
export function usePostedForm(form: PostedForm['form']): PostedForm | null {
  const site = useRouteContext({ from: '__root__', select: (context) => context.site })
  const [posted] = useState(() => (site.postedForm?.form === form ? site.postedForm : null))
  useEffect(() => {
    if (posted && site.postedForm === posted) site.postedForm = null
  }, [posted, site])
  return posted
}

/** The values typed in a refused post, for the fields the form has. */
export function postedValues<F extends string>(posted: PostedForm | null, fields: readonly F[]): Partial<Record<F, string>> {
  const values: Partial<Record<F, string>> = {}
  for (const name of fields) {
    const value = posted?.values[name]
    if (typeof value === 'string') values[name] = value
  }
  return values
}

/**
 * What a refused post still says: each field's message, the first field to fix (it gets the
 * keyboard) and the message above the form; all of it until the form is sent again with its script
 * (`submitted`), when the form's own rules have the say.
 */
export function postedRefusal<F extends string>(posted: PostedForm | null, fields: readonly F[], submitted: boolean) {
  const live = submitted ? null : posted
  const error = (name: F): string | undefined => live?.errors[name]
  return { error, firstInvalid: fields.find((name) => error(name) !== undefined), message: live?.message ?? null }
}

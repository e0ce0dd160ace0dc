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

import { useLocation } from '@tanstack/react-router'
import type { FormHTMLAttributes, ReactNode } from 'react'
import { localizedPath } from '../../../core/language-urls.ts'
import { useLanguage } from '../../i18n/useLanguage.ts'
import * as styles from './form.css.ts'

/**
 * A form whose rules are the shared schemas, not the browser's: no native validation bubbles (their
 * text is in the browser's language), and submitting hands over to the form's own handler.
 * Submitted before its script runs (a slow phone, JavaScript off), it posts to its own page, so
 * typed fields never land in a URL (docs/product.md#forms); the server answers that post.
 */
export function Form({
  onSubmit,
  children,
  className = styles.form,
  ...rest
}: Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'method' | 'action'> & { onSubmit: () => unknown; children: ReactNode }) {
  const action = usePageAction()
  return (
    <form
      {...rest}
      className={className}
      method="post"
      action={action}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void onSubmit()
      }}
    >
      {children}
    </form>
  )
}

/**
 * This page's URL: its path in its language and its query (the router's, so the server's render
 * and the hydration agree), without the fragment, which the server never sees.
 */
function usePageAction(): string {
  const language = useLanguage()
  const routeHref = useLocation({ select: (location) => location.href.split('#')[0] ?? location.href })
  // One leading slash: `//host` (or `/\host`) would be another site.
  return localizedPath(routeHref, language).replace(/^[/\\]+/, '/')
}

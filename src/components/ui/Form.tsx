import type { FormHTMLAttributes, ReactNode } from 'react'
import * as styles from './form.css.ts'

/**
 * A form whose rules are the shared schemas, not the browser's: no native validation bubbles (their
 * text is in the browser's language), and submitting hands over to the form's own handler.
 */
export function Form({
  onSubmit,
  children,
  className = styles.form,
  ...rest
}: Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> & { onSubmit: () => unknown; children: ReactNode }) {
  return (
    <form
      {...rest}
      className={className}
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

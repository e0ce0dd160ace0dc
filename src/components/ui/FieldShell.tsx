import { useId, type ReactNode } from 'react'
import * as styles from './form.css.ts'

/** What the control inside a field carries to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

interface Props {
  label: string
  /** The first failing rule's message, shown under the field and announced with it. */
  error?: string | undefined
  /** Help shown under the field (a format, a live count), announced with it. */
  hint?: ReactNode
  children: (control: FieldControlProps) => ReactNode
}

/** The one layout of a form field: its label, the control, a hint and its error, tied together by ids. */
export function FieldShell({ label, error, hint, children }: Props) {
  const id = useId()
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

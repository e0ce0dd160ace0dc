import type { InputHTMLAttributes, Ref } from 'react'
import { FieldShell } from './FieldShell.tsx'
import * as styles from './form.css.ts'

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string
  /** The first failing rule's message, shown under the field and announced with it. */
  error?: string | undefined
  hint?: string
  /** Given by fieldProps or keepTypedValue (typed-early.ts): what was typed before the script ran. */
  ref?: Ref<HTMLInputElement>
}

/** A labelled input whose error is tied to it (aria-invalid, aria-describedby). */
export function TextField({ label, error, hint, ...input }: Props) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {(control) => <input className={styles.input} {...control} {...input} />}
    </FieldShell>
  )
}

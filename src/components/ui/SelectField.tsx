import type { SelectHTMLAttributes } from 'react'
import { FieldShell } from './FieldShell.tsx'
import { keepTypedValue } from './typed-early.ts'
import * as styles from './form.css.ts'

interface Props extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'onChange'> {
  label: string
  options: ReadonlyArray<{ value: string; label: string }>
  value: string
  onChange: (value: string) => void
  /** The first failing rule's message, shown under the field and announced with it. */
  error?: string | undefined
}

/**
 * A labelled native select (a list to choose from), with its error tied to it like <TextField>; a
 * choice made before the page's script ran is kept (typed-early.ts).
 */
export function SelectField({ label, options, value, onChange, error, ...select }: Props) {
  return (
    <FieldShell label={label} error={error}>
      {(control) => (
        <select
          ref={keepTypedValue(value, onChange)}
          className={styles.input}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          {...control}
          {...select}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  )
}

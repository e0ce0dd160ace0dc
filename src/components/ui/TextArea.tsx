import { Trans } from '@lingui/react/macro'
import { useId, type TextareaHTMLAttributes } from 'react'
import * as styles from './form.css.ts'

interface Props extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value'> {
  label: string
  value: string
  error?: string | undefined
  maxLength: number
}

/** A labelled multi-line field with its error and a live count of the characters left. */
export function TextArea({ label, error, value, maxLength, ...textarea }: Props) {
  const id = useId()
  const errorId = `${id}-error`
  const counterId = `${id}-counter`
  const used = [...value].length
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        value={value}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? errorId : null, counterId].filter(Boolean).join(' ')}
        {...textarea}
      />
      <p id={counterId} className={styles.hint}>
        <Trans>
          {used} / {maxLength} characters
        </Trans>
      </p>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

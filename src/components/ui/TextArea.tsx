import { Trans } from '@lingui/react/macro'
import type { TextareaHTMLAttributes } from 'react'
import { FieldShell } from './FieldShell.tsx'
import * as styles from './form.css.ts'

interface Props extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value'> {
  label: string
  value: string
  error?: string | undefined
  maxLength: number
}

/** A labelled multi-line field with its error and a live count of the characters left. */
export function TextArea({ label, error, value, maxLength, ...textarea }: Props) {
  const used = [...value].length
  const count = (
    <Trans>
      {used} / {maxLength} characters
    </Trans>
  )
  return (
    <FieldShell label={label} error={error} hint={count}>
      {(control) => <textarea className={styles.textarea} value={value} maxLength={maxLength} {...control} {...textarea} />}
    </FieldShell>
  )
}

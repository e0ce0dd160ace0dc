import { Trans } from '@lingui/react/macro'
import type { Ref, TextareaHTMLAttributes } from 'react'
import { FieldShell } from './FieldShell.tsx'
import * as styles from './form.css.ts'

interface Props extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value'> {
  label: string
  value: string
  error?: string | undefined
  maxLength: number
  /** Given by fieldProps or keepTypedValue (typed-early.ts): what was typed before the script ran. */
  ref?: Ref<HTMLTextAreaElement>
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

import { useLingui } from '@lingui/react/macro'
import type { ComponentProps } from 'react'
import { TextField } from '../ui/TextField.tsx'
import { passwordMinLength } from '../../../core/auth-rules.ts'

type FieldProps = Omit<ComponentProps<typeof TextField>, 'label' | 'type'>

/** A new password (reset, account page): the sign-up rule as its hint, the browser's generator welcome. */
export function NewPasswordInput(props: FieldProps) {
  const { t } = useLingui()
  return (
    <TextField
      label={t`New password`}
      type="password"
      autoComplete="new-password"
      required
      hint={t`At least ${passwordMinLength} characters`}
      {...props}
    />
  )
}

/** The new password typed again. */
export function ConfirmPasswordInput(props: FieldProps) {
  const { t } = useLingui()
  return <TextField label={t`Confirm password`} type="password" autoComplete="new-password" required {...props} />
}

/** The account's password, asked again before a change that matters (`label` for the current one). */
export function CurrentPasswordInput({ label, ...props }: FieldProps & { label?: string }) {
  const { t } = useLingui()
  return <TextField label={label ?? t`Password`} type="password" autoComplete="current-password" required {...props} />
}

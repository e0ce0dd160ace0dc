import { Trans, useLingui } from '@lingui/react/macro'
import { useForm, useStore } from '@tanstack/react-form'
import { useState } from 'react'
import { fieldProps } from '../ui/field-props.ts'
import { Form } from '../ui/Form.tsx'
import { SubmitButton } from '../ui/SubmitButton.tsx'
import { TextField } from '../ui/TextField.tsx'
import { authClient } from '../../lib/auth-client.ts'
import { focusField } from '../../lib/form-errors.ts'
import { changeEmailSchema } from '../../../core/account.ts'
import { fieldMessages, fieldOf } from '../../../core/form-issues.ts'
import { ResendVerificationButton } from './ResendVerificationButton.tsx'
import * as styles from '../../routes/-account.css.ts'

/** The account's address, whether it is confirmed, and a change that applies once confirmed. */
export function EmailSection({ email, verified }: { email: string; verified: boolean }) {
  const { t, i18n } = useLingui()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useForm({
    defaultValues: { email: '' },
    validators: {
      onSubmit: ({ value }) => {
        if (value.email.trim().toLowerCase() === email.toLowerCase()) return { fields: { email: t`This is already your email address.` } }
        return fieldMessages(changeEmailSchema, value, i18n, fieldOf(value))
      },
    },
    onSubmitInvalid: () => focusField('email'),
    onSubmit: async ({ value, formApi }) => {
      const newEmail = changeEmailSchema.parse(value).email
      const { error } = await authClient.changeEmail({ newEmail })
      if (error) {
        formApi.setFieldMeta('email', (meta) => ({
          ...meta,
          errorMap: { onSubmit: error.status === 429 && error.message ? error.message : t`The link could not be sent. Please try again.` },
        }))
        return
      }
      setSentTo(newEmail)
      formApi.reset()
    },
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  return (
    <>
      <div className={styles.row}>
        <strong data-testid="account-email-address">{email}</strong>
        {verified ? (
          <span className={styles.badge} data-tone="good">
            <Trans>Confirmed</Trans>
          </span>
        ) : (
          <span className={styles.badge} data-tone="warn">
            <Trans>Not confirmed yet</Trans>
          </span>
        )}
      </div>
      {verified ? null : (
        <div className={styles.row}>
          <p className={styles.muted}>
            <Trans>Open the link we sent you to confirm it.</Trans>
          </p>
          <ResendVerificationButton email={email} tone="outline" />
        </div>
      )}
      <Form onSubmit={form.handleSubmit} aria-label={t`Change email address`}>
        <form.Field name="email">
          {(field) => <TextField label={t`New email address`} name="email" type="email" autoComplete="email" required {...fieldProps(field)} />}
        </form.Field>
        <SubmitButton tone="outline" working={submitting} workingLabel={<Trans>Sending...</Trans>}>
          <Trans>Change email address</Trans>
        </SubmitButton>
        {sentTo ? (
          <p role="status" className={styles.muted}>
            <Trans>
              We have sent a link to {sentTo}. Your address changes when you open it; until then, you keep signing in with {email}.
            </Trans>
          </p>
        ) : null}
      </Form>
    </>
  )
}

import * as Dialog from '@radix-ui/react-dialog'
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm, useStore } from '@tanstack/react-form'
import { useState } from 'react'
import { toast } from '../../lib/toast.ts'
import { authClient } from '../../lib/auth-client.ts'
import { focusFirstInvalid } from '../../lib/form-errors.ts'
import { DialogPanel, FormDialogRoot } from '../ui/DialogPanel.tsx'
import * as dialog from '../ui/dialog.css.ts'
import { fieldProps } from '../ui/field-props.ts'
import { Form } from '../ui/Form.tsx'
import { SubmitButton } from '../ui/SubmitButton.tsx'
import { TextField } from '../ui/TextField.tsx'
import * as styles from './ForgotPassword.css.ts'
import { forgotPasswordSchema } from '../../../core/auth-rules.ts'
import { fieldMessages, fieldOf } from '../../../core/form-issues.ts'
import { messages } from '../../../core/messages.ts'

/**
 * "Forgot your password?": asks for the address and always says the same, whether or not it has an
 * account (the server answers alike too); the link arrives by email.
 */
export function ForgotPassword() {
  const { t, i18n } = useLingui()
  const [open, setOpen] = useState(false)
  const [sent, setSent] = useState(false)
  const form = useForm({
    defaultValues: { email: '' },
    validators: { onSubmit: ({ value }) => fieldMessages(forgotPasswordSchema, value, i18n, fieldOf(value)) },
    onSubmitInvalid: focusFirstInvalid(['email']),
    onSubmit: async ({ value }) => {
      const { error } = await authClient.requestPasswordReset({ email: value.email.trim(), redirectTo: '/auth/reset' })
      if (error) {
        toast.error(error.code === 'TOO_MANY_ATTEMPTS' ? i18n._(messages.tooManyAttempts) : t`Something went wrong`)
        return
      }
      setSent(true)
    },
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  return (
    <FormDialogRoot
      open={open}
      setOpen={setOpen}
      onClose={() => {
        setSent(false)
        form.reset()
      }}
    >
      <Dialog.Trigger className={styles.trigger}>
        <Trans>Forgot your password?</Trans>
      </Dialog.Trigger>
      <DialogPanel title={<Trans>Reset your password</Trans>}>
        {sent ? (
          <Dialog.Description className={styles.sent} role="status">
            <Trans>If an account exists for that address, we have sent a link to choose a new password. It works for one hour.</Trans>
          </Dialog.Description>
        ) : (
          <>
            <Dialog.Description className={dialog.description}>
              <Trans>Enter the email address of your account and we will send you a link to choose a new password.</Trans>
            </Dialog.Description>
            <Form onSubmit={form.handleSubmit}>
              <form.Field name="email">
                {(field) => (
                  <TextField label={t`Email`} name="email" type="email" autoComplete="email" required maxLength={255} {...fieldProps(field)} />
                )}
              </form.Field>
              <SubmitButton working={submitting} workingLabel={<Trans>Sending...</Trans>}>
                <Trans>Send the link</Trans>
              </SubmitButton>
            </Form>
          </>
        )}
      </DialogPanel>
    </FormDialogRoot>
  )
}

import * as Dialog from '@radix-ui/react-dialog'
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm, useStore } from '@tanstack/react-form'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { toast } from '../../lib/toast.ts'
import { authClient } from '../../lib/auth-client.ts'
import { focusFirstInvalid } from '../../lib/form-errors.ts'
import { postedRefusal, postedValues, usePostedForm } from '../../lib/posted-form.ts'
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
import { FormError } from '../ui/FormError.tsx'

/**
 * "Forgot your password?": asks for the address and always says the same, whether or not it has an
 * account (the server answers alike too); the link arrives by email. A link to `/auth?forgot=1` (the
 * same form on the page, posted to the server without JavaScript); with the script, a dialog.
 */
export function ForgotPassword() {
  const [open, setOpen] = useState(false)
  const [sent, setSent] = useState(false)
  return (
    <FormDialogRoot open={open} setOpen={setOpen} onClose={() => setSent(false)}>
      <Dialog.Trigger asChild>
        <Link
          to="."
          search={(previous) => ({ ...previous, forgot: 1 as const })}
          className={styles.trigger}
          onClick={(event) => {
            event.preventDefault()
            setOpen(true)
          }}
        >
          <Trans>Forgot your password?</Trans>
        </Link>
      </Dialog.Trigger>
      <DialogPanel title={<Trans>Reset your password</Trans>}>
        {sent ? (
          <Dialog.Description className={styles.sent} role="status">
            <ResetLinkSent />
          </Dialog.Description>
        ) : (
          <>
            <Dialog.Description className={dialog.description}>
              <Trans>Enter the email address of your account and we will send you a link to choose a new password.</Trans>
            </Dialog.Description>
            <ForgotPasswordForm onSent={() => setSent(true)} />
          </>
        )}
      </DialogPanel>
    </FormDialogRoot>
  )
}

/** What is said once the link was asked for, whether or not the address has an account. */
export function ResetLinkSent() {
  return <Trans>If an account exists for that address, we have sent a link to choose a new password. It works for one hour.</Trans>
}

/**
 * The address, and "Send the link": in the dialog, or on `/auth?forgot=1`, where it is posted to the
 * server before or without JavaScript (server/http/auth-forms.ts) and a refusal comes back with the
 * address typed and why.
 */
export function ForgotPasswordForm({ onSent }: { onSent: () => void }) {
  const { t, i18n } = useLingui()
  const posted = usePostedForm('forgot')
  const form = useForm({
    defaultValues: { email: '', ...postedValues(posted, ['email']) },
    validators: { onSubmit: ({ value }) => fieldMessages(forgotPasswordSchema, value, i18n, fieldOf(value)) },
    onSubmitInvalid: focusFirstInvalid(['email']),
    onSubmit: async ({ value }) => {
      const { error } = await authClient.requestPasswordReset({ email: value.email.trim(), redirectTo: '/auth/reset' })
      if (error) {
        toast.error(error.code === 'TOO_MANY_ATTEMPTS' ? i18n._(messages.tooManyAttempts) : t`Something went wrong`)
        return
      }
      onSent()
    },
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0)
  const refusal = postedRefusal(posted, ['email'], submitted)
  return (
    <Form onSubmit={form.handleSubmit} aria-label={t`Reset your password`}>
      {/* Which form this is, when it is posted without the script. */}
      <input type="hidden" name="form" value="forgot" />
      <FormError message={refusal.message} />
      <form.Field name="email">
        {(field) => (
          <TextField
            label={t`Email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={255}
            autoFocus={refusal.firstInvalid === 'email'}
            {...fieldProps(field, refusal.error('email'))}
          />
        )}
      </form.Field>
      <SubmitButton working={submitting} workingLabel={<Trans>Sending...</Trans>}>
        <Trans>Send the link</Trans>
      </SubmitButton>
    </Form>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { useForm, useStore } from '@tanstack/react-form'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { toast } from '../../lib/toast.ts'
import { button } from '../ui/button.css.ts'
import { fieldProps } from '../ui/field-props.ts'
import { Form } from '../ui/Form.tsx'
import { SubmitButton } from '../ui/SubmitButton.tsx'
import { TextField } from '../ui/TextField.tsx'
import { authClient } from '../../lib/auth-client.ts'
import { focusField } from '../../lib/form-errors.ts'
import { backupCodeSchema, totpCodeSchema } from '../../../core/auth-rules.ts'
import { fieldMessages, fieldOf } from '../../../core/form-issues.ts'
import { messages } from '../../../core/messages.ts'
import type { PostedForm } from '../../../core/posted-form.ts'
import { postedRefusal } from '../../lib/posted-form.ts'

/**
 * The second step of signing in with two-factor on: the password was right, and better-auth gives
 * the session only for a code from the authenticator app, or one of the backup codes.
 */
export function TwoFactorStep({
  posted,
  onDone,
  onCancel,
}: {
  /** The step as the server asked for it when the password was posted without the page's script (or refused its code). */
  posted: PostedForm | null
  onDone: () => Promise<void>
  onCancel: () => void
}) {
  const { t, i18n } = useLingui()
  // A backup code: chosen on the page, or posted without its script ("use a backup code instead" is a submit button too).
  const [backup, setBackup] = useState(posted?.values.mode === 'backup')
  const schema = backup ? backupCodeSchema : totpCodeSchema
  const form = useForm({
    defaultValues: { code: '' },
    validators: { onSubmit: ({ value }) => fieldMessages(schema, value, i18n, fieldOf(value)) },
    onSubmitInvalid: () => focusField('code'),
    onSubmit: async ({ value, formApi }) => {
      const { code } = schema.parse(value)
      const { error } = backup ? await authClient.twoFactor.verifyBackupCode({ code }) : await authClient.twoFactor.verifyTotp({ code })
      if (error) {
        const message = error.status === 429 && error.message ? error.message : i18n._(backup ? messages.backupCodeWrong : messages.totpCodeWrong)
        formApi.setFieldMeta('code', (meta) => ({ ...meta, errorMap: { onSubmit: message } }))
        focusField('code')
        return
      }
      toast.success(t`Signed in successfully`)
      await onDone()
    },
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0)
  // The server's refusal belongs to the mode it was given in.
  const refusal = postedRefusal(posted, ['code'], submitted || backup !== (posted?.values.mode === 'backup'))
  return (
    <Form onSubmit={form.handleSubmit} aria-label={t`Two-factor verification`}>
      {/* Which code this is, when the form is posted without the script. */}
      <input type="hidden" name="mode" value={backup ? 'backup' : 'totp'} />
      <p>
        {backup ? (
          <Trans>Enter one of the backup codes you saved when you turned on two-factor. Each works once.</Trans>
        ) : (
          <Trans>Enter the 6-digit code that your authenticator app shows for this shop.</Trans>
        )}
      </p>
      <form.Field name="code">
        {(field) => (
          <TextField
            key={backup ? 'backup' : 'totp'}
            label={backup ? t`Backup code` : t`Verification code`}
            name="code"
            autoComplete="one-time-code"
            inputMode={backup ? 'text' : 'numeric'}
            required
            autoFocus
            {...fieldProps(field, refusal.error('code'))}
          />
        )}
      </form.Field>
      <SubmitButton size="lg" working={submitting} workingLabel={<Trans>Checking...</Trans>}>
        <Trans>Verify and sign in</Trans>
      </SubmitButton>
      <button
        type="submit"
        name="switch"
        value={backup ? 'totp' : 'backup'}
        className={button({ tone: 'ghost', size: 'sm' })}
        onClick={(event) => {
          event.preventDefault()
          setBackup(!backup)
          form.reset()
        }}
      >
        {backup ? <Trans>Use the authenticator app instead</Trans> : <Trans>Use a backup code instead</Trans>}
      </button>
      {/* A link to the sign-in page as it was asked for (before or without the script); with it, the form comes back in place. */}
      <Link
        to="."
        search={true}
        className={button({ tone: 'ghost', size: 'sm' })}
        onClick={(event) => {
          event.preventDefault()
          onCancel()
        }}
      >
        <Trans>Back to sign in</Trans>
      </Link>
    </Form>
  )
}

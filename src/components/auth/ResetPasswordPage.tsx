import { Trans, useLingui } from '@lingui/react/macro'
import { useForm, useStore } from '@tanstack/react-form'
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router'
import { toast } from '../../lib/toast.ts'
import { button } from '../ui/button.css.ts'
import { fieldProps } from '../ui/field-props.ts'
import { Form } from '../ui/Form.tsx'
import { SubmitButton } from '../ui/SubmitButton.tsx'
import { ConfirmPasswordInput, NewPasswordInput } from './PasswordInputs.tsx'
import { authClient } from '../../lib/auth-client.ts'
import { focusField, focusFirstInvalid } from '../../lib/form-errors.ts'
import { useAuthRefusal } from '../../lib/auth-errors.ts'
import { resetPasswordSchema, type ResetPasswordInput } from '../../../core/auth-rules.ts'
import { fieldMessages, fieldOf } from '../../../core/form-issues.ts'
import { messages } from '../../../core/messages.ts'
import { postedRefusal, usePostedForm } from '../../lib/posted-form.ts'
import * as styles from '../../routes/-auth.css.ts'
import { FormError } from '../ui/FormError.tsx'

const route = getRouteApi('/auth_/reset')

/** The page the reset email links to: a new password, twice, under the sign-up rules. */
export function ResetPasswordPage() {
  const { token } = route.useSearch()
  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.title}>
          <Trans>Choose a new password</Trans>
        </h1>
        {token ? <ResetForm token={token} /> : <InvalidLink />}
      </div>
    </div>
  )
}

function InvalidLink() {
  const { i18n } = useLingui()
  return (
    <>
      <p className={styles.lead} role="alert">
        {i18n._(messages.resetLinkInvalid)}
      </p>
      <Link to="/auth" className={button({ tone: 'primary' })}>
        <Trans>Go to sign in</Trans>
      </Link>
    </>
  )
}

function ResetForm({ token }: { token: string }) {
  const { i18n } = useLingui()
  const navigate = useNavigate()
  const refusalOf = useAuthRefusal()
  // Posted before the page's script ran and refused (server/http/auth-forms.ts): why, never the passwords.
  const posted = usePostedForm('reset')
  const form = useForm({
    defaultValues: { password: '', confirmPassword: '' } satisfies ResetPasswordInput,
    validators: { onSubmit: ({ value }) => fieldMessages(resetPasswordSchema, value, i18n, fieldOf(value)) },
    onSubmitInvalid: focusFirstInvalid(['password', 'confirmPassword']),
    onSubmit: async ({ value, formApi }) => {
      const { error } = await authClient.resetPassword({ newPassword: value.password, token })
      if (error?.code === 'INVALID_TOKEN') {
        toast.error(i18n._(messages.resetLinkInvalid))
        return
      }
      if (error) {
        // A common password, or one too short: beside the field, where the keyboard goes.
        const { message, field } = refusalOf(error, { newPassword: 'password', password: 'password' })
        if (field === null) toast.error(message)
        else {
          formApi.setFieldMeta(field, (meta) => ({ ...meta, errorMap: { ...meta.errorMap, onSubmit: message } }))
          focusField(field)
        }
        return
      }
      toast.success(i18n._(messages.passwordResetDone))
      await navigate({ to: '/auth', replace: true })
    },
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0)
  const refusal = postedRefusal(posted, ['password', 'confirmPassword'], submitted)
  return (
    <Form onSubmit={form.handleSubmit}>
      <p className={styles.lead}>
        <Trans>Every other session of your account will be signed out.</Trans>
      </p>
      <FormError message={refusal.message} />
      <form.Field name="password">
        {(field) => (
          <NewPasswordInput name="password" autoFocus={refusal.firstInvalid === 'password'} {...fieldProps(field, refusal.error('password'))} />
        )}
      </form.Field>
      <form.Field name="confirmPassword">
        {(field) => (
          <ConfirmPasswordInput
            name="confirmPassword"
            autoFocus={refusal.firstInvalid === 'confirmPassword'}
            {...fieldProps(field, refusal.error('confirmPassword'))}
          />
        )}
      </form.Field>
      <SubmitButton size="lg" working={submitting} workingLabel={<Trans>Saving...</Trans>}>
        <Trans>Save the new password</Trans>
      </SubmitButton>
    </Form>
  )
}

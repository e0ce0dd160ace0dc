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
import * as styles from '../../routes/-auth.css.ts'

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
  return (
    <>
      <p className={styles.lead} role="alert">
        <Trans>This link is not valid or has expired. Ask for a new one from the sign-in page.</Trans>
      </p>
      <Link to="/auth" className={button({ tone: 'primary' })}>
        <Trans>Go to sign in</Trans>
      </Link>
    </>
  )
}

function ResetForm({ token }: { token: string }) {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const refusalOf = useAuthRefusal()
  const form = useForm({
    defaultValues: { password: '', confirmPassword: '' } satisfies ResetPasswordInput,
    validators: { onSubmit: ({ value }) => fieldMessages(resetPasswordSchema, value, i18n, fieldOf(value)) },
    onSubmitInvalid: focusFirstInvalid(['password', 'confirmPassword']),
    onSubmit: async ({ value, formApi }) => {
      const { error } = await authClient.resetPassword({ newPassword: value.password, token })
      if (error?.code === 'INVALID_TOKEN') {
        toast.error(t`This link is not valid or has expired. Ask for a new one from the sign-in page.`)
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
      toast.success(t`Your password has been changed. Sign in with the new one.`)
      await navigate({ to: '/auth', replace: true })
    },
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  return (
    <Form onSubmit={form.handleSubmit}>
      <p className={styles.lead}>
        <Trans>Every other session of your account will be signed out.</Trans>
      </p>
      <form.Field name="password">{(field) => <NewPasswordInput name="password" {...fieldProps(field)} />}</form.Field>
      <form.Field name="confirmPassword">{(field) => <ConfirmPasswordInput name="confirmPassword" {...fieldProps(field)} />}</form.Field>
      <SubmitButton size="lg" working={submitting} workingLabel={<Trans>Saving...</Trans>}>
        <Trans>Save the new password</Trans>
      </SubmitButton>
    </Form>
  )
}

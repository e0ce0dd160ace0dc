import { Trans, useLingui } from '@lingui/react/macro'
import { useForm, useStore } from '@tanstack/react-form'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from '../../lib/toast.ts'
import { fieldProps } from '../ui/field-props.ts'
import { Form } from '../ui/Form.tsx'
import { SubmitButton } from '../ui/SubmitButton.tsx'
import { ConfirmPasswordInput, CurrentPasswordInput, NewPasswordInput } from '../auth/PasswordInputs.tsx'
import { authClient } from '../../lib/auth-client.ts'
import { useAuthRefusal } from '../../lib/auth-errors.ts'
import { focusField, focusFirstInvalid } from '../../lib/form-errors.ts'
import { useTRPC } from '../../lib/trpc.ts'
import { changePasswordSchema, type ChangePasswordInput } from '../../../core/account.ts'
import { fieldMessages, fieldOf } from '../../../core/form-issues.ts'
import { SignInAgain, staleSessionCode } from './SignInAgain.tsx'
import { useState } from 'react'
import { postedRefusal, usePostedForm } from '../../lib/posted-form.ts'
import { DoneNotice } from './DoneNotice.tsx'
import { FormError } from '../ui/FormError.tsx'

const order = ['currentPassword', 'password', 'confirmPassword'] as const

/** A new password on the sign-up rules; the current one first. Every other session ends. */
export function PasswordForm() {
  const { t, i18n } = useLingui()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const [stale, setStale] = useState<string | null>(null)
  const refusalOf = useAuthRefusal()
  // Posted before the page's script ran and refused (server/http/account-forms.ts): why, never a password.
  const posted = usePostedForm('password')
  const form = useForm({
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' } satisfies ChangePasswordInput,
    validators: { onSubmit: ({ value }) => fieldMessages(changePasswordSchema, value, i18n, fieldOf(value)) },
    onSubmitInvalid: focusFirstInvalid(order),
    onSubmit: async ({ value, formApi }) => {
      const { error } = await authClient.changePassword({
        currentPassword: value.currentPassword,
        newPassword: value.password,
        revokeOtherSessions: true,
      })
      if (error?.code === staleSessionCode) {
        setStale(error.message ?? t`Sign in again to change your password.`)
        return
      }
      if (error) {
        // A wrong current password, or a new one too common: beside its field, where the keyboard goes.
        const { message, field } = refusalOf(error, { currentPassword: 'currentPassword', newPassword: 'password', password: 'password' })
        const at = field ?? 'currentPassword'
        formApi.setFieldMeta(at, (meta) => ({ ...meta, errorMap: { ...meta.errorMap, onSubmit: message } }))
        focusField(at)
        return
      }
      formApi.reset()
      await queryClient.invalidateQueries({ queryKey: trpc.account.sessions.queryKey() })
      toast.success(t`Your password has been changed. Your other sessions were signed out.`)
    },
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0)
  const refusal = postedRefusal(posted, order, submitted)
  const props = (name: (typeof order)[number], field: Parameters<typeof fieldProps>[0]) => ({
    name,
    autoFocus: refusal.firstInvalid === name,
    ...fieldProps(field, refusal.error(name)),
  })
  return (
    <>
      {stale ? <SignInAgain message={stale} /> : null}
      <Form onSubmit={form.handleSubmit} aria-label={t`Change password`}>
        {/* Which of the page's forms this is, when it is posted without the script. */}
        <input type="hidden" name="form" value="password" />
        <DoneNotice what="password" stale={submitted}>
          <Trans>Your password has been changed. Your other sessions were signed out.</Trans>
        </DoneNotice>
        <FormError message={refusal.message} />
        <form.Field name="currentPassword">
          {(field) => <CurrentPasswordInput label={t`Current password`} {...props('currentPassword', field)} />}
        </form.Field>
        <form.Field name="password">{(field) => <NewPasswordInput {...props('password', field)} />}</form.Field>
        <form.Field name="confirmPassword">{(field) => <ConfirmPasswordInput {...props('confirmPassword', field)} />}</form.Field>
        <SubmitButton tone="outline" working={submitting} workingLabel={<Trans>Saving...</Trans>}>
          <Trans>Change password</Trans>
        </SubmitButton>
      </Form>
    </>
  )
}

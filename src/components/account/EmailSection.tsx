import { Trans, useLingui } from '@lingui/react/macro'
import { useForm, useStore } from '@tanstack/react-form'
import { useState } from 'react'
import { fieldProps } from '../ui/field-props.ts'
import { Form } from '../ui/Form.tsx'
import { SubmitButton } from '../ui/SubmitButton.tsx'
import { TextField } from '../ui/TextField.tsx'
import { CurrentPasswordInput } from '../auth/PasswordInputs.tsx'
import { authClient } from '../../lib/auth-client.ts'
import { focusField, focusFirstInvalid } from '../../lib/form-errors.ts'
import { changeEmailSchema, type ChangeEmailInput } from '../../../core/account.ts'
import { fieldMessages, fieldOf } from '../../../core/form-issues.ts'
import { ResendVerificationButton } from './ResendVerificationButton.tsx'
import { SignInAgain, staleSessionCode } from './SignInAgain.tsx'
import * as styles from '../../routes/-account.css.ts'
import { messages } from '../../../core/messages.ts'
import { postedRefusal, postedValues, usePostedForm } from '../../lib/posted-form.ts'
import { DoneNotice } from './DoneNotice.tsx'
import { FormError } from '../ui/FormError.tsx'

const order = ['email', 'password', 'code'] as const

/** The field a refused change points at: the server says which secret was wrong. */
const refusedField = (code: string | undefined): (typeof order)[number] =>
  code === 'INVALID_PASSWORD' ? 'password' : code === 'INVALID_CODE' ? 'code' : 'email'

/**
 * The account's address, whether it is confirmed, and a change that applies once confirmed. The
 * change asks for the password (and the second factor when it is on); the old address is told
 * and can cancel it for a week (docs/product.md#accounts).
 */
export function EmailSection({ email, verified, twoFactor }: { email: string; verified: boolean; twoFactor: boolean }) {
  const { t, i18n } = useLingui()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [stale, setStale] = useState<string | null>(null)
  const schema = changeEmailSchema(twoFactor)
  // Posted before the page's script ran and refused (server/http/account-forms.ts): the address typed, and why.
  const posted = usePostedForm('email')
  const resendRefusal = usePostedForm('resend-verification')
  const form = useForm({
    defaultValues: { email: '', password: '', code: '', ...postedValues(posted, ['email']) } satisfies ChangeEmailInput,
    validators: {
      onSubmit: ({ value }) => {
        if (value.email.trim().toLowerCase() === email.toLowerCase()) return { fields: { email: i18n._(messages.emailUnchanged) } }
        return fieldMessages(schema, value, i18n, fieldOf(value))
      },
    },
    onSubmitInvalid: focusFirstInvalid(order),
    onSubmit: async ({ value, formApi }) => {
      const input = schema.parse(value)
      const { error } = await authClient.$fetch<{ status: boolean }, { code?: string; message?: string }>('/change-email', {
        method: 'POST',
        body: { newEmail: input.email, password: input.password, ...(twoFactor ? { code: input.code } : {}) },
      })
      if (error) {
        if (error.code === staleSessionCode) {
          setStale(error.message ?? t`Sign in again to change your email address.`)
          return
        }
        const field = refusedField(error.code)
        const known = error.status === 429 || field !== 'email' || error.code === 'INVALID_INPUT'
        formApi.setFieldMeta(field, (meta) => ({
          ...meta,
          errorMap: { onSubmit: known && error.message ? error.message : i18n._(messages.linkNotSent) },
        }))
        focusField(field)
        return
      }
      setSentTo(input.email)
      formApi.reset()
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
      {/* The link asked for again without the page's script: sent, or why not. */}
      {verified ? null : (
        <DoneNotice what="verification">
          <Trans>We have sent a new link to {email}.</Trans>
        </DoneNotice>
      )}
      <FormError message={resendRefusal?.message} />
      {stale ? <SignInAgain message={stale} /> : null}
      <Form onSubmit={form.handleSubmit} aria-label={t`Change email address`}>
        {/* Which of the page's forms this is, when it is posted without the script. */}
        <input type="hidden" name="form" value="email" />
        <FormError message={refusal.message} />
        <form.Field name="email">
          {(field) => <TextField label={t`New email address`} type="email" autoComplete="email" required {...props('email', field)} />}
        </form.Field>
        <form.Field name="password">{(field) => <CurrentPasswordInput label={t`Current password`} {...props('password', field)} />}</form.Field>
        {twoFactor ? (
          <form.Field name="code">
            {(field) => (
              <TextField
                label={t`Code from your authenticator app`}
                hint={t`Or one of your backup codes`}
                autoComplete="one-time-code"
                required
                {...props('code', field)}
              />
            )}
          </form.Field>
        ) : null}
        <SubmitButton tone="outline" working={submitting} workingLabel={<Trans>Sending...</Trans>}>
          <Trans>Change email address</Trans>
        </SubmitButton>
        <DoneNotice what="email" stale={submitted}>
          <Trans>
            We have sent a link to your new address. Your address changes when you open it; until then, you keep signing in with {email}. We have also
            told {email}, which can cancel the change for 7 days.
          </Trans>
        </DoneNotice>
        {sentTo ? (
          <p role="status" className={styles.muted}>
            <Trans>
              We have sent a link to {sentTo}. Your address changes when you open it; until then, you keep signing in with {email}. We have also told{' '}
              {email}, which can cancel the change for 7 days.
            </Trans>
          </p>
        ) : null}
      </Form>
    </>
  )
}

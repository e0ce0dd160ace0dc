import { Trans, useLingui } from '@lingui/react/macro'
import { useForm, useStore } from '@tanstack/react-form'
import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { toast } from '../../lib/toast.ts'
import { renderSVG } from 'uqr'
import { button } from '../ui/button.css.ts'
import { fieldProps } from '../ui/field-props.ts'
import { Form } from '../ui/Form.tsx'
import { SubmitButton } from '../ui/SubmitButton.tsx'
import { TextField } from '../ui/TextField.tsx'
import { CurrentPasswordInput } from '../auth/PasswordInputs.tsx'
import { authClient } from '../../lib/auth-client.ts'
import { focusField } from '../../lib/form-errors.ts'
import { useTRPC } from '../../lib/trpc.ts'
import { passwordAgainSchema } from '../../../core/account.ts'
import { totpCodeSchema } from '../../../core/auth-rules.ts'
import { fieldMessages, fieldOf } from '../../../core/form-issues.ts'
import { SignInAgain, staleSessionCode } from './SignInAgain.tsx'
import * as styles from '../../routes/-account.css.ts'
import { postedRefusal, usePostedForm } from '../../lib/posted-form.ts'
import { messages } from '../../../core/messages.ts'
import type { PostedForm } from '../../../core/posted-form.ts'
import { DoneNotice } from './DoneNotice.tsx'
import { FormError } from '../ui/FormError.tsx'

type Step = { kind: 'idle' } | { kind: 'scan'; uri: string; backupCodes: string[] } | { kind: 'codes'; backupCodes: string[] }

/** The key inside an otpauth:// URI, in groups of four for typing it by hand. */
const manualKey = (uri: string) => (new URL(uri).searchParams.get('secret') ?? '').replace(/(.{4})/g, '$1 ').trim()

/**
 * TOTP two-factor (better-auth's plugin): the password, then a QR code or the key for the
 * authenticator app, one code to confirm, and the backup codes shown once. Turning it off asks
 * for the password again.
 */
export function TwoFactorSection({ enabled }: { enabled: boolean }) {
  const { t } = useLingui()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  // Posted without the page's script, the server answers each step with the page (server/http/account-forms.ts).
  const postedSetup = usePostedForm('two-factor-setup')
  const postedCodes = usePostedForm('two-factor-codes')
  const [step, setStep] = useState<Step>(() => {
    const codesOf = (posted: PostedForm) => (posted.values.codes ?? '').split(' ').filter(Boolean)
    if (postedCodes) return { kind: 'codes', backupCodes: codesOf(postedCodes) }
    if (postedSetup?.values.uri) return { kind: 'scan', uri: postedSetup.values.uri, backupCodes: codesOf(postedSetup) }
    return { kind: 'idle' }
  })
  const refreshAccount = () => queryClient.invalidateQueries({ queryKey: trpc.account.me.queryKey() })

  if (step.kind === 'scan') {
    return (
      <ConfirmSetup
        uri={step.uri}
        backupCodes={step.backupCodes}
        posted={postedSetup}
        onConfirmed={() => setStep({ kind: 'codes', backupCodes: step.backupCodes })}
        onCancel={() => setStep({ kind: 'idle' })}
      />
    )
  }
  if (step.kind === 'codes') {
    return (
      <div className={styles.stack} role="status">
        <p>
          <strong>
            <Trans>Two-factor authentication is on.</Trans>
          </strong>{' '}
          <Trans>Keep these backup codes somewhere safe: each lets you sign in once without your phone. They are shown only now.</Trans>
        </p>
        <ul className={styles.codes} aria-label={t`Backup codes`} data-testid="backup-codes">
          {step.backupCodes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
        <div>
          {/* A link to the account page (before or without the script); with it, the section in place. */}
          <Link
            to="/account"
            hash="two-factor"
            className={button({ tone: 'primary' })}
            onClick={(event) => {
              event.preventDefault()
              setStep({ kind: 'idle' })
              void refreshAccount()
            }}
          >
            <Trans>I have saved the codes</Trans>
          </Link>
        </div>
      </div>
    )
  }
  return enabled ? (
    <>
      <div className={styles.row}>
        <span className={styles.badge} data-tone="good">
          <Trans>On</Trans>
        </span>
        <p className={styles.muted}>
          <Trans>Signing in asks for a code from your authenticator app.</Trans>
        </p>
      </div>
      <PasswordStep
        form="two-factor-off"
        label={t`Turn off two-factor`}
        action={async (password) => {
          const { error } = await authClient.twoFactor.disable({ password })
          if (error) return error
          await refreshAccount()
          toast.success(t`Two-factor authentication is off.`)
          return null
        }}
      />
    </>
  ) : (
    <>
      <p className={styles.muted}>
        <Trans>
          With two-factor on, signing in also asks for a code from an authenticator app on your phone (Google Authenticator, Microsoft Authenticator,
          1Password…). Admins of the shop need it.
        </Trans>
      </p>
      <DoneNotice what="two-factor-off">
        <Trans>Two-factor authentication is off.</Trans>
      </DoneNotice>
      <PasswordStep
        form="two-factor-on"
        label={t`Turn on two-factor`}
        action={async (password) => {
          const { data, error } = await authClient.twoFactor.enable({ password })
          if (error) return error
          if (data.method === 'totp') setStep({ kind: 'scan', uri: data.totpURI, backupCodes: data.backupCodes })
          return null
        }}
      />
    </>
  )
}

/**
 * The password, then an action that better-auth may refuse (a wrong password). Posted without the
 * page's script as `form` (server/http/account-forms.ts), refused beside the password.
 */
function PasswordStep({
  form: formName,
  label,
  action,
}: {
  form: 'two-factor-on' | 'two-factor-off'
  label: string
  action: (password: string) => Promise<{ code?: string | undefined; message?: string | undefined } | null>
}) {
  const { t, i18n } = useLingui()
  const [stale, setStale] = useState<string | null>(null)
  const posted = usePostedForm('two-factor')
  const formId = useId()
  // The page has other password fields (the address change's): this form's own gets the keyboard.
  const focusPassword = () => document.getElementById(formId)?.querySelector<HTMLInputElement>('[name="password"]')?.focus()
  const form = useForm({
    defaultValues: { password: '' },
    validators: { onSubmit: ({ value }) => fieldMessages(passwordAgainSchema, value, i18n, fieldOf(value)) },
    onSubmitInvalid: focusPassword,
    onSubmit: async ({ value, formApi }) => {
      const error = await action(value.password)
      if (error?.code === staleSessionCode) {
        setStale(error.message ?? t`Sign in again to change two-factor authentication.`)
        return
      }
      if (error) {
        const message = error.code === 'INVALID_PASSWORD' ? i18n._(messages.wrongPassword) : t`Something went wrong`
        formApi.setFieldMeta('password', (meta) => ({ ...meta, errorMap: { onSubmit: message } }))
        focusPassword()
        return
      }
      formApi.reset()
    },
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0)
  const refusal = postedRefusal(posted, ['password'], submitted)
  return (
    <>
      {stale ? <SignInAgain message={stale} /> : null}
      <FormError message={refusal.message} />
      <Form id={formId} onSubmit={form.handleSubmit} aria-label={label}>
        <input type="hidden" name="form" value={formName} />
        <form.Field name="password">
          {(field) => (
            <CurrentPasswordInput name="password" autoFocus={refusal.firstInvalid === 'password'} {...fieldProps(field, refusal.error('password'))} />
          )}
        </form.Field>
        <SubmitButton tone="outline" working={submitting} workingLabel={<Trans>Checking...</Trans>}>
          {label}
        </SubmitButton>
      </Form>
    </>
  )
}

/**
 * The QR code and the key for the app, and the first code that proves the app has them. Without the
 * page's script, the key and backup codes ride along in hidden fields, to be shown again.
 */
function ConfirmSetup({
  uri,
  backupCodes,
  posted,
  onConfirmed,
  onCancel,
}: {
  uri: string
  backupCodes: string[]
  posted: PostedForm | null
  onConfirmed: () => void
  onCancel: () => void
}) {
  const { t, i18n } = useLingui()
  const form = useForm({
    defaultValues: { code: '' },
    validators: { onSubmit: ({ value }) => fieldMessages(totpCodeSchema, value, i18n, fieldOf(value)) },
    onSubmitInvalid: () => focusField('code'),
    onSubmit: async ({ value, formApi }) => {
      const { error } = await authClient.twoFactor.verifyTotp({ code: totpCodeSchema.parse(value).code })
      if (error) {
        formApi.setFieldMeta('code', (meta) => ({ ...meta, errorMap: { onSubmit: i18n._(messages.totpCodeWrong) } }))
        focusField('code')
        return
      }
      onConfirmed()
    },
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0)
  const refusal = postedRefusal(posted, ['code'], submitted)
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(uri, { border: 2 }))}`
  return (
    <Form onSubmit={form.handleSubmit} aria-label={t`Set up two-factor`}>
      <input type="hidden" name="form" value="two-factor-verify" />
      <input type="hidden" name="uri" value={uri} />
      <input type="hidden" name="codes" value={backupCodes.join(' ')} />
      <p>
        <Trans>Scan this QR code with your authenticator app, or type the key below into it. Then enter the 6-digit code it shows.</Trans>
      </p>
      <img src={qr} alt={t`QR code for your authenticator app`} width={192} height={192} className={styles.qr} />
      <p>
        <span className={styles.muted}>
          <Trans>Key:</Trans>
        </span>{' '}
        <code data-testid="totp-key">{manualKey(uri)}</code>
      </p>
      <form.Field name="code">
        {(field) => (
          <TextField
            label={t`Verification code`}
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            autoFocus={refusal.firstInvalid === 'code'}
            {...fieldProps(field, refusal.error('code'))}
          />
        )}
      </form.Field>
      <div className={styles.row}>
        <SubmitButton working={submitting} workingLabel={<Trans>Checking...</Trans>}>
          <Trans>Confirm and turn on</Trans>
        </SubmitButton>
        {/* A link back to the account page (before or without the script); two-factor stays off until a code is confirmed. */}
        <Link
          to="/account"
          hash="two-factor"
          className={button({ tone: 'ghost' })}
          onClick={(event) => {
            event.preventDefault()
            onCancel()
          }}
        >
          <Trans>Cancel</Trans>
        </Link>
      </div>
    </Form>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { useForm, useStore } from '@tanstack/react-form'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
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
  const [step, setStep] = useState<Step>({ kind: 'idle' })
  const refreshAccount = () => queryClient.invalidateQueries({ queryKey: trpc.account.me.queryKey() })

  if (step.kind === 'scan') {
    return (
      <ConfirmSetup
        uri={step.uri}
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
          <button
            type="button"
            className={button({ tone: 'primary' })}
            onClick={() => {
              setStep({ kind: 'idle' })
              void refreshAccount()
            }}
          >
            <Trans>I have saved the codes</Trans>
          </button>
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
      <PasswordStep
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

/** The password, then an action that better-auth may refuse (a wrong password). */
function PasswordStep({
  label,
  action,
}: {
  label: string
  action: (password: string) => Promise<{ code?: string | undefined; message?: string | undefined } | null>
}) {
  const { t, i18n } = useLingui()
  const [stale, setStale] = useState<string | null>(null)
  const form = useForm({
    defaultValues: { password: '' },
    validators: { onSubmit: ({ value }) => fieldMessages(passwordAgainSchema, value, i18n, fieldOf(value)) },
    onSubmitInvalid: () => focusField('password'),
    onSubmit: async ({ value, formApi }) => {
      const error = await action(value.password)
      if (error?.code === staleSessionCode) {
        setStale(error.message ?? t`Sign in again to change two-factor authentication.`)
        return
      }
      if (error) {
        const message = error.code === 'INVALID_PASSWORD' ? t`The password is not correct.` : t`Something went wrong`
        formApi.setFieldMeta('password', (meta) => ({ ...meta, errorMap: { onSubmit: message } }))
        focusField('password')
        return
      }
      formApi.reset()
    },
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  return (
    <>
      {stale ? <SignInAgain message={stale} /> : null}
      <Form onSubmit={form.handleSubmit} aria-label={label}>
        <form.Field name="password">{(field) => <CurrentPasswordInput name="password" {...fieldProps(field)} />}</form.Field>
        <SubmitButton tone="outline" working={submitting} workingLabel={<Trans>Checking...</Trans>}>
          {label}
        </SubmitButton>
      </Form>
    </>
  )
}

/** The QR code and the key for the app, and the first code that proves the app has them. */
function ConfirmSetup({ uri, onConfirmed, onCancel }: { uri: string; onConfirmed: () => void; onCancel: () => void }) {
  const { t, i18n } = useLingui()
  const form = useForm({
    defaultValues: { code: '' },
    validators: { onSubmit: ({ value }) => fieldMessages(totpCodeSchema, value, i18n, fieldOf(value)) },
    onSubmitInvalid: () => focusField('code'),
    onSubmit: async ({ value, formApi }) => {
      const { error } = await authClient.twoFactor.verifyTotp({ code: totpCodeSchema.parse(value).code })
      if (error) {
        formApi.setFieldMeta('code', (meta) => ({
          ...meta,
          errorMap: { onSubmit: t`The code is not correct. Check the time on your phone and try the newest code.` },
        }))
        focusField('code')
        return
      }
      onConfirmed()
    },
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(uri, { border: 2 }))}`
  return (
    <Form onSubmit={form.handleSubmit} aria-label={t`Set up two-factor`}>
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
          <TextField label={t`Verification code`} name="code" autoComplete="one-time-code" inputMode="numeric" required {...fieldProps(field)} />
        )}
      </form.Field>
      <div className={styles.row}>
        <SubmitButton working={submitting} workingLabel={<Trans>Checking...</Trans>}>
          <Trans>Confirm and turn on</Trans>
        </SubmitButton>
        <button type="button" className={button({ tone: 'ghost' })} onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </Form>
  )
}

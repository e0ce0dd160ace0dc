import { Trans, useLingui } from '@lingui/react/macro'
import * as Tabs from '@radix-ui/react-tabs'
import { useForm, useStore, type AnyFieldLikeMetaBase } from '@tanstack/react-form'
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { toast } from '../../lib/toast.ts'
import { useAuthRefusal, type AuthError } from '../../lib/auth-errors.ts'
import { Form } from '../ui/Form.tsx'
import { TwoFactorStep } from './TwoFactorStep.tsx'
import { ForgotPassword, ForgotPasswordForm, ResetLinkSent } from './ForgotPassword.tsx'
import { SubmitButton } from '../ui/SubmitButton.tsx'
import { TextField } from '../ui/TextField.tsx'
import { fieldProps } from '../ui/field-props.ts'
import { useRefreshAfterAuthChange } from '../../lib/account.ts'
import { safeRedirect } from '../../../core/sign-in-redirect.ts'
import { authClient } from '../../lib/auth-client.ts'
import { passwordMinLength, signInSchema, signUpSchema, type SignInInput, type SignUpInput } from '../../../core/auth-rules.ts'
import { fieldMessages, fieldOf } from '../../../core/form-issues.ts'
import { firstInvalidField, focusField } from '../../lib/form-errors.ts'
import { messages } from '../../../core/messages.ts'
import { postedRefusal, postedValues, usePostedForm } from '../../lib/posted-form.ts'
import * as styles from '../../routes/-auth.css.ts'
import * as formStyles from '../ui/form.css.ts'

const route = getRouteApi('/auth')

export function AuthPage() {
  const { t, i18n } = useLingui()
  const search = route.useSearch()
  const navigate = useNavigate()
  const refresh = useRefreshAfterAuthChange()
  // A sign-up the server refused (posted before the script ran) comes back on its own tab.
  const signUpPosted = usePostedForm('signup') !== null
  const tab = search.tab ?? (signUpPosted ? 'signup' : 'signin')
  // The page's address names its tab, and keeps where it leads.
  const tabSearch = (value: string) => ({
    ...(search.redirect === undefined ? {} : { redirect: search.redirect }),
    tab: value === 'signup' ? ('signup' as const) : ('signin' as const),
  })
  const goOn = async () => {
    await refresh()
    await navigate({ href: safeRedirect(search.redirect), replace: true })
  }
  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.title}>
          <Trans>Welcome</Trans>
        </h1>
        <p className={styles.lead}>
          <Trans>Sign in to your account or create a new one.</Trans>
        </p>
        {search.reset ? (
          <p className={formStyles.formDone} role="status">
            {i18n._(messages.passwordResetDone)}
          </p>
        ) : null}
        {search.deleted ? (
          <p className={formStyles.formDone} role="status">
            {i18n._(messages.accountDeleted)}
          </p>
        ) : null}
        {search.forgot ? <ForgotPasswordCard sent={search.sent === 1} /> : null}
        <Tabs.Root value={tab} onValueChange={(value) => void navigate({ to: '.', search: tabSearch(value), replace: true })} className={styles.tabs}>
          <Tabs.List className={styles.tabList} aria-label={t`Account`}>
            {/* Links as well as tabs: before or without JavaScript, each opens its form's page. */}
            <Tabs.Trigger value="signin" className={styles.tab} asChild>
              <Link to="." search={tabSearch('signin')} replace>
                <Trans>Sign in</Trans>
              </Link>
            </Tabs.Trigger>
            <Tabs.Trigger value="signup" className={styles.tab} asChild>
              <Link to="." search={tabSearch('signup')} replace>
                <Trans>Sign up</Trans>
              </Link>
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="signin" className={styles.panel}>
            <SignInForm onDone={goOn} />
          </Tabs.Content>
          <Tabs.Content value="signup" className={styles.panel}>
            <SignUpForm onDone={goOn} />
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </div>
  )
}

/**
 * "Forgot your password?" on the page (`/auth?forgot=1`, where its link leads before or without
 * JavaScript): the address, or, once asked for (`&sent=1`), what was done. The sign-in form stays below.
 */
function ForgotPasswordCard({ sent }: { sent: boolean }) {
  const navigate = useNavigate()
  return (
    <section className={styles.forgot} aria-labelledby="forgot-heading">
      <h2 id="forgot-heading" className={styles.forgotTitle}>
        <Trans>Reset your password</Trans>
      </h2>
      {sent ? (
        <p className={formStyles.formDone} role="status">
          <ResetLinkSent />
        </p>
      ) : (
        <>
          <p>
            <Trans>Enter the email address of your account and we will send you a link to choose a new password.</Trans>
          </p>
          <ForgotPasswordForm onSent={() => void navigate({ to: '.', search: (previous) => ({ ...previous, sent: 1 as const }), replace: true })} />
        </>
      )}
    </section>
  )
}

/**
 * Sign-in and sign-up run the shared schemas (core/auth-rules.ts): each message beside its field,
 * and the first field to fix gets the focus. When a field is empty, the shop's 'Please fill in all
 * fields' is said above the button, in the form (not in a toast over the fields).
 */
function useInvalidSummary(initial: string | null = null) {
  const { i18n } = useLingui()
  const refusalOf = useAuthRefusal()
  const [summary, setSummary] = useState<string | null>(initial)
  const onInvalid = <F extends string>(form: Parameters<typeof firstInvalidField<F>>[0], order: readonly F[]) => {
    const first = firstInvalidField(form, order)
    const anyEmpty = order.some((field) => form.getFieldMeta(field)?.errors.includes(i18n._(messages.required)))
    setSummary(anyEmpty ? i18n._(messages.fillAllFields) : null)
    if (first) focusField(first.field)
  }
  const message =
    summary === null ? null : (
      <p className={formStyles.error} role="alert">
        {summary}
      </p>
    )
  /**
   * The server's refusal: beside the field it is about (a wrong password, a common one, an email
   * that has an account), where the keyboard goes; above the button when it is about none.
   */
  const onRefused = <F extends string>(form: FormWithFields<F>, error: AuthError, fields: Readonly<Record<string, F>>) => {
    const { message, field } = refusalOf(error, fields)
    if (field === null) {
      setSummary(message)
      return
    }
    setSummary(null)
    form.setFieldMeta(field, (meta) => ({ ...meta, errorMap: { ...meta.errorMap, onSubmit: message } }))
    focusField(field)
  }
  return { onInvalid, onRefused, clear: () => setSummary(null), message }
}

/** What `onRefused` does with a form: put a message beside one of its fields. */
interface FormWithFields<F extends string> {
  setFieldMeta(field: F, updater: (meta: AnyFieldLikeMetaBase) => AnyFieldLikeMetaBase): void
}

function SignInForm({ onDone }: { onDone: () => Promise<void> }) {
  const { t, i18n } = useLingui()
  // Posted before the page's script ran (server/http/auth-forms.ts): refused, the address typed and
  // why; or the password was right and the code comes next.
  const posted = usePostedForm('signin')
  const codeStep = usePostedForm('signin-code')
  const invalid = useInvalidSummary(posted?.message ?? null)
  const [secondFactor, setSecondFactor] = useState(codeStep !== null)
  const form = useForm({
    defaultValues: { email: '', password: '', ...postedValues(posted, ['email']) } satisfies SignInInput,
    validators: { onSubmit: ({ value }) => fieldMessages(signInSchema, value, i18n, fieldOf(value)) },
    onSubmit: async ({ value, formApi }) => {
      invalid.clear()
      const { data, error } = await authClient.signIn.email({ email: value.email.trim(), password: value.password })
      if (error) {
        invalid.onRefused(formApi, error, { email: 'email', password: 'password' })
        return
      }
      // Two-factor on: no session yet, the code comes next.
      if ('twoFactorRedirect' in data && data.twoFactorRedirect) {
        setSecondFactor(true)
        return
      }
      toast.success(t`Signed in successfully`)
      await onDone()
    },
    onSubmitInvalid: ({ formApi }) => invalid.onInvalid(formApi, ['email', 'password']),
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0)
  const refusal = postedRefusal(posted, ['email', 'password'], submitted)
  if (secondFactor) return <TwoFactorStep posted={codeStep} onDone={onDone} onCancel={() => setSecondFactor(false)} />
  // The reset dialog sits outside the sign-in form: React events bubble through portals.
  return (
    <div className={styles.signIn}>
      <Form onSubmit={form.handleSubmit}>
        <form.Field name="email">
          {(field) => <EmailField name={field.name} autoFocus={refusal.firstInvalid === 'email'} {...fieldProps(field, refusal.error('email'))} />}
        </form.Field>
        <form.Field name="password">
          {(field) => (
            <TextField
              label={t`Password`}
              type="password"
              autoComplete="current-password"
              required
              name={field.name}
              autoFocus={refusal.firstInvalid === 'password'}
              {...fieldProps(field, refusal.error('password'))}
            />
          )}
        </form.Field>
        {invalid.message}
        <SubmitButton size="lg" working={submitting} workingLabel={<Trans>Signing in...</Trans>}>
          <Trans>Sign in</Trans>
        </SubmitButton>
      </Form>
      <ForgotPassword />
    </div>
  )
}

const signUpFields = ['fullName', 'email', 'password', 'confirmPassword'] as const

function SignUpForm({ onDone }: { onDone: () => Promise<void> }) {
  const { t, i18n } = useLingui()
  // Posted before the page's script ran and refused (server/http/auth-forms.ts): the name and address typed, and why.
  const posted = usePostedForm('signup')
  const invalid = useInvalidSummary(posted?.message ?? null)
  const form = useForm({
    defaultValues: {
      fullName: '',
      email: '',
      password: '',
      confirmPassword: '',
      ...postedValues(posted, ['fullName', 'email']),
    } satisfies SignUpInput,
    validators: { onSubmit: ({ value }) => fieldMessages(signUpSchema, value, i18n, fieldOf(value)) },
    onSubmit: async ({ value, formApi }) => {
      invalid.clear()
      const { error } = await authClient.signUp.email({ name: value.fullName.trim(), email: value.email.trim(), password: value.password })
      if (error) {
        invalid.onRefused(formApi, error, { name: 'fullName', email: 'email', password: 'password' })
        return
      }
      toast.success(t`Account created successfully`)
      await onDone()
    },
    onSubmitInvalid: ({ formApi }) => invalid.onInvalid(formApi, signUpFields),
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0)
  const refusal = postedRefusal(posted, signUpFields, submitted)
  // What the server said, beside its field: the first to fix gets the keyboard.
  const posting = (name: (typeof signUpFields)[number]) => ({ autoFocus: refusal.firstInvalid === name })
  return (
    <Form onSubmit={form.handleSubmit}>
      <form.Field name="fullName">
        {(field) => (
          <TextField
            label={t`Full name`}
            autoComplete="name"
            required
            maxLength={100}
            name={field.name}
            {...posting('fullName')}
            {...fieldProps(field, refusal.error('fullName'))}
          />
        )}
      </form.Field>
      <form.Field name="email">
        {(field) => <EmailField name={field.name} {...posting('email')} {...fieldProps(field, refusal.error('email'))} />}
      </form.Field>
      <form.Field name="password">
        {(field) => (
          <TextField
            label={t`Password`}
            type="password"
            autoComplete="new-password"
            required
            minLength={passwordMinLength}
            hint={t`At least ${passwordMinLength} characters`}
            name={field.name}
            {...posting('password')}
            {...fieldProps(field, refusal.error('password'))}
          />
        )}
      </form.Field>
      <form.Field name="confirmPassword">
        {(field) => (
          <TextField
            label={t`Confirm password`}
            type="password"
            autoComplete="new-password"
            required
            name={field.name}
            {...posting('confirmPassword')}
            {...fieldProps(field, refusal.error('confirmPassword'))}
          />
        )}
      </form.Field>
      {invalid.message}
      <SubmitButton size="lg" working={submitting} workingLabel={<Trans>Creating account...</Trans>}>
        <Trans>Create account</Trans>
      </SubmitButton>
    </Form>
  )
}

type FieldBinding = ReturnType<typeof fieldProps>

// The name lets focusField find the field to fix.
function EmailField(binding: FieldBinding & { name: string; autoFocus?: boolean }) {
  const { t } = useLingui()
  return <TextField label={t`Email`} type="email" autoComplete="email" required maxLength={255} {...binding} />
}

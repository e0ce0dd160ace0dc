import { Trans, useLingui } from '@lingui/react/macro'
import { useForm, useStore } from '@tanstack/react-form'
import { Link, useNavigate } from '@tanstack/react-router'
import { useId } from 'react'
import { toast } from '../../lib/toast.ts'
import { button } from '../ui/button.css.ts'
import { fieldProps } from '../ui/field-props.ts'
import { Form } from '../ui/Form.tsx'
import { SubmitButton } from '../ui/SubmitButton.tsx'
import { CurrentPasswordInput } from '../auth/PasswordInputs.tsx'
import { useRefreshAfterAuthChange } from '../../lib/account.ts'
import { authClient } from '../../lib/auth-client.ts'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { postedRefusal, usePostedForm } from '../../lib/posted-form.ts'
import { messages } from '../../../core/messages.ts'
import { accountDataPath } from '../../../core/account-pages.ts'
import { passwordAgainSchema } from '../../../core/account.ts'
import { fieldMessages, fieldOf } from '../../../core/form-issues.ts'
import * as styles from '../../routes/-account.css.ts'

/** "Your data": a JSON file of everything the shop holds about the person, and deleting the account. */
export function DataSection() {
  const language = useLanguage()
  return (
    <>
      <p className={styles.muted}>
        <Trans>
          Download a file with everything we hold about you: your account, profile and address, orders with their items, and the requests and messages
          you sent us.
        </Trans>
      </p>
      <div>
        {/* A plain link: the server sends the file, named in the reader's language (server/http/account-data.ts). */}
        <a className={button({ tone: 'outline' })} href={`${accountDataPath}?lang=${language}`}>
          <Trans>Download my data</Trans>
        </a>
      </div>
      <div className={styles.danger}>
        <h3 className={styles.subheading}>
          <Trans>Delete my account</Trans>
        </h3>
        <p className={styles.muted}>
          <Trans>
            Your account, profile, address, cart, sessions and requests are deleted at once. Orders you paid stay in our records, detached from any
            account, for as long as the law requires invoices to be kept (see the <Link to="/privacy">privacy policy</Link>).
          </Trans>
        </p>
        <DeleteAccount />
      </div>
    </>
  )
}

/**
 * Deleting the account: a disclosure that asks for the password, posted to the page without its
 * script (server/http/account-forms.ts) and sent to better-auth with it. Open again, with why,
 * when the server refused the password.
 */
function DeleteAccount() {
  const { t, i18n } = useLingui()
  const refresh = useRefreshAfterAuthChange()
  const navigate = useNavigate()
  const posted = usePostedForm('delete-account')
  const formId = useId()
  // The page has other password fields (the address change's): this form's own gets the keyboard.
  const focusPassword = () => document.getElementById(formId)?.querySelector<HTMLInputElement>('[name="password"]')?.focus()
  const form = useForm({
    defaultValues: { password: '' },
    validators: { onSubmit: ({ value }) => fieldMessages(passwordAgainSchema, value, i18n, fieldOf(value)) },
    onSubmitInvalid: () => focusPassword(),
    onSubmit: async ({ value, formApi }) => {
      const { error } = await authClient.deleteUser({ password: value.password })
      if (error) {
        const message = error.code === 'INVALID_PASSWORD' ? i18n._(messages.wrongPassword) : t`Something went wrong`
        formApi.setFieldMeta('password', (meta) => ({ ...meta, errorMap: { onSubmit: message } }))
        focusPassword()
        return
      }
      await navigate({ to: '/', replace: true })
      await refresh()
      toast.success(i18n._(messages.accountDeleted))
    },
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0)
  const refusal = postedRefusal(posted, ['password'], submitted)
  return (
    <details className={styles.confirm} open={posted ? true : undefined}>
      <summary className={`${button({ tone: 'danger' })} ${styles.confirmSummary}`}>
        <Trans>Delete my account</Trans>
      </summary>
      <div className={styles.confirmPanel}>
        <p>
          <Trans>This cannot be undone. Type your password to confirm.</Trans>
        </p>
        <Form id={formId} onSubmit={form.handleSubmit} aria-label={t`Delete your account?`}>
          {/* Which of the page's forms this is, when it is posted without the script. */}
          <input type="hidden" name="form" value="delete-account" />
          <form.Field name="password">
            {(field) => (
              <CurrentPasswordInput
                name="password"
                autoFocus={refusal.firstInvalid === 'password'}
                {...fieldProps(field, refusal.error('password'))}
              />
            )}
          </form.Field>
          <SubmitButton tone="danger" working={submitting} workingLabel={<Trans>Deleting...</Trans>}>
            <Trans>Delete my account for good</Trans>
          </SubmitButton>
        </Form>
      </div>
    </details>
  )
}

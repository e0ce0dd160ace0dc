import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useState } from 'react'
import { button } from '../ui/button.css.ts'
import { Form } from '../ui/Form.tsx'
import { SubmitButton } from '../ui/SubmitButton.tsx'
import { authClient } from '../../lib/auth-client.ts'
import * as styles from '../../routes/-auth.css.ts'

const route = getRouteApi('/auth_/cancel-change')

type Outcome = { kind: 'ready' } | { kind: 'done'; email: string } | { kind: 'failed' }

/**
 * Where the notice sent to the old address links: one button cancels the change (a link alone does
 * not, so a mail scanner that opens it changes nothing) (docs/product.md#accounts).
 */
export function CancelEmailChangePage() {
  const { token } = route.useSearch()
  const { t } = useLingui()
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'ready' })
  const [working, setWorking] = useState(false)
  const invalid = t`This link is not valid any more: it was used already, or the 7 days have passed. If you need help, contact us.`
  const cancel = async () => {
    if (!token) return
    setWorking(true)
    const { data } = await authClient.$fetch<{ status: boolean; email: string }>('/cancel-email-change', {
      method: 'POST',
      body: { token },
    })
    setWorking(false)
    setOutcome(data ? { kind: 'done', email: data.email } : { kind: 'failed' })
  }
  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.title}>
          <Trans>Cancel the change of address</Trans>
        </h1>
        {!token || outcome.kind === 'failed' ? (
          <>
            <p className={styles.lead} role="alert">
              {invalid}
            </p>
            <Link to="/auth" className={button({ tone: 'primary' })}>
              <Trans>Go to sign in</Trans>
            </Link>
          </>
        ) : outcome.kind === 'done' ? (
          <p className={styles.lead} role="status" data-testid="change-cancelled">
            <Trans>
              Done: your account uses {outcome.email} again, and every session was signed out. We have sent a link to that address to choose a new
              password.
            </Trans>
          </p>
        ) : (
          <Form onSubmit={cancel}>
            <p className={styles.lead}>
              <Trans>
                If you did not ask to change the email address of your account, cancel the change: your account gets this address back, every session
                is signed out, and we email you a link to choose a new password.
              </Trans>
            </p>
            <SubmitButton size="lg" working={working} workingLabel={<Trans>Cancelling...</Trans>}>
              <Trans>Cancel the change</Trans>
            </SubmitButton>
          </Form>
        )}
      </div>
    </div>
  )
}

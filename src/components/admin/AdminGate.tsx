import { Trans } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, type ReactNode } from 'react'
import { button } from '../ui/button.css.ts'
import { useAccount } from '../../lib/account.ts'
import { useSignOut } from '../layout/sign-out.ts'
import * as styles from './AdminPage.css.ts'

/**
 * What every admin screen shows first: its content to an admin, the reason to turn on two-factor
 * (or to sign in again with a code) to an admin who must (ADMIN_REQUIRE_2FA: the server refuses
 * every admin.* call until then), and
 * Access Denied to anyone else, who is then sent home. The server checks the role on every call
 * anyway; this is what a person sees.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const { admin, me } = useAccount()
  if (!admin) return <AccessDenied />
  if (!me?.needsTwoFactor) return children
  // Two-factor belongs to the session: on for the account, this session still signs in with a code.
  return me.user.twoFactorEnabled ? <SignInWithSecondFactor /> : <TwoFactorRequired />
}

/** Two-factor is on, but this session came from the password alone (or from before the rule). */
function SignInWithSecondFactor() {
  const signOut = useSignOut()
  const navigate = useNavigate()
  return (
    <div className={styles.deniedPage}>
      <section className={styles.denied} role="alert" data-testid="sign-in-with-second-factor">
        <h1 className={styles.deniedTitle}>
          <Trans>Two-factor authentication required</Trans>
        </h1>
        <p>
          <Trans>Sign in again with the code from your authenticator app to use the admin dashboard.</Trans>
        </p>
        <button
          type="button"
          className={button({ tone: 'primary' })}
          onClick={async () => {
            await signOut()
            await navigate({ to: '/auth', search: { redirect: '/admin' } })
          }}
        >
          <Trans>Sign in again</Trans>
        </button>
      </section>
    </div>
  )
}

/** How long the access denied card stays before the visitor is sent home. */
const deniedRedirectMs = 1500

/** ADMIN_REQUIRE_2FA: the server refuses every admin.* call until two-factor is on; this says why. */
function TwoFactorRequired() {
  return (
    <div className={styles.deniedPage}>
      <section className={styles.denied} role="alert" data-testid="two-factor-required">
        <h1 className={styles.deniedTitle}>
          <Trans>Two-factor authentication required</Trans>
        </h1>
        <p>
          <Trans>Turn on two-factor authentication on your account page to use the admin dashboard.</Trans>
        </p>
        <Link to="/account" hash="two-factor" className={button({ tone: 'primary' })}>
          <Trans>Set up two-factor</Trans>
        </Link>
      </section>
    </div>
  )
}

function AccessDenied() {
  const navigate = useNavigate()
  useEffect(() => {
    const timer = setTimeout(() => void navigate({ to: '/', replace: true }), deniedRedirectMs)
    return () => clearTimeout(timer)
  }, [navigate])
  return (
    <div className={styles.deniedPage}>
      <section className={styles.denied} role="alert" data-testid="access-denied">
        <h1 className={styles.deniedTitle}>
          <Trans>Access denied</Trans>
        </h1>
        <p>
          <Trans>This page is for administrators only</Trans>
        </p>
      </section>
    </div>
  )
}

import { Trans } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, type ReactNode } from 'react'
import { button } from '../ui/button.css.ts'
import { useAccount } from '../../lib/account.ts'
import { useSignOut } from '../layout/sign-out.ts'
import * as styles from './AdminGate.css.ts'

/**
 * What every admin screen shows first: its content to an admin, the reason to turn on two-factor
 * (or to sign in again with a code) to an admin who must (ADMIN_REQUIRE_2FA: the server refuses
 * every admin.* call until then), and Access Denied to anyone else, who is then sent home. The server checks the role on every call
 * anyway; this is what a person sees.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const { admin, me } = useAccount()
  if (!admin) return <AccessDenied />
  if (!me?.needsTwoFactor) return children
  // Two-factor belongs to the session: on for the account, this session still signs in with a code.
  return me.user.twoFactorEnabled ? <SignInWithSecondFactor /> : <TwoFactorRequired />
}

/** The card an admin sees instead of the dashboard: why, and the one thing to do about it. */
function DeniedCard({ testId, title, children }: { testId: string; title: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.deniedPage}>
      <section className={styles.denied} role="alert" data-testid={testId}>
        <h1 className={styles.deniedTitle}>{title}</h1>
        {children}
      </section>
    </div>
  )
}

/** Two-factor is on, but this session came from the password alone (or from before the rule). */
function SignInWithSecondFactor() {
  const signOut = useSignOut()
  const navigate = useNavigate()
  return (
    <DeniedCard testId="sign-in-with-second-factor" title={<Trans>Two-factor authentication required</Trans>}>
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
    </DeniedCard>
  )
}

/** How long the access denied card stays before the visitor is sent home. */
const deniedRedirectMs = 1500

/** ADMIN_REQUIRE_2FA: the server refuses every admin.* call until two-factor is on; this says why. */
function TwoFactorRequired() {
  return (
    <DeniedCard testId="two-factor-required" title={<Trans>Two-factor authentication required</Trans>}>
      <p>
        <Trans>Turn on two-factor authentication on your account page to use the admin dashboard.</Trans>
      </p>
      <Link to="/account" hash="two-factor" className={button({ tone: 'primary' })}>
        <Trans>Set up two-factor</Trans>
      </Link>
    </DeniedCard>
  )
}

function AccessDenied() {
  const navigate = useNavigate()
  useEffect(() => {
    const timer = setTimeout(() => void navigate({ to: '/', replace: true }), deniedRedirectMs)
    return () => clearTimeout(timer)
  }, [navigate])
  return (
    <DeniedCard testId="access-denied" title={<Trans>Access denied</Trans>}>
      <p>
        <Trans>This page is for administrators only</Trans>
      </p>
    </DeniedCard>
  )
}

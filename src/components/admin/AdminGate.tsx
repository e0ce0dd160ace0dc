import { Trans } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, type ReactNode } from 'react'
import { button } from '../ui/button.css.ts'
import { useAccount } from '../../lib/account.ts'
import * as styles from './AdminPage.css.ts'

/**
 * What every admin screen shows first: its content to an admin, the reason to turn on two-factor
 * to an admin who must (ADMIN_REQUIRE_2FA: the server refuses every admin.* call until then), and
 * Access Denied to anyone else, who is then sent home. The server checks the role on every call
 * anyway; this is what a person sees.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const { admin, me } = useAccount()
  if (!admin) return <AccessDenied />
  return me?.needsTwoFactor ? <TwoFactorRequired /> : children
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

import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useLocation } from '@tanstack/react-router'
import { toast } from 'sonner'
import { signInSearch, useAccount, useRefreshAfterAuthChange } from '../../lib/account.ts'
import { authClient } from '../../lib/auth-client.ts'
import { button } from '../ui/button.css.ts'
import { visibleRoleLinks } from './nav-links.ts'
import * as styles from './AccountMenu.css.ts'

/** Sign out everywhere in this browser, then refetch everything the role decided. */
export function useSignOut() {
  const { t } = useLingui()
  const refresh = useRefreshAfterAuthChange()
  return async () => {
    const { error } = await authClient.signOut()
    if (error) {
      toast.error(error.message ?? t`Something went wrong`)
      return
    }
    await refresh()
    toast.success(t`Signed out`)
  }
}

/** The account dropdown (email, B2B and Admin links by role, sign out) or a sign-in button. */
export function AccountMenu({ className }: { className?: string }) {
  const { t, i18n } = useLingui()
  const account = useAccount()
  const { me } = account
  const href = useLocation({ select: (location) => location.href })
  const signOut = useSignOut()
  if (!me) {
    return (
      <Link
        to="/auth"
        search={signInSearch(href)}
        className={[button({ tone: 'outline', size: 'sm' }), styles.signIn, styles.sameWidth, className].filter(Boolean).join(' ')}
      >
        <Trans>Sign in</Trans>
      </Link>
    )
  }
  return (
    <DropdownMenu.Root>
      {/* As wide as the sign-in button, so signing in does not shift the header. */}
      <DropdownMenu.Trigger
        className={[button({ tone: 'outline', size: 'sm' }), styles.signIn, styles.sameWidth, className].filter(Boolean).join(' ')}
        aria-label={t`Account menu`}
      >
        <svg
          width="20"
          height="20"
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
        >
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
        </svg>
        <Trans>Account</Trans>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.content} align="end" sideOffset={8}>
          <DropdownMenu.Label className={styles.label}>
            <span className={styles.signedInAs}>
              <Trans>Signed in as</Trans>
            </span>
            <span className={styles.email} data-testid="account-email">
              {me.user.email}
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className={styles.separator} />
          <DropdownMenu.Item asChild className={styles.item}>
            <Link to="/account">
              <Trans>My account</Trans>
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={styles.item}>
            <Link to="/orders">
              <Trans>My orders</Trans>
            </Link>
          </DropdownMenu.Item>
          {visibleRoleLinks(account).map((link) => (
            <DropdownMenu.Item key={link.to} asChild className={styles.item}>
              <Link to={link.to}>{i18n._(link.label)}</Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Item className={styles.item} onSelect={() => void signOut()}>
            <Trans>Sign out</Trans>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

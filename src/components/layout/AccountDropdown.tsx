import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useRef } from 'react'
import { useAccount } from '../../lib/account.ts'
import { useFocusOnHandoff, type Handoff } from '../../lib/on-demand.ts'
import { AccountIcon } from './AccountMenu.tsx'
import { visibleRoleLinks } from './nav-links.ts'
import { useSignOut } from './sign-out.ts'
import * as styles from './AccountMenu.css.ts'

/**
 * The signed-in account's dropdown, in place of AccountMenu's stand-in button: open at once when
 * that button was what loaded it, and keeping the focus it had.
 */
export function AccountDropdown({ className, handoff }: { className: string; handoff: Handoff }) {
  const { t, i18n } = useLingui()
  const account = useAccount()
  const signOut = useSignOut()
  const trigger = useRef<HTMLButtonElement>(null)
  useFocusOnHandoff(trigger, handoff)
  if (!account.me) return null
  return (
    <DropdownMenu.Root defaultOpen={handoff.defaultOpen}>
      <DropdownMenu.Trigger ref={trigger} className={className} aria-label={t`Account menu`}>
        <AccountIcon />
        <Trans>Account</Trans>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.content} align="end" sideOffset={8}>
          <DropdownMenu.Label className={styles.label}>
            <span className={styles.signedInAs}>
              <Trans>Signed in as</Trans>
            </span>
            <span className={styles.email} data-testid="account-email">
              {account.me.user.email}
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

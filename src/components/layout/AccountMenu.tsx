import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useLocation } from '@tanstack/react-router'
import { signInSearch, useAccount } from '../../lib/account.ts'
import { onDemand, useStandIn } from '../../lib/on-demand.ts'
import { button } from '../ui/button.css.ts'
import * as styles from './AccountMenu.css.ts'

// The dropdown (Radix menu and its positioning) is only for signed-in visitors: it downloads once
// the page is idle, or at once when its button is used first; until then the button stands alone.
const dropdown = onDemand(() => import('./AccountDropdown.tsx').then((module) => module.AccountDropdown))

/** The account dropdown (email, B2B and Admin links by role, sign out) or a sign-in button. */
export function AccountMenu({ className }: { className?: string }) {
  const { t } = useLingui()
  const { me } = useAccount()
  const href = useLocation({ select: (location) => location.href })
  const { Loaded: Dropdown, handoff, standInProps, forgetClick } = useStandIn(dropdown, me !== null)
  // A click that loaded the dropdown opens it once; signing in again later must not.
  if (!me && handoff.defaultOpen) forgetClick()
  // As wide as the sign-in button, so signing in does not shift the header.
  const classes = [button({ tone: 'outline', size: 'sm' }), styles.signIn, styles.sameWidth, className].filter(Boolean).join(' ')
  if (!me) {
    return (
      <Link to="/auth" search={signInSearch(href)} className={classes}>
        <Trans>Sign in</Trans>
      </Link>
    )
  }
  if (Dropdown) return <Dropdown className={classes} handoff={handoff} />
  // A link to /account until the menu's code is there: before or without JavaScript it opens the
  // account page (orders, details, signing out); with it, a click opens the menu once loaded.
  return (
    <Link
      to="/account"
      className={classes}
      aria-label={t`Account menu`}
      aria-haspopup="menu"
      aria-expanded={false}
      {...standInProps}
      onClick={(event) => {
        event.preventDefault()
        standInProps.onClick()
      }}
    >
      <AccountIcon />
      <Trans>Account</Trans>
    </Link>
  )
}

export function AccountIcon() {
  return (
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
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useAccount } from '../../lib/account.ts'
import { onDemand, useStandIn } from '../../lib/on-demand.ts'
import * as styles from './VerifyEmailReminder.css.ts'

// The popover (Radix, its positioning, better-auth's client) downloads once the page is idle, or at
// once when the button is used first; until then the button stands alone.
const popover = onDemand(() => import('./VerifyEmailPopover.tsx').then((module) => module.VerifyEmailPopover))

/**
 * The header's gentle reminder while the account's address is not verified (docs/product.md#accounts): shopping
 * works as usual; the popover says why the link matters and sends it again.
 */
export function VerifyEmailReminder() {
  const { me } = useAccount()
  if (!me || me.user.emailVerified) return null
  return <Reminder email={me.user.email} />
}

function Reminder({ email }: { email: string }) {
  const { t } = useLingui()
  const { Loaded: Popover, handoff, standInProps } = useStandIn(popover)
  if (Popover) return <Popover email={email} handoff={handoff} />
  // A link to the account's address section until the popover's code is there: before or without
  // JavaScript it opens /account, whose "Send the link again" works without it.
  return (
    // The name holds the visible words (WCAG 2.5.3), and says it all when only the icon shows.
    <Link
      to="/account"
      hash="email"
      className={styles.trigger}
      aria-label={t`Confirm your email address`}
      aria-haspopup="dialog"
      aria-expanded={false}
      data-testid="verify-email-reminder"
      {...standInProps}
      onClick={(event) => {
        event.preventDefault()
        standInProps.onClick()
      }}
    >
      <ReminderIcon />
      <span className={styles.triggerText}>
        <Trans>Confirm your email</Trans>
      </span>
    </Link>
  )
}

export function ReminderIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.8">
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </svg>
  )
}

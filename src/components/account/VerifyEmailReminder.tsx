import * as Popover from '@radix-ui/react-popover'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { useAccount } from '../../lib/account.ts'
import { useResendVerification } from '../../lib/verification.ts'
import { button } from '../ui/button.css.ts'
import * as styles from './VerifyEmailReminder.css.ts'

/**
 * The header's gentle reminder while the account's address is not verified (issue 17): shopping
 * works as usual; the popover says why the link matters and sends it again.
 */
export function VerifyEmailReminder() {
  const { me } = useAccount()
  if (!me || me.user.emailVerified) return null
  return <Reminder email={me.user.email} />
}

function Reminder({ email }: { email: string }) {
  const { t } = useLingui()
  const titleId = useId()
  const { resend, sending } = useResendVerification(email)
  return (
    <Popover.Root>
      {/* The name holds the visible words (WCAG 2.5.3), and says it all when only the icon shows. */}
      <Popover.Trigger className={styles.trigger} aria-label={t`Confirm your email address`} data-testid="verify-email-reminder">
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.8">
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <path d="m3 7 9 6 9-6" />
        </svg>
        <span className={styles.triggerText}>
          <Trans>Confirm your email</Trans>
        </span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className={styles.content} align="end" sideOffset={8} aria-labelledby={titleId}>
          <p id={titleId} className={styles.title}>
            <Trans>Please confirm your email address</Trans>
          </p>
          <p className={styles.text}>
            <Trans>
              We sent a link to {email}. You can shop as usual meanwhile; wholesale access and orders placed without an account wait until the address
              is confirmed.
            </Trans>
          </p>
          <button type="button" className={button({ tone: 'primary', size: 'sm' })} disabled={sending} onClick={() => void resend()}>
            <Trans>Send the link again</Trans>
          </button>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}

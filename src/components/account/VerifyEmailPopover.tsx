import * as Popover from '@radix-ui/react-popover'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useRef } from 'react'
import { useFocusOnHandoff, type Handoff } from '../../lib/on-demand.ts'
import { useResendVerification } from '../../lib/verification.ts'
import { button } from '../ui/button.css.ts'
import { ReminderIcon } from './VerifyEmailReminder.tsx'
import * as styles from './VerifyEmailReminder.css.ts'

/**
 * The reminder's popover, in place of VerifyEmailReminder's stand-in button: open at once when that
 * button was what loaded it, and keeping the focus it had.
 */
export function VerifyEmailPopover({ email, handoff }: { email: string; handoff: Handoff }) {
  const { t } = useLingui()
  const titleId = useId()
  const { resend, sending } = useResendVerification(email)
  const trigger = useRef<HTMLButtonElement>(null)
  useFocusOnHandoff(trigger, handoff)
  return (
    <Popover.Root defaultOpen={handoff.defaultOpen}>
      {/* The name holds the visible words (WCAG 2.5.3), and says it all when only the icon shows. */}
      <Popover.Trigger ref={trigger} className={styles.trigger} aria-label={t`Confirm your email address`} data-testid="verify-email-reminder">
        <ReminderIcon />
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

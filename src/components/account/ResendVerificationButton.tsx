import { Trans } from '@lingui/react/macro'
import { useResendVerification } from '../../lib/verification.ts'
import { button } from '../ui/button.css.ts'

/** "Send the link again" for the signed-in account's address. */
export function ResendVerificationButton({ email, tone = 'primary' }: { email: string; tone?: 'primary' | 'outline' }) {
  const { resend, sending } = useResendVerification(email)
  return (
    <button type="button" className={button({ tone })} disabled={sending} onClick={() => void resend()}>
      <Trans>Send the link again</Trans>
    </button>
  )
}

import { Trans } from '@lingui/react/macro'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { useResendVerification } from '../../lib/verification.ts'
import { button } from '../ui/button.css.ts'
import { localizedPath } from '../../../core/language-urls.ts'

/**
 * "Send the link again" for the signed-in account's address. A form of its own posted to /account
 * (server/http/account-forms.ts sends the link and says so there) before or without the page's
 * script, wherever the button is (/account, /b2b, /auth/verified); with it, the link is sent in place.
 */
export function ResendVerificationButton({ email, tone = 'primary' }: { email: string; tone?: 'primary' | 'outline' }) {
  const { resend, sending } = useResendVerification(email)
  const language = useLanguage()
  return (
    <form
      method="post"
      action={localizedPath('/account', language)}
      onSubmit={(event) => {
        event.preventDefault()
        void resend()
      }}
    >
      <input type="hidden" name="form" value="resend-verification" />
      <button type="submit" className={button({ tone })} disabled={sending}>
        <Trans>Send the link again</Trans>
      </button>
    </form>
  )
}

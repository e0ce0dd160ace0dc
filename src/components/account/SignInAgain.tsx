import { Trans } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { button } from '../ui/button.css.ts'
import { useSignOut } from '../layout/sign-out.ts'
import * as styles from '../../routes/-account.css.ts'

/** better-auth's answer when the session is older than a day: the change needs a new sign-in first (docs/decisions/021). */
export const staleSessionCode = 'SESSION_NOT_FRESH'

/** Said in place of a change the server refused for an old session: sign in again, then come back here. */
export function SignInAgain({ message }: { message: string }) {
  const signOut = useSignOut()
  const navigate = useNavigate()
  return (
    <div className={styles.stack} role="alert" data-testid="sign-in-again">
      <p>{message}</p>
      <div>
        <button
          type="button"
          className={button({ tone: 'primary' })}
          onClick={async () => {
            await signOut()
            await navigate({ to: '/auth', search: { redirect: '/account' } })
          }}
        >
          <Trans>Sign in again</Trans>
        </button>
      </div>
    </div>
  )
}

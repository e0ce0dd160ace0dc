import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { toast } from '../../lib/toast.ts'
import { button } from '../ui/button.css.ts'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { authClient } from '../../lib/auth-client.ts'
import { describeDevice } from '../../lib/device.ts'
import { formatDate } from '../../lib/format.ts'
import { useTRPC } from '../../lib/trpc.ts'
import * as styles from '../../routes/-account.css.ts'
import { Form } from '../ui/Form.tsx'
import { DoneNotice } from './DoneNotice.tsx'
import { useSignOut } from '../layout/sign-out.ts'
import { useNavigate } from '@tanstack/react-router'

/** Where the account is signed in (device and time, never a token), and "sign out everywhere else". */
export function SessionsSection() {
  const { t } = useLingui()
  const trpc = useTRPC()
  const language = useLanguage()
  const queryClient = useQueryClient()
  const { data: sessions } = useSuspenseQuery(trpc.account.sessions.queryOptions())
  const [working, setWorking] = useState(false)
  const [used, setUsed] = useState(false)
  const signOut = useSignOut()
  const navigate = useNavigate()
  const others = sessions.filter((s) => !s.current).length

  const signOutOthers = async () => {
    setWorking(true)
    setUsed(true)
    try {
      const { error } = await authClient.revokeOtherSessions()
      if (error) {
        toast.error(t`Something went wrong`)
        return
      }
      await queryClient.invalidateQueries({ queryKey: trpc.account.sessions.queryKey() })
      toast.success(t`Every other session has been signed out.`)
    } finally {
      setWorking(false)
    }
  }

  return (
    <>
      <ul className={styles.sessions} aria-label={t`Active sessions`}>
        {sessions.map((session) => (
          <li key={session.id} className={styles.sessionItem}>
            <div className={styles.row}>
              <strong>{describeDevice(session.userAgent) ?? t`Unknown device`}</strong>
              {session.current ? (
                <span className={styles.badge} data-tone="good">
                  <Trans>This device</Trans>
                </span>
              ) : null}
            </div>
            <span className={styles.muted}>
              <Trans>
                Signed in <time dateTime={session.createdAt}>{formatDate(session.createdAt, language, true)}</time> · last active{' '}
                <time dateTime={session.lastActiveAt}>{formatDate(session.lastActiveAt, language, true)}</time>
              </Trans>
            </span>
          </li>
        ))}
      </ul>
      {/* A form of its own: without the page's script, the server signs the other sessions out. */}
      <Form onSubmit={signOutOthers} aria-label={t`Sign out everywhere else`}>
        <input type="hidden" name="form" value="sessions" />
        <DoneNotice what="sessions" stale={used}>
          <Trans>Every other session has been signed out.</Trans>
        </DoneNotice>
        <div>
          <button type="submit" className={button({ tone: 'outline' })} disabled={working || others === 0}>
            <Trans>Sign out everywhere else</Trans>
          </button>
        </div>
      </Form>
      {/* This browser: the header's menu says the same once the page's script runs; this works without it. */}
      <Form
        onSubmit={async () => {
          await signOut()
          await navigate({ to: '/' })
        }}
        aria-label={t`Sign out`}
      >
        <input type="hidden" name="form" value="sign-out" />
        <div>
          <button type="submit" className={button({ tone: 'outline' })}>
            <Trans>Sign out</Trans>
          </button>
        </div>
      </Form>
    </>
  )
}

import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { toast } from 'sonner'
import { authClient } from './auth-client.ts'

/**
 * "Send the link again": better-auth sends a new verification link to the signed-in account's
 * address (the server limits how often); the answer is a toast in the page's language.
 */
export function useResendVerification(email: string) {
  const { t } = useLingui()
  const [sending, setSending] = useState(false)
  const resend = async () => {
    setSending(true)
    try {
      const { error } = await authClient.sendVerificationEmail({ email })
      if (error) toast.error(error.status === 429 && error.message ? error.message : t`The link could not be sent. Please try again.`)
      else toast.success(t`We have sent a new link to ${email}.`)
    } finally {
      setSending(false)
    }
  }
  return { resend, sending }
}

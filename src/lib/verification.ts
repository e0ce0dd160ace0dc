import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { toast } from './toast.ts'

/**
 * "Send the link again": better-auth sends a new verification link to the signed-in account's
 * address (the server limits how often); the answer is a toast in the page's language. better-auth's
 * client downloads on the click: the pages that offer the button need nothing else of it.
 */
export function useResendVerification(email: string) {
  const { t } = useLingui()
  const [sending, setSending] = useState(false)
  const resend = async () => {
    setSending(true)
    try {
      const { authClient } = await import('./auth-client.ts')
      const { error } = await authClient.sendVerificationEmail({ email })
      if (error) toast.error(error.status === 429 && error.message ? error.message : t`The link could not be sent. Please try again.`)
      else toast.success(t`We have sent a new link to ${email}.`)
    } finally {
      setSending(false)
    }
  }
  return { resend, sending }
}

import { useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { Toaster, toast, useSonner } from 'sonner'
import { vars } from '../../styles/theme.css.ts'
import { staleToasts } from './ToastHost.tsx'
import * as styles from './toasts.css.ts'

/**
 * The page's toasts: in the site's font and language, at the top under the nav (forms, the cart
 * drawer's buttons and the buy bar are lower; a field being corrected is scrolled to the middle),
 * and dismissed when the shopper goes to another page.
 */
export function Toasts() {
  const { t } = useLingui()
  const router = useRouter()
  const { toasts } = useSonner()
  const firstSeen = useRef(new Map<string | number, number>())

  useEffect(() => {
    const now = Date.now()
    const current = new Set(toasts.map((item) => item.id))
    for (const id of current) if (!firstSeen.current.has(id)) firstSeen.current.set(id, now)
    for (const id of firstSeen.current.keys()) if (!current.has(id)) firstSeen.current.delete(id)
  }, [toasts])

  useEffect(
    () =>
      router.subscribe('onBeforeNavigate', (event) => {
        if (!event.pathChanged) return
        for (const id of staleToasts(firstSeen.current, Date.now())) toast.dismiss(id)
      }),
    [router],
  )

  const top = `calc(${vars.layout.navHeight} + ${vars.space['2']})`
  return (
    <Toaster
      position="top-center"
      closeButton
      offset={{ top }}
      mobileOffset={{ top, left: vars.space['3'], right: vars.space['3'] }}
      containerAriaLabel={t`Notifications`}
      style={{ fontFamily: vars.font.body }}
      toastOptions={{
        closeButtonAriaLabel: t`Close`,
        classNames: { toast: styles.toast, actionButton: styles.action, closeButton: styles.close },
      }}
    />
  )
}

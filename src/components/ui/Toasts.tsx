import { useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { Toaster, toast, useSonner } from 'sonner'
import { vars } from '../../styles/theme.css.ts'
import { staleToasts } from './ToastHost.tsx'
import * as styles from './toasts.css.ts'

/**
 * Where toasts go while a dialog or a side sheet is open (the topmost one): its `data-toast-slot`
 * under its title (SheetPanel.tsx, DialogPanel.tsx), or its end for a dialog without one; null when
 * none is open. Radix portals dialogs as children of <body>, so watching those is enough.
 */
function useDialogSlot(): HTMLElement | null {
  const [slot, setSlot] = useState<HTMLElement | null>(null)
  const current = useRef<HTMLElement | null>(null)
  useEffect(() => {
    const find = () => {
      const open = document.body.querySelectorAll<HTMLElement>(
        ':scope > [role=dialog][data-state=open], :scope > [role=alertdialog][data-state=open]',
      )
      const dialog = open[open.length - 1]
      const next = dialog ? (dialog.querySelector<HTMLElement>('[data-toast-slot]') ?? dialog) : null
      if (next === current.current) return
      // The toasts on screen are about the page behind: they give way to the dialog just opened
      // (before the toaster moves into it, which would show them again).
      if (next && !current.current) toast.dismiss()
      current.current = next
      setSlot(next)
    }
    find()
    const observer = new MutationObserver(find)
    observer.observe(document.body, { childList: true })
    return () => observer.disconnect()
  }, [])
  return slot
}

/**
 * The page's toasts: in the site's font and language, at the top under the nav (forms, the cart
 * drawer's buttons and the buy bar are lower; a field being corrected is scrolled to the middle),
 * and dismissed when the shopper goes to another page. While a dialog or the cart drawer is open,
 * they show inside it under its title, in its flow, never over it: readable, announced (the page
 * behind is hidden from screen readers then) and out of the way of its buttons.
 */
export function Toasts() {
  const { t } = useLingui()
  const router = useRouter()
  const { toasts } = useSonner()
  const firstSeen = useRef(new Map<string | number, number>())
  const slot = useDialogSlot()

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
  const toaster = (
    <Toaster
      position="top-center"
      closeButton
      offset={{ top }}
      mobileOffset={{ top, left: vars.space['3'], right: vars.space['3'] }}
      // Inside a dialog, one at a time: the ones behind would peek out over its content.
      visibleToasts={slot ? 1 : 3}
      className={slot ? styles.inDialog : undefined}
      containerAriaLabel={t`Notifications`}
      style={{ fontFamily: vars.font.body }}
      toastOptions={{
        closeButtonAriaLabel: t`Close`,
        classNames: { toast: styles.toast, actionButton: styles.action, closeButton: styles.close },
      }}
    />
  )
  // Moving the toaster remounts it; sonner shows it the toasts still due (a dialog's, once it closes).
  return slot ? createPortal(toaster, slot) : toaster
}

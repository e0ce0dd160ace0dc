import { Plural } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Suspense, useRef, useState } from 'react'
import { onDemand } from '../../lib/on-demand.ts'
import { useTRPC } from '../../lib/trpc.ts'
import { setCartDrawerOpen, useCartDrawerOpen } from './drawer-state.ts'
import * as sheet from '../ui/sheet.css.ts'
import * as styles from './CartDrawer.css.ts'

// The drawer (Radix dialog, cart lines, quantities) downloads when the shopper first opens it.
const panel = onDemand(() => import('./CartDrawerPanel.tsx').then((module) => module.CartDrawerPanel))

/**
 * The nav's cart button (with the number of panels) and the drawer it opens (docs/product.md#cart):
 * a link to the cart page, which it stays before or without JavaScript (and for a new tab).
 */
export function CartDrawer() {
  const trpc = useTRPC()
  const open = useCartDrawerOpen()
  const { data: cart } = useQuery(trpc.cart.get.queryOptions())
  const count = cart?.count ?? 0
  const trigger = useRef<HTMLAnchorElement>(null)
  // Once opened, the drawer stays mounted (closed) so reopening is instant.
  const [mounted, setMounted] = useState(false)
  if (open && !mounted) setMounted(true)
  return (
    <>
      <Link
        ref={trigger}
        to="/cart"
        className={sheet.iconButton}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void panel.preload()}
        onFocus={() => void panel.preload()}
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
          event.preventDefault()
          setCartDrawerOpen(true)
        }}
      >
        <span className={styles.hidden}>
          <Plural value={count} one="Cart, # panel" other="Cart, # panels" />
        </span>
        <svg
          width="24"
          height="24"
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M6 7h12l-1.2 12.2a1 1 0 0 1-1 .8H8.2a1 1 0 0 1-1-.8L6 7z" />
          <path d="M9 7V6a3 3 0 0 1 6 0v1" />
        </svg>
        {count > 0 ? (
          <span className={styles.badge} aria-hidden="true" data-testid="cart-count">
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </Link>
      {mounted ? (
        <Suspense fallback={null}>
          <panel.Component open={open} trigger={trigger} />
        </Suspense>
      ) : null}
    </>
  )
}

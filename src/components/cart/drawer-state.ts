import { useSyncExternalStore } from 'react'

// Whether the cart drawer is open, shared by the nav's cart button and anything that opens the cart
// (the "View cart" action of the "Added to cart" toast). Only the browser changes it: the server
// always renders the drawer closed.
let open = false
const listeners = new Set<() => void>()

export function setCartDrawerOpen(next: boolean) {
  if (open === next) return
  open = next
  for (const listener of listeners) listener()
}

export function openCartDrawer() {
  setCartDrawerOpen(true)
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useCartDrawerOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  )
}

import { onDemand, useWhenIdle } from '../../lib/on-demand.ts'

/**
 * How long a toast may be older than the navigation and still go with it: the outcome of the click
 * that navigates ("Signed in successfully", then the next page) belongs to the next page; a toast
 * from something done earlier ("Added to cart", then Checkout) does not follow the shopper.
 */
export const carryOverMs = 1500

/** The ids of toasts older than `carryOverMs` at `now`. */
export function staleToasts(firstSeen: ReadonlyMap<string | number, number>, now: number): Array<string | number> {
  return [...firstSeen].filter(([, seen]) => now - seen > carryOverMs).map(([id]) => id)
}

// Sonner and the toast area download once the page is idle: no toast is due before the visitor
// does something, and one raised earlier still shows when the area arrives (sonner replays it).
const toasts = onDemand(() => import('./Toasts.tsx').then((module) => module.Toasts))

/** Where the page's toasts appear (Toasts.tsx); nothing in the server's HTML. */
export function ToastHost() {
  const [Toasts, load] = toasts.useLoaded()
  useWhenIdle(load)
  return Toasts ? <Toasts /> : null
}

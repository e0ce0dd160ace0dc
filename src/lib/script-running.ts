import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

/**
 * False in the server's HTML and while the page hydrates, true once the page's script runs: for a
 * control that only the script can make work (it is drawn disabled, or left out, before that).
 */
export function useScriptRunning() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}

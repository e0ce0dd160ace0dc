import { memo, Suspense, use, useCallback, useEffect, useRef, type ComponentType } from 'react'

/**
 * Parts of a page that the server renders in full but whose code stays out of the page's first
 * download: a form with its rules (zod, the form library, the auth client). The browser shows the
 * server's HTML at once, hydrates the rest of the page, then fetches the part's code and hydrates
 * it (React keeps a suspended boundary's server HTML until its code is there), so the JavaScript in
 * a page's first HTML stays within its budget without losing a feature (docs/decisions/017).
 */

// The server renders synchronously (renderToString): it loads every part before its first render.
const serverLoads: Promise<unknown>[] = []
/** Resolves once the server holds the code of every part; awaited before rendering a page. */
export function loadedOnServer(): Promise<unknown> {
  return Promise.all(serverLoads)
}

// Parts rendered on this page whose code had not arrived: browser journeys wait for them.
const waiting = new Set<Promise<void>>()
/** Resolves once every part rendered so far is hydrated (the root waits for it to mark the page ready). */
export async function partsHydrated(): Promise<void> {
  while (waiting.size > 0) await Promise.all(waiting)
}

export function hydrateLater<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | undefined
  let loading: Promise<ComponentType<Props>> | undefined
  // A route's loader starts it, so a client-side visit does not wait for the route, then the part.
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component
        return component
      },
      (error: unknown) => {
        // A failed download (a dropped connection on a phone) is tried again by the next render
        // or visit, not remembered as the part's answer for the rest of the page's life.
        loading = undefined
        throw error
      },
    ))
  if (import.meta.env.SSR) serverLoads.push(preload())

  function Part({ props, onHydrated }: { props: Props; onHydrated: () => void }) {
    useEffect(onHydrated, [onHydrated])
    const Component = loaded ?? use(preload())
    return <Component {...props} />
  }

  function Later(props: Props) {
    const hydrated = useRef(false)
    const settle = useRef<() => void>(undefined)
    const onHydrated = useCallback(() => {
      hydrated.current = true
      settle.current?.()
    }, [])
    // Registered once mounted (a render React throws away leaves nothing behind), and only while
    // the part is still the server's HTML: the page's "ready" mark waits for it.
    useEffect(() => {
      if (hydrated.current) return
      const tracked: Promise<void> = new Promise<void>((resolve) => (settle.current = resolve)).then(() => void waiting.delete(tracked))
      waiting.add(tracked)
      return () => settle.current?.()
    }, [])
    // No fallback: while hydrating, React keeps the server's HTML in place of the boundary.
    return (
      <Suspense fallback={null}>
        <Part props={props} onHydrated={onHydrated} />
      </Suspense>
    )
  }
  // A parent's re-render with the same props must not reach a boundary still waiting for its code
  // (React would drop the server's HTML and show the empty fallback until the code arrives).
  return {
    Component: memo(Later),
    /** Starts the download; resolves with nothing, so a route's loader data never holds code. */
    preload: async () => {
      await preload()
    },
  }
}

import { lazy, useCallback, useEffect, useRef, useState, type ComponentType, type RefObject } from 'react'

/**
 * A component whose code is downloaded only when it is needed (a dialog once opened, a menu once
 * the page is idle), so it stays out of every page's first download. `preload` starts the download
 * on a sign of intent (the pointer over the button that opens it, or focus on it).
 */
export function onDemand<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loading: Promise<ComponentType<Props>> | undefined
  let loaded: ComponentType<Props> | undefined
  const preload = () => {
    loading ??= load().then((component) => (loaded = component))
    return loading
  }
  /** For what is shown only on the client (a dialog once opened): suspends until the code is there. */
  const Component = lazy(async () => ({ default: await preload() }))
  /**
   * For what the server renders as a stand-in (a menu's button): the component once loaded (null
   * before: nothing loads before hydration, so the hydrating render matches the server's HTML), and
   * a function that loads it now.
   */
  function useLoaded(): [ComponentType<Props> | null, () => void] {
    const [component, setComponent] = useState<ComponentType<Props> | null>(() => loaded ?? null)
    const request = useCallback(() => {
      void preload().then((next) => setComponent(() => next))
    }, [])
    return [component, request]
  }
  return { Component, preload, useLoaded }
}

/** Runs `callback` once the browser is idle after the first render (hydration stays short). */
export function useWhenIdle(callback: () => void, enabled = true) {
  useEffect(() => {
    if (!enabled) return
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(callback, { timeout: 3000 })
      return () => window.cancelIdleCallback(id)
    }
    const id = window.setTimeout(callback, 200)
    return () => window.clearTimeout(id)
  }, [callback, enabled])
}

/** What a loaded component takes over from the stand-in button it replaces. */
export interface Handoff {
  /** The stand-in was clicked: open at once. */
  defaultOpen: boolean
  /** The stand-in had the focus (and was not clicked): give it to the real button. */
  focusTrigger: boolean
}

/**
 * A button that stands in, in the server's HTML and until its code arrives, for a component that
 * opens something (a menu, a popover, a dialog): the code loads once the page is idle, or at once on
 * a sign of intent; a click on the stand-in opens the real one as soon as it is there.
 */
export function useStandIn<Props extends object>(component: ReturnType<typeof onDemand<Props>>, enabled = true) {
  const [Loaded, load] = component.useLoaded()
  const [clicked, setClicked] = useState(false)
  const [focused, setFocused] = useState(false)
  useWhenIdle(load, enabled)
  const handoff: Handoff = { defaultOpen: clicked, focusTrigger: focused && !clicked }
  const standInProps = {
    onPointerEnter: load,
    onFocus: () => {
      setFocused(true)
      load()
    },
    onBlur: () => setFocused(false),
    // Radix opens its menus on pointer down: if the real button takes the stand-in's place between
    // a mouse's pointer down and its click, the click alone would be lost (a tap still ends in a click).
    onPointerDown: (event: { pointerType: string; button: number }) => {
      if (event.pointerType !== 'mouse' || event.button !== 0) return
      setClicked(true)
      load()
    },
    onClick: () => {
      setClicked(true)
      load()
    },
  }
  /** Forget the click, so the real component does not open by itself when it mounts again later. */
  const forgetClick = () => setClicked(false)
  return { Loaded, handoff, standInProps, forgetClick }
}

/** For the loaded component: focuses `trigger` on mount when the stand-in had the focus. */
export function useFocusOnHandoff(trigger: RefObject<HTMLElement | null>, { focusTrigger }: Handoff) {
  // Only when taking the stand-in's place, not on later renders.
  const focusOnMount = useRef(focusTrigger)
  useEffect(() => {
    if (focusOnMount.current) trigger.current?.focus()
  }, [trigger])
}

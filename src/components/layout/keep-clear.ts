import { useEffect, useState, type RefObject } from 'react'

// What a floating button must never sit on: anything one can use, read or look at.
const contentSelector = 'a, button, input, select, textarea, label, summary, img, svg, video, iframe, canvas, [role], [tabindex]'

interface Box {
  left: number
  top: number
  right: number
  bottom: number
}

export function intersects(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
}

// Decoration is not content: a background photo (alt="") or a decorative icon (a control holding
// one is content by itself, as elementsFromPoint lists it too).
const decorationSelector = 'img[alt=""], svg[aria-hidden="true"], svg[aria-hidden="true"] *'

/** Whether an element under the box is content: a control or picture, or text whose lines reach into the box. */
function isContentUnder(element: Element, box: Box): boolean {
  if (element.matches(decorationSelector)) return false
  if (element.matches(contentSelector)) return true
  const range = document.createRange()
  for (const node of element.childNodes) {
    if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue
    range.selectNodeContents(node)
    for (const line of range.getClientRects()) if (intersects(line, box)) return true
  }
  return false
}

/** Whether anything but `self` (and what holds it) shows content under `self`'s box. */
export function coversContent(self: HTMLElement): boolean {
  const box = self.getBoundingClientRect()
  if (box.width === 0) return false
  const margin = 4
  const area = { left: box.left - margin, top: box.top - margin, right: box.right + margin, bottom: box.bottom + margin }
  const xs = [area.left + 1, (area.left + area.right) / 2, area.right - 1]
  const ys = [area.top + 1, (area.top + area.bottom) / 2, area.bottom - 1]
  for (const x of xs) {
    for (const y of ys) {
      for (const element of document.elementsFromPoint(x, y)) {
        if (self.contains(element) || element.contains(self)) continue
        if (isContentUnder(element, area)) return true
      }
    }
  }
  return false
}

/**
 * Whether the floating element at `ref` is over content right now, checked as the page scrolls,
 * resizes or changes: the element then steps aside (docs/product.md#catalog: the WhatsApp bubble
 * never covers content or controls). A hidden element keeps its box, so it is checked where it
 * would be. `watch` re-checks when it changes (the page's path).
 */
export function useOverContent(ref: RefObject<HTMLElement | null>, watch: unknown, enabled: boolean): boolean {
  const [over, setOver] = useState(false)
  useEffect(() => {
    if (!enabled) return
    let frame = 0
    const check = () => {
      frame = 0
      const element = ref.current
      // Not shown at this width (the header holds the button): nothing to check.
      if (!element || getComputedStyle(element).display === 'none') return
      setOver(coversContent(element))
    }
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(check)
    }
    schedule()
    // Pictures and data arrive after the first paint; the page's height changes with them.
    const resize = new ResizeObserver(schedule)
    resize.observe(document.body)
    window.addEventListener('scroll', schedule, { passive: true })
    window.addEventListener('resize', schedule)
    return () => {
      if (frame !== 0) cancelAnimationFrame(frame)
      resize.disconnect()
      window.removeEventListener('scroll', schedule)
      window.removeEventListener('resize', schedule)
    }
  }, [ref, watch, enabled])
  return over
}

/**
 * Keeping what a person typed before the page's script took the page over (docs/product.md#forms).
 * The server's HTML works as a page of its own: on a slow phone people type into it, tick its boxes
 * and choose in its lists while the script still loads. React's hydration leaves those DOM values as
 * they are but starts from the state's own (empty) ones, and the next render puts those back: the
 * fields empty themselves. These ref callbacks read the element's current value when it is first
 * attached and hand a value that differs from the state to the state's setter, as typing would.
 */

// Each element is read once, when React first attaches it: later calls of a new callback (one per
// render) find the element already following its state.
const adopted = new WeakSet<Element>()

function firstSight(node: Element | null): node is Element {
  if (!node || adopted.has(node)) return false
  adopted.add(node)
  return true
}

/** For a text input, a textarea or a select: `set` gets the value on screen when it is not `current`. */
export function keepTypedValue(current: string, set: (value: string) => void) {
  return (node: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null) => {
    if (firstSight(node) && node.value !== current) set(node.value)
  }
}

/**
 * For a checkbox (`set` gets whether it is ticked) or a radio button (`set` is called only for the
 * one chosen on screen, as a radio's own change event is).
 */
export function keepTypedCheck(current: boolean, set: (checked: boolean) => void) {
  return (node: HTMLInputElement | null) => {
    if (!firstSight(node) || node.checked === current) return
    if (node.type !== 'radio' || node.checked) set(node.checked)
  }
}

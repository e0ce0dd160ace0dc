// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { startCode } from './start-script.ts'

/** Runs the start script as the browser would while parsing a page in `readyState`. */
function runStartScript(readyState: DocumentReadyState) {
  const script = document.createElement('script')
  script.dataset.entry = '/assets/entry-client-abc.js'
  script.dataset.preload = '/assets/initial-abc.js /assets/product._slug-abc.js'
  document.body.append(script)
  Object.defineProperty(document, 'currentScript', { value: script, configurable: true })
  Object.defineProperty(document, 'readyState', { value: readyState, configurable: true })
  new Function(startCode)()
  Object.defineProperty(document, 'currentScript', { value: null, configurable: true })
}

/** The load event, then the frame it paints and a task after it: when the script starts the code. */
async function afterLoadAndPaint() {
  window.dispatchEvent(new Event('load'))
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)))
}

const moduleScripts = () => [...document.querySelectorAll<HTMLScriptElement>('script[type="module"]')].map((s) => s.getAttribute('src'))
const preloads = () => [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'))

afterEach(() => {
  document.head.innerHTML = ''
  document.body.innerHTML = ''
})

describe('the start script', () => {
  it('fetches nothing while the first view loads and paints, then the entry and every chunk at once, once', async () => {
    runStartScript('interactive')
    expect(moduleScripts()).toEqual([])
    expect(preloads()).toEqual([])
    // Loaded but not yet painted: the first view's pictures reach the screen before any code is fetched.
    window.dispatchEvent(new Event('load'))
    expect(moduleScripts()).toEqual([])
    await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)))
    expect(moduleScripts()).toEqual(['/assets/entry-client-abc.js'])
    expect(preloads()).toEqual(['/assets/initial-abc.js', '/assets/product._slug-abc.js'])
    window.dispatchEvent(new Event('pointerdown'))
    await afterLoadAndPaint()
    expect(moduleScripts()).toHaveLength(1)
    expect(preloads()).toHaveLength(2)
  })

  it('starts at once when the visitor taps or types before the page has loaded', async () => {
    runStartScript('interactive')
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }))
    expect(moduleScripts()).toEqual(['/assets/entry-client-abc.js'])
    await afterLoadAndPaint()
    expect(moduleScripts()).toHaveLength(1)
  })

  it('starts at once on a page that has already loaded', () => {
    runStartScript('complete')
    expect(moduleScripts()).toEqual(['/assets/entry-client-abc.js'])
  })
})

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

const moduleScripts = () => [...document.querySelectorAll<HTMLScriptElement>('script[type="module"]')].map((s) => s.getAttribute('src'))
const preloads = () => [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'))

afterEach(() => {
  document.head.innerHTML = ''
  document.body.innerHTML = ''
})

describe('the start script', () => {
  it('fetches nothing while the first view loads, then the entry and every chunk at once, once', () => {
    runStartScript('interactive')
    expect(moduleScripts()).toEqual([])
    expect(preloads()).toEqual([])
    window.dispatchEvent(new Event('load'))
    expect(moduleScripts()).toEqual(['/assets/entry-client-abc.js'])
    expect(preloads()).toEqual(['/assets/initial-abc.js', '/assets/product._slug-abc.js'])
    window.dispatchEvent(new Event('pointerdown'))
    window.dispatchEvent(new Event('load'))
    expect(moduleScripts()).toHaveLength(1)
    expect(preloads()).toHaveLength(2)
  })

  it('starts at once when the visitor taps or types before the page has loaded', () => {
    runStartScript('interactive')
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }))
    expect(moduleScripts()).toEqual(['/assets/entry-client-abc.js'])
    window.dispatchEvent(new Event('load'))
    expect(moduleScripts()).toHaveLength(1)
  })

  it('starts at once on a page that has already loaded', () => {
    runStartScript('complete')
    expect(moduleScripts()).toEqual(['/assets/entry-client-abc.js'])
  })
})

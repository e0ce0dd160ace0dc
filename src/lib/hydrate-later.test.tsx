// @vitest-environment jsdom
import { act, useState } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'

// React's act() outside a test renderer.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0)
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {label} {count}
    </button>
  )
}

function Page({ Part }: { Part: (props: { label: string }) => React.ReactNode }) {
  const [clicks, setClicks] = useState(0)
  return (
    <main>
      <button type="button" data-testid="shell" onClick={() => setClicks((n) => n + 1)}>
        shell {clicks}
      </button>
      <Part label="part" />
    </main>
  )
}

/** A fresh copy of the module: the server's and the browser's are separate programs. */
async function freshModule() {
  vi.resetModules()
  return import('./hydrate-later.tsx')
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('hydrateLater', () => {
  it('keeps the server’s HTML until the part’s code arrives, then hydrates it without a mismatch', async () => {
    // The server: the part's code is loaded before rendering, so its HTML is complete.
    const server = await freshModule()
    const serverPart = server.hydrateLater(async () => Counter)
    await serverPart.preload()
    const html = renderToString(<Page Part={serverPart.Component} />)
    expect(html).toContain('<!--$--><button type="button">part<!-- --> <!-- -->0</button><!--/$-->')

    // The browser: the part's code is on its way.
    const browser = await freshModule()
    let deliver: (component: typeof Counter) => void = () => {}
    const load = vi.fn(() => new Promise<typeof Counter>((resolve) => (deliver = resolve)))
    const browserPart = browser.hydrateLater(load)
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    const recoverable = vi.fn()
    let ready = false
    await act(async () => {
      hydrateRoot(container, <Page Part={browserPart.Component} />, { onRecoverableError: recoverable })
    })
    void browser.partsHydrated().then(() => (ready = true))

    // The shell is hydrated and usable; the part is still the server's HTML, and the page not ready.
    expect(load).toHaveBeenCalledTimes(1)
    const shell = container.querySelector<HTMLButtonElement>('[data-testid="shell"]')
    await act(async () => shell?.click())
    expect(shell?.textContent).toBe('shell 1')
    const part = () => [...container.querySelectorAll('button')].find((button) => button.textContent.startsWith('part'))
    expect(part()?.textContent).toBe('part 0')
    await act(async () => part()?.click())
    expect(part()?.textContent).toBe('part 0')
    expect(ready).toBe(false)

    // The code arrives: the same element is hydrated (not replaced), works, and the page is ready.
    const serverElement = part()
    await act(async () => deliver(Counter))
    expect(part()).toBe(serverElement)
    await act(async () => part()?.click())
    expect(part()?.textContent).toBe('part 1')
    await act(async () => {})
    expect(ready).toBe(true)
    expect(recoverable).not.toHaveBeenCalled()
  })

  it('renders at once in the browser when the code was preloaded (a visit by client-side navigation)', async () => {
    const browser = await freshModule()
    const part = browser.hydrateLater(async () => Counter)
    await part.preload()
    const container = document.createElement('div')
    document.body.append(container)
    const { createRoot } = await import('react-dom/client')
    await act(async () => createRoot(container).render(<Page Part={part.Component} />))
    expect(container.textContent).toContain('part 0')
    let ready = false
    await browser.partsHydrated().then(() => (ready = true))
    expect(ready).toBe(true)
  })

  it('tries a failed download again instead of keeping the failure', async () => {
    const browser = await freshModule()
    const load = vi.fn<() => Promise<typeof Counter>>().mockRejectedValueOnce(new Error('network')).mockResolvedValueOnce(Counter)
    const part = browser.hydrateLater(load)
    await expect(part.preload()).rejects.toThrow('network')
    await expect(part.preload()).resolves.toBeUndefined()
    await part.preload()
    expect(load).toHaveBeenCalledTimes(2)
  })
})

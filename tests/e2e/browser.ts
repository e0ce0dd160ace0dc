import AxeBuilder from '@axe-core/playwright'
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest'

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
// Without the networking flags Chromium floods this machine's closed network.
const args = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath, args })
}

/** A desktop window, as most journeys use it. */
export const desktop = { viewport: { width: 1280, height: 900 } } as const

function started<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is not started yet (use it inside a test)`)
  return value
}

/**
 * One Chromium for a test file and a fresh browser context (cookies, storage) for each test.
 * Registers the hooks; read `.browser` and `.context` inside tests.
 */
export function browserPerFile(options: BrowserContextOptions) {
  let browser: Browser | undefined
  let context: BrowserContext | undefined
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })
  beforeEach(async () => {
    context = await started(browser, 'the browser').newContext({ ...desktop, ...options })
  })
  afterEach(async () => {
    await context?.close()
  })
  return {
    get browser() {
      return started(browser, 'the browser')
    },
    get context() {
      return started(context, 'the browser context')
    },
  }
}

/**
 * A page that records console errors, warnings and uncaught exceptions: a journey fails on any
 * of them (hydration mismatches are reported this way).
 */
export async function newPage(context: BrowserContext): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage()
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  return { page, problems }
}

/** Waits until React has hydrated the page (the router marks it on <html> only in the client). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
}

/** Opens `path` and waits until React has hydrated it; answers the navigation's response. */
export async function visit(page: Page, path: string) {
  const response = await page.goto(path)
  await hydrated(page)
  return response
}

/**
 * The people of a journey, each in a browser context of their own (cookies, storage) on the shop
 * at `baseUrl()`, all closed after the file's last test.
 */
export function peoplePerFile(session: { readonly browser: Browser }, baseUrl: () => string) {
  const contexts: BrowserContext[] = []
  afterAll(async () => {
    for (const context of contexts) await context.close()
  })
  return async function person() {
    const context = await session.browser.newContext({ baseURL: baseUrl(), ...desktop, reducedMotion: 'reduce' })
    contexts.push(context)
    return newPage(context)
  }
}

export async function expectAccessible(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(
    serious.map(
      (v) =>
        `${label}: ${v.id} (${v.impact}): ${v.help} → ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    ),
  ).toEqual([])
}

/**
 * The header's controls as the visitor sees them: each within the screen's width and none over
 * another (the menu's links before it opens, and the skip link until focused, are not shown).
 * Empty when the row holds; else what is wrong, for the failure message.
 */
export async function headerProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const header = document.querySelector('header[data-transparent]')
    if (!header) return ['no site header']
    const shown = [...header.querySelectorAll<HTMLElement>('a, button, summary')].filter((element) => {
      const box = element.getBoundingClientRect()
      const closedMenu = element.closest('details:not([open])')
      return box.width > 0 && box.bottom > 0 && getComputedStyle(element).visibility !== 'hidden' && (!closedMenu || element.tagName === 'SUMMARY')
    })
    const name = (element: HTMLElement) => element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName
    const problems: string[] = []
    const width = document.documentElement.clientWidth
    for (const [i, element] of shown.entries()) {
      const a = element.getBoundingClientRect()
      if (a.right > width + 0.5 || a.left < -0.5)
        problems.push(`${name(element)} runs off the screen (${Math.round(a.left)}–${Math.round(a.right)} of ${width})`)
      for (const other of shown.slice(i + 1)) {
        if (element.contains(other) || other.contains(element)) continue
        const b = other.getBoundingClientRect()
        if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
          problems.push(`${name(element)} overlaps ${name(other)}`)
      }
    }
    return problems
  })
}

/**
 * The console problems a journey must not have. The journeys share one client address, so
 * better-auth's per-address limit on sign-ups may answer 429 and make signUp() wait and retry.
 */
export const unexpected = (problems: string[]) => problems.filter((p) => !p.includes('status of 429'))

import AxeBuilder from '@axe-core/playwright'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { expect } from 'vitest'

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
// Without the networking flags Chromium floods this machine's closed network (STACK.md).
const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath, args })
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

export async function expectAccessible(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(
    serious.map((v) => `${label}: ${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`),
  ).toEqual([])
}

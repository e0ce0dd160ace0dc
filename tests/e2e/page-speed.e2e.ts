import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, newPage, visit } from './browser.ts'

// The largest image of each page (its LCP) is preloaded as the very AVIF its <picture> shows and
// never lazy; the fonts are preloaded; nothing moves while images and fonts arrive.
const baseUrl = inject('baseUrl')

/** Lighthouse's phone (412 px, DPR 1.75) and the desktop window CLS is measured in. */
const screens: Record<string, BrowserContextOptions> = {
  phone: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1350, height: 940 } },
}
const pages = ['/', '/shop', '/category/marmol', '/product/marmol-carrara-blanco']

let browser: Browser | undefined
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function open(screen: string, options: { slowFonts?: boolean } = {}) {
  if (!browser) throw new Error('the browser is not started')
  const context = await browser.newContext({ ...screens[screen], baseURL: baseUrl })
  const { page, problems } = await newPage(context)
  // Held back so they arrive after the first paint, as on a slow phone: the swap happens on screen.
  if (options.slowFonts) {
    await page.route(/\.woff2$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await route.continue()
    })
  }
  return { page, problems, close: () => context.close() }
}

/** The page's high-priority picture, what it shows and what the head preloads, read in the browser. */
function lcpPicture(page: Page) {
  return page.evaluate(() => {
    const img = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]')
    const picture = img?.closest('picture')
    const avifSources = [...(picture?.querySelectorAll<HTMLSourceElement>('source[type="image/avif"]') ?? [])]
    const source = avifSources.find((s) => !s.media || matchMedia(s.media).matches)
    const preloads = [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].filter(
      (link) => !link.media || matchMedia(link.media).matches,
    )
    const shown = img?.currentSrc ? new URL(img.currentSrc).pathname : ''
    const preloadable = new Set(preloads.flatMap((link) => link.imageSrcset.split(', ').map((candidate) => candidate.split(' ')[0])))
    return {
      highPriorityImages: document.querySelectorAll('img[fetchpriority="high"]').length,
      loading: img?.getAttribute('loading') ?? null,
      complete: img?.complete ?? false,
      shown,
      source: source ? { srcset: source.srcset, sizes: source.sizes } : null,
      preloads: preloads.map((link) => ({ srcset: link.imageSrcset, sizes: link.imageSizes, type: link.type, priority: link.fetchPriority })),
      // Of the preloaded candidates, the browser fetched one: the one the picture shows.
      fetchedCandidates: performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => preloadable.has(path)),
    }
  })
}

describe('page speed: the LCP image, fonts and layout shift', () => {
  for (const screen of Object.keys(screens)) {
    for (const path of pages) {
      it(`${path} on a ${screen}: the largest picture is the preloaded AVIF, eager and high priority`, async () => {
        const { page, problems, close } = await open(screen)
        await visit(page, path)
        await page.waitForFunction(() => document.querySelector<HTMLImageElement>('img[fetchpriority="high"]')?.complete === true)
        const lcp = await lcpPicture(page)
        expect(lcp.highPriorityImages).toBe(1)
        expect(lcp.loading).not.toBe('lazy')
        expect(lcp.shown).toMatch(/\.avif$/)
        expect(lcp.source).not.toBeNull()
        expect(lcp.preloads).toEqual([{ srcset: lcp.source?.srcset, sizes: lcp.source?.sizes, type: 'image/avif', priority: 'high' }])
        expect(lcp.fetchedCandidates).toEqual([lcp.shown])
        // And the phone counts that picture as the page's largest paint. (A wide screen does not count
        // the hero: its dark marble has too few bits per pixel, Chrome takes it for a placeholder.)
        const largestIsThePicture = await page.evaluate(
          () =>
            new Promise<boolean>((resolve) => {
              new PerformanceObserver((list) => {
                const largest = list.getEntries().at(-1)
                resolve(
                  largest !== undefined &&
                    'element' in largest &&
                    largest.element instanceof HTMLImageElement &&
                    largest.element.fetchPriority === 'high',
                )
              }).observe({ type: 'largest-contentful-paint', buffered: true })
            }),
        )
        if (screen === 'phone' || path !== '/') expect(largestIsThePicture).toBe(true)
        // The other pictures wait until they are scrolled to.
        const eager = await page.locator('img:not([loading="lazy"])').count()
        expect(eager).toBe(1)
        expect(problems).toEqual([])
        await close()
      })
    }
  }

  it('the first HTML preloads exactly the two latin font files the page then uses', async () => {
    const { page, close } = await open('phone')
    await visit(page, '/product/marmol-carrara-blanco')
    await page.waitForFunction(() => [...document.fonts].filter((font) => font.status === 'loaded').length >= 2)
    const fonts = await page.evaluate(() => ({
      preloaded: [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="font"]')].map((link) => ({
        path: new URL(link.href).pathname,
        type: link.type,
        crossOrigin: link.crossOrigin,
      })),
      fetched: performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((p) => p.endsWith('.woff2')),
    }))
    expect(fonts.preloaded.map((f) => f.path).sort()).toEqual([...fonts.fetched].sort())
    expect(fonts.preloaded.map((f) => f.path.replace(/-[\w-]{8}\.woff2$/, ''))).toEqual([
      '/assets/inter-latin-wght-normal',
      '/assets/playfair-display-latin-wght-normal',
    ])
    for (const font of fonts.preloaded) expect(font).toMatchObject({ type: 'font/woff2', crossOrigin: 'anonymous' })
    await close()
  })

  for (const screen of Object.keys(screens)) {
    for (const path of pages) {
      it(`${path} on a ${screen}: layout shift stays under 0.02 while late fonts swap in`, async () => {
        const { page, close } = await open(screen, { slowFonts: true })
        await page.addInitScript(() => {
          const shifts: number[] = []
          Object.assign(window, { layoutShifts: shifts })
          new PerformanceObserver((list) => {
            // LayoutShift entries (not in TypeScript's DOM types): shifts right after an input do not count.
            for (const entry of list.getEntries()) {
              const recentInput = 'hadRecentInput' in entry && entry.hadRecentInput === true
              if ('value' in entry && typeof entry.value === 'number' && !recentInput) shifts.push(entry.value)
            }
          }).observe({ type: 'layout-shift', buffered: true })
        })
        await visit(page, path)
        await page.waitForFunction(() => [...document.fonts].filter((font) => font.status === 'loaded').length >= 2)
        // Shifts are reported after the frame that makes them.
        await page.waitForTimeout(500)
        const shifts = await page.evaluate(() =>
          'layoutShifts' in window && Array.isArray(window.layoutShifts) ? window.layoutShifts.map(Number) : [Infinity],
        )
        expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThanOrEqual(0.02)
        await close()
      })
    }
  }
})

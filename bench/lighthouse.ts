import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { median } from './load.ts'

export type FormFactor = 'mobile' | 'desktop'

/** One page's Lighthouse figures: category scores 0–100, LCP and TBT in ms, CLS unitless. */
export interface LighthouseFigures {
  performance: number
  lcpMs: number
  tbtMs: number
  cls: number
  seo: number
  accessibility: number
  bestPractices: number
  /** Lighthouse's measure of the machine's speed during the runs (`environment.benchmarkIndex`, median): a busy machine scores low and inflates TBT. */
  benchmarkIndex: number
  /** The main thread's long tasks of the run whose TBT is the median: each script (or "other") and its milliseconds. */
  longTasks: LongTask[]
  /** The SEO, accessibility and best-practice audits that failed in any run: what a score below 100 is made of. */
  failedAudits: string[]
}

export interface LongTask {
  url: string
  ms: number
}

type Sample = Omit<LighthouseFigures, 'failedAudits' | 'longTasks'> & { longTasks: LongTask[] }

/** The `long-tasks` audit's rows (its table of URL, start and duration), scripts named by their path. */
function longTasksOf(audit: { details?: unknown } | undefined): LongTask[] {
  const details = audit?.details
  if (typeof details !== 'object' || details === null || !('items' in details) || !Array.isArray(details.items)) return []
  return details.items.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null || !('url' in item) || !('duration' in item)) return []
    const { url, duration } = item
    if (typeof url !== 'string' || typeof duration !== 'number') return []
    return [{ url: url.startsWith('http') ? new URL(url).pathname : url, ms: Math.round(duration) }]
  })
}

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const categories = ['performance', 'seo', 'accessibility', 'best-practices']

/**
 * Lighthouse (the npm package) on Debian's Chromium: mobile is its default (simulated throttling of
 * a mid-range phone on slow 4G), desktop its desktop preset. The pages take turns in each of the
 * `runs` rounds (so drift on the machine hits them alike); each figure is the median of the runs.
 */
export async function lighthouseFigures(urls: readonly string[], formFactor: FormFactor, runs: number, onRun?: (url: string) => void) {
  const samples = urls.map((): Sample[] => [])
  const failed = urls.map(() => new Set<string>())
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox'] })
  try {
    for (let run = 0; run < runs; run++) {
      for (const [index, url] of urls.entries()) {
        onRun?.(url)
        const result = await lighthouse(
          url,
          { port: chrome.port, logLevel: 'error', onlyCategories: categories },
          formFactor === 'desktop' ? desktopConfig : undefined,
        )
        if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
        const lhr = result.lhr
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100)
        const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
        samples[index]?.push({
          performance: score('performance'),
          lcpMs: value('largest-contentful-paint'),
          tbtMs: value('total-blocking-time'),
          cls: value('cumulative-layout-shift'),
          seo: score('seo'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          benchmarkIndex: lhr.environment.benchmarkIndex,
          longTasks: longTasksOf(lhr.audits['long-tasks']),
        })
        for (const id of ['seo', 'accessibility', 'best-practices']) {
          for (const ref of lhr.categories[id]?.auditRefs ?? []) {
            const audit = lhr.audits[ref.id]
            if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failed[index]?.add(ref.id)
          }
        }
      }
    }
  } finally {
    chrome.kill()
  }
  return urls.map((_url, index): LighthouseFigures => {
    const runsOfPage = samples[index] ?? []
    const pick = (key: Exclude<keyof Sample, 'longTasks'>) => median(runsOfPage.map((s) => s[key]))
    const tbt = pick('tbtMs')
    const typical = [...runsOfPage].sort((a, b) => Math.abs(a.tbtMs - tbt) - Math.abs(b.tbtMs - tbt))[0]
    return {
      performance: pick('performance'),
      lcpMs: pick('lcpMs'),
      tbtMs: pick('tbtMs'),
      cls: pick('cls'),
      seo: pick('seo'),
      accessibility: pick('accessibility'),
      bestPractices: pick('bestPractices'),
      benchmarkIndex: pick('benchmarkIndex'),
      longTasks: typical?.longTasks ?? [],
      failedAudits: [...(failed[index] ?? [])],
    }
  })
}

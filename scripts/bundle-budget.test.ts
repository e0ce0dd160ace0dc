import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { flatRouteId } from '../server/http/ssr.ts'
import { clientManifestPath, initialJsByRoute, readClientManifest } from './initial-js.ts'

// Issue 11: the JavaScript a page's first HTML loads (entry script + modulepreloads, gzip) stays
// within 130 KB on every route, and a page never downloads other pages' code up front. Reads the
// build `npm test` makes before Vitest runs; a local run without a build skips, CI never does.
const budgetKb = 130
/**
 * Pages over the budget today, each held to its figure (rounded up, a few KB of room) so that none
 * grows unnoticed: lower a figure when a page gets lighter, and drop the entry once it fits. The
 * shell every page shares is ~132 KB, of which React 19, TanStack Router and Query, tRPC and Lingui
 * take ~121 KB; the form pages also load zod and @tanstack/react-form with their first view.
 */
const heldKb: Record<string, number> = {
  __root__: 140,
  '/': 140,
  '/auth_/verified': 140,
  '/b2b': 140,
  '/category/$slug': 140,
  '/orders': 140,
  '/payment-success': 140,
  '/privacy': 140,
  '/returns': 140,
  '/shop': 140,
  '/terms': 140,
  '/test-payment/$sessionId': 140,
  '/product/$slug': 145,
  '/about': 150,
  '/faq': 150,
  '/catalog': 180,
  '/contact': 180,
  '/checkout': 185,
  '/admin': 190,
  '/auth_/reset': 190,
  '/auth': 215,
  '/account': 220,
}
const distDir = 'dist'
const built = existsSync(clientManifestPath(distDir))
if (!built && process.env.CI) throw new Error(`The bundle budget needs the client build (${clientManifestPath(distDir)}): run npm run build`)

describe('the bundle budget', () => {
  if (!built) {
    it.skip('needs a build in dist/: run npm run build first', () => {})
    return
  }
  const pages = initialJsByRoute(distDir)

  it('measures every route of the build', () => {
    expect(pages.map((page) => page.routeId)).toEqual(
      expect.arrayContaining(['__root__', '/', '/shop', '/product/$slug', '/category/$slug', '/checkout']),
    )
  })

  it.each(pages.map((page) => [page.routeId, page] as const))(
    '%s stays within its budget of gzipped JavaScript in its first HTML',
    (routeId, page) => {
      const limitKb = heldKb[routeId] ?? budgetKb
      const said = `${(page.gzipBytes / 1024).toFixed(1)} KB gzip in ${page.files.length} files, over ${limitKb} KB (ANALYZE=1 npm run build shows what is in them)`
      expect(page.gzipBytes, said).toBeLessThanOrEqual(limitKb * 1024)
    },
  )

  it('holds only pages that are still over the budget', () => {
    const fitting = pages.filter((page) => page.routeId in heldKb && page.gzipBytes <= budgetKb * 1024).map((page) => page.routeId)
    expect(fitting, 'these pages fit in 130 KB now: remove them from heldKb').toEqual([])
  })

  it('preloads no other route’s components on a page', () => {
    // Which route a split chunk (`src/routes/<file>?tsr-split=…`) belongs to.
    const routeOfFile = new Map(
      Object.entries(readClientManifest(distDir))
        .filter(([key]) => key.includes('?tsr-split='))
        .map(([key, chunk]) => [`/${chunk.file}`, flatRouteId(key.slice(0, key.indexOf('?')))]),
    )
    for (const page of pages) {
      const others = page.files.flatMap((file) => routeOfFile.get(file) ?? []).filter((routeId) => routeId !== page.routeId)
      expect(others, `${page.routeId} preloads other routes’ components`).toEqual([])
    }
  })
})

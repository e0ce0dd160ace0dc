import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { clientAssetsFromManifest, flatRouteId, type ViteManifestChunk } from './ssr.ts'

// A small build: the entry (router, root layout) and two routes split by TanStack Router, which share
// a chunk with each other; the product route also has a not-found component of its own.
const manifest: Record<string, ViteManifestChunk> = {
  'src/entry-client.tsx': {
    file: 'assets/entry.js',
    isEntry: true,
    imports: ['_react.js', '_root.js'],
    dynamicImports: ['src/routes/index.tsx?tsr-split=component', 'src/routes/product.$slug.tsx?tsr-split=component'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_root.js': { file: 'assets/root.js', imports: ['_react.js'] },
  '_grid.js': { file: 'assets/grid.js', imports: ['_react.js'] },
  '_calculator.js': { file: 'assets/calculator.js', imports: ['_react.js', '_grid.js'] },
  'src/routes/index.tsx?tsr-split=component': { file: 'assets/home.js', imports: ['_react.js', '_grid.js'] },
  'src/routes/product.$slug.tsx?tsr-split=component': { file: 'assets/product.js', imports: ['_root.js', '_calculator.js'] },
  'src/routes/product.$slug.tsx?tsr-split=notFoundComponent': { file: 'assets/product-missing.js', imports: ['_root.js'] },
  'src/routes/auth_.reset.tsx?tsr-split=component': { file: 'assets/reset.js' },
  'style.css': { file: 'assets/style.css' },
}

describe('clientAssetsFromManifest', () => {
  const assets = clientAssetsFromManifest(manifest)

  it('loads the entry and preloads its static imports on every page', () => {
    expect(assets.script).toBe('/assets/entry.js')
    expect(assets.preloads).toEqual(['/assets/react.js', '/assets/root.js'])
    expect(assets.css).toEqual(['/assets/style.css'])
  })

  it('preloads for a route only its own chunks and what they import beyond the entry', () => {
    expect(assets.routePreloads).toEqual({
      '/': ['/assets/home.js', '/assets/grid.js'],
      '/product/$slug': ['/assets/product.js', '/assets/calculator.js', '/assets/grid.js'],
      '/auth_/reset': ['/assets/reset.js'],
    })
  })

  it('leaves out the components a page shows only when something is missing', () => {
    expect(Object.values(assets.routePreloads).flat()).not.toContain('/assets/product-missing.js')
  })

  it('refuses a manifest without the entry', () => {
    expect(() => clientAssetsFromManifest({ 'style.css': { file: 'assets/style.css' } })).toThrow(/no entry src\/entry-client.tsx/)
  })
})

describe('flatRouteId', () => {
  it('names each route file as the generated route tree does', () => {
    const tree = readFileSync(new URL('../../src/routeTree.gen.ts', import.meta.url), 'utf8')
    // Each route's file, by its name in the tree (`AdminOrdersRoute` ← './routes/admin.orders'), and
    // its full id (a nested route's `update({ id })` is relative to its parent: FileRoutesById has it whole).
    const fileOf = new Map(
      [...tree.matchAll(/import \{ Route as (\w+)RouteImport \} from '\.\/routes\/([^']+)'/g)].map(([, name, file]) => [name!, file!]),
    )
    const byId = tree.slice(tree.indexOf('export interface FileRoutesById'), tree.indexOf('export interface FileRouteTypes'))
    const ids = [...byId.matchAll(/'([^']+)': typeof (\w+?)Route(?:WithChildren)?\n/g)].map(([, id, name]) => [fileOf.get(name!), id])
    expect(ids.length).toBeGreaterThan(10)
    for (const [file, id] of ids) expect(flatRouteId(`src/routes/${file}.tsx`), file).toBe(id)
  })

  it('gives a nested index route its trailing slash', () => {
    expect(flatRouteId('src/routes/posts.index.tsx')).toBe('/posts/')
  })
})

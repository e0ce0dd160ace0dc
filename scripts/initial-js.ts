import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { clientAssetsFromManifest, type ViteManifestChunk } from '../server/http/ssr.ts'

/** The JavaScript one page's first HTML makes the browser download: the entry script and every modulepreload. */
export interface InitialJs {
  routeId: string
  files: string[]
  gzipBytes: number
}

export const clientManifestPath = (distDir: string) => join(distDir, 'client/.vite/manifest.json')

export function readClientManifest(distDir: string): Record<string, ViteManifestChunk> {
  return JSON.parse(readFileSync(clientManifestPath(distDir), 'utf8')) as Record<string, ViteManifestChunk>
}

/** Per route of the build in `distDir` (plus `__root__`, a page with no code of its own), what its first HTML loads. */
export function initialJsByRoute(distDir: string): InitialJs[] {
  const assets = clientAssetsFromManifest(readClientManifest(distDir))
  const gzipped = new Map<string, number>()
  const size = (url: string) => {
    let bytes = gzipped.get(url)
    if (bytes === undefined) {
      bytes = gzipSync(readFileSync(join(distDir, 'client', url))).length
      gzipped.set(url, bytes)
    }
    return bytes
  }
  const common = [assets.script, ...assets.preloads]
  const pages: Array<[string, string[]]> = [
    ['__root__', common],
    ...Object.entries(assets.routePreloads).map(([id, own]): [string, string[]] => [id, [...common, ...own]]),
  ]
  return pages.map(([routeId, files]) => ({ routeId, files, gzipBytes: files.reduce((sum, file) => sum + size(file), 0) }))
}

// `node scripts/initial-js.ts [dist]`: the figures of the last build, one line per route.
if (import.meta.main) {
  const distDir = process.argv[2] ?? 'dist'
  if (!existsSync(clientManifestPath(distDir))) throw new Error(`No client build in ${distDir}: run npm run build first`)
  for (const page of initialJsByRoute(distDir).sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    console.log(`${page.routeId.padEnd(28)} ${(page.gzipBytes / 1024).toFixed(1).padStart(6)} KB gzip in ${page.files.length} files`)
  }
}

import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ClientAssets, render as renderFn } from '../../src/entry-server.tsx'

export type RenderPage = typeof renderFn

/** What the SSR bundle gives the server: pages (emails and messages are the server's own). */
export interface PageRenderer {
  render: RenderPage
  assets: ClientAssets
}

export interface ViteManifestChunk {
  file: string
  css?: string[]
  imports?: string[]
  dynamicImports?: string[]
  isEntry?: boolean
}

const routesDirectory = 'src/routes/'
const splitMarker = '?tsr-split='

/**
 * A flat file route's id, as TanStack Router names it (`category.$slug.tsx` → `/category/$slug`,
 * `auth_.reset.tsx` → `/auth_/reset`, `index.tsx` → `/`): the dots of a file name are the slashes
 * of its id. The test holds it against src/routeTree.gen.ts.
 */
export function flatRouteId(file: string): string {
  const name = file.slice(file.lastIndexOf('/') + 1).replace(/\.[jt]sx?$/, '')
  const segments = name.split('.')
  // An index route's id ends with a slash (`posts.index.tsx` → `/posts/`).
  if (segments.at(-1) === 'index') return `/${segments.slice(0, -1).join('/')}${segments.length > 1 ? '/' : ''}`
  return `/${segments.join('/')}`
}

/**
 * What a matched route needs to render while hydrating: its component (and pending component). Its
 * not-found and error components load only when the page shows one.
 */
function rendersOnHydration(manifestKey: string): boolean {
  const parts = manifestKey.slice(manifestKey.indexOf(splitMarker) + splitMarker.length).split('---')
  return parts.includes('component') || parts.includes('pendingComponent')
}

/**
 * Script, stylesheet and preload URLs from Vite's build manifest. Every page preloads the entry's
 * static imports (the root layout and the router); a route adds its own split chunks and what they
 * import beyond the entry, so a page never downloads other pages' code up front.
 */
export function clientAssetsFromManifest(
  manifest: Record<string, ViteManifestChunk>,
  { entry = 'src/entry-client.tsx', routeIdOf = flatRouteId }: { entry?: string; routeIdOf?: (file: string) => string } = {},
): ClientAssets {
  const root = manifest[entry]
  if (!root) throw new Error(`The client manifest has no entry ${entry}`)
  // The files a chunk loads before it runs: itself and its static imports, transitively.
  const staticGraph = (keys: string[], skip: ReadonlySet<string>) => {
    const files: string[] = []
    const seen = new Set<string>()
    const visit = (key: string) => {
      if (seen.has(key)) return
      seen.add(key)
      const chunk = manifest[key]
      if (!chunk) return
      if (!skip.has(chunk.file)) files.push(chunk.file)
      for (const imported of chunk.imports ?? []) visit(imported)
    }
    keys.forEach(visit)
    return files
  }
  const entryFiles = staticGraph([entry], new Set())
  const inEntry = new Set(entryFiles)

  const splitKeysByRoute = new Map<string, string[]>()
  for (const key of Object.keys(manifest)) {
    if (!key.startsWith(routesDirectory) || !key.includes(splitMarker) || !rendersOnHydration(key)) continue
    const routeId = routeIdOf(key.slice(0, key.indexOf(splitMarker)))
    splitKeysByRoute.set(routeId, [...(splitKeysByRoute.get(routeId) ?? []), key])
  }
  const routePreloads: Record<string, string[]> = {}
  for (const [routeId, keys] of splitKeysByRoute) {
    routePreloads[routeId] = staticGraph(keys, inEntry).map((file) => `/${file}`)
  }

  // Route chunks load lazily, but their styles are needed in the first HTML to avoid a flash of
  // unstyled content; the whole site's CSS is small, so every stylesheet goes in the head.
  const css = new Set<string>()
  for (const chunk of Object.values(manifest)) {
    for (const file of chunk.css ?? []) css.add(`/${file}`)
    if (chunk.file.endsWith('.css')) css.add(`/${chunk.file}`)
  }
  return {
    script: `/${root.file}`,
    css: [...css],
    preloads: entryFiles.filter((file) => file !== root.file).map((file) => `/${file}`),
    routePreloads,
  }
}

/** Loads the SSR bundle and the client manifest built by `npm run build`; null when not built. */
export async function loadPageRenderer(distDir: string): Promise<PageRenderer | null> {
  let manifestText: string
  try {
    manifestText = await readFile(join(distDir, 'client/.vite/manifest.json'), 'utf8')
  } catch {
    return null
  }
  const assets = clientAssetsFromManifest(JSON.parse(manifestText) as Record<string, ViteManifestChunk>)
  const entry = (await import(pathToFileURL(join(distDir, 'server/entry-server.js')).href)) as Omit<PageRenderer, 'assets'>
  return { render: entry.render, assets }
}

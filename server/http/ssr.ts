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

interface ViteManifestChunk {
  file: string
  css?: string[]
  imports?: string[]
  isEntry?: boolean
}

/** Script, stylesheet and preload URLs of the client entry, from Vite's build manifest. */
export function clientAssetsFromManifest(manifest: Record<string, ViteManifestChunk>, entry = 'src/entry-client.tsx'): ClientAssets {
  const root = manifest[entry]
  if (!root) throw new Error(`The client manifest has no entry ${entry}`)
  const css = new Set<string>()
  const preloads = new Set<string>()
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) return
    for (const file of chunk.css ?? []) css.add(`/${file}`)
    if (key !== entry) preloads.add(`/${chunk.file}`)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  visit(entry)
  // Route chunks load lazily, but their styles are needed in the first HTML to avoid a flash of
  // unstyled content; the whole site's CSS is small, so every stylesheet goes in the head.
  for (const chunk of Object.values(manifest)) {
    for (const file of chunk.css ?? []) css.add(`/${file}`)
    if (chunk.file.endsWith('.css')) css.add(`/${chunk.file}`)
  }
  return { script: `/${root.file}`, css: [...css], preloads: [...preloads] }
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

import { gzipSync } from 'node:zlib'

/** The JavaScript a page's first HTML makes the browser fetch: its scripts, modulepreloads and start script's chunks. */
export interface PageJs {
  files: number
  gzipBytes: number
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tag)?.[1]

/** Script sources and modulepreload links in `html`, in order, without repeats. */
export function initialScriptUrls(html: string): string[] {
  const urls = new Set<string>()
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = attribute(tag, 'src')
    if (src) urls.add(src)
  }
  // The start script names the entry and the chunks it fetches once the first view has loaded
  // (src/lib/start-script.ts): the page's code all the same.
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const entry = attribute(tag, 'data-entry')
    if (entry) urls.add(entry)
    for (const href of attribute(tag, 'data-preload')?.split(' ') ?? []) if (href) urls.add(href)
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const href = attribute(tag, 'href')
    if (href && attribute(tag, 'rel')?.toLowerCase() === 'modulepreload') urls.add(href)
  }
  return [...urls]
}

/** Fetches `path`'s first HTML from `origin`, then each script it names; sums their gzip sizes. */
export async function initialJs(origin: string, path: string): Promise<PageJs> {
  const html = await (await fetch(new URL(path, origin))).text()
  const urls = initialScriptUrls(html)
  let gzipBytes = 0
  for (const url of urls) {
    const res = await fetch(new URL(url, origin))
    if (!res.ok) throw new Error(`${url} (named by ${path}) answered ${res.status}`)
    gzipBytes += gzipSync(Buffer.from(await res.arrayBuffer())).length
  }
  return { files: urls.length, gzipBytes }
}

import { SaxesParser } from 'saxes'

const sitemapNs = 'http://www.sitemaps.org/schemas/sitemap/0.9'
const xhtmlNs = 'http://www.w3.org/1999/xhtml'

export interface SitemapEntry {
  loc: string
  lastmod: string | null
  /** hreflang → href of the entry's `<xhtml:link rel="alternate">`. */
  alternates: Record<string, string>
}

/**
 * The entries of a sitemap, read with a strict, namespace-aware XML parser (saxes): malformed XML
 * throws, and only elements in the sitemap and XHTML namespaces count, as search engines read them.
 */
export function parseSitemap(xml: string): SitemapEntry[] {
  const entries: SitemapEntry[] = []
  let entry: SitemapEntry | null = null
  let field: 'loc' | 'lastmod' | null = null
  let text = ''
  const parser = new SaxesParser({ xmlns: true })
  parser.on('error', (error) => {
    throw error
  })
  parser.on('opentag', (node) => {
    if (node.uri === sitemapNs && node.local === 'url') entry = { loc: '', lastmod: null, alternates: {} }
    else if (node.uri === sitemapNs && (node.local === 'loc' || node.local === 'lastmod')) {
      field = node.local
      text = ''
    } else if (node.uri === xhtmlNs && node.local === 'link' && entry) {
      const attribute = (name: string) => node.attributes[name]?.value
      const hreflang = attribute('hreflang')
      const href = attribute('href')
      if (attribute('rel') === 'alternate' && hreflang && href) entry.alternates[hreflang] = href
    }
  })
  parser.on('text', (chunk) => {
    if (field) text += chunk
  })
  parser.on('closetag', (node) => {
    if (node.uri === sitemapNs && node.local === 'url' && entry) {
      entries.push(entry)
      entry = null
    } else if (field && node.uri === sitemapNs && node.local === field) {
      if (entry) entry[field] = text.trim()
      field = null
    }
  })
  parser.write(xml).close()
  return entries
}

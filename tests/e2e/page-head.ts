import { Parser } from 'htmlparser2'

/** What a crawler reads from a page's HTML: its language, canonical, language alternates and JSON-LD. */
export interface PageHead {
  lang: string | null
  canonicals: string[]
  /** hreflang → href of every `<link rel="alternate" hreflang>`. */
  alternates: Record<string, string>
  /** The raw text of every `<script type="application/ld+json">`, in document order. */
  jsonLdTexts: string[]
}

/** Reads the head as a crawler does, with an HTML parser (htmlparser2, linkinator's own). */
export function readPageHead(html: string): PageHead {
  const head: PageHead = { lang: null, canonicals: [], alternates: {}, jsonLdTexts: [] }
  let jsonLd: string[] | null = null
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'html') head.lang = attributes.lang ?? null
        const rel = attributes.rel?.toLowerCase().split(/\s+/) ?? []
        if (name === 'link' && rel.includes('canonical') && attributes.href !== undefined) head.canonicals.push(attributes.href)
        if (name === 'link' && rel.includes('alternate') && attributes.hreflang && attributes.href !== undefined) {
          head.alternates[attributes.hreflang] = attributes.href
        }
        if (name === 'script' && attributes.type === 'application/ld+json') jsonLd = []
      },
      ontext(text) {
        jsonLd?.push(text)
      },
      onclosetag(name) {
        if (name === 'script' && jsonLd) {
          head.jsonLdTexts.push(jsonLd.join(''))
          jsonLd = null
        }
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true },
  )
  parser.write(html)
  parser.end()
  return head
}

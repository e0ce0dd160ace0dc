import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { isLanguage, languages, defaultLanguage, type Language } from '../../core/language.ts'
import { localizedUrl } from '../../core/language-urls.ts'
import type { RouterContext } from '../router.tsx'
import { responsiveImage } from './images.ts'
import type { JsonLdNode, PageLinks } from './structured-data.ts'

type HeadContext = Pick<RouterContext, 'i18n' | 'site'>

/** A page's picture for link previews (Open Graph, Twitter cards). */
export interface PageImage {
  /** The file's URL (a built asset's path, or absolute). */
  src: string
  /** What it shows, in the page's language. */
  alt: string
  width?: number
  height?: number
}

export interface PageMeta {
  title: string
  description: string
  /** The route's (Spanish) path without query, e.g. `/product/marmol-carrara-blanco`. */
  path: string
  /** Open Graph's type of the page. */
  type?: 'website' | 'product'
  /** The page's own picture; the home's hero where it has none. */
  image?: PageImage
  /** The page's schema.org nodes (lib/structured-data.ts), built from its canonical links. */
  structuredData?: (page: PageLinks) => readonly JsonLdNode[]
}

/** Open Graph names languages with their region. */
const ogLocales: Record<Language, string> = { es: 'es_ES', en: 'en_GB' }

/** The language of the page being rendered (its URL's, docs/decisions/016-language-urls.md). */
export function pageLanguage(context: HeadContext): Language {
  return isLanguage(context.i18n.locale) ? context.i18n.locale : defaultLanguage
}

/** The picture a page without one is shared with: the home's hero (a dark marble panel). */
function defaultImage(context: HeadContext): PageImage | undefined {
  const hero = responsiveImage('hero', 'hero')
  return hero ? { src: hero.src, alt: context.i18n._(msg`Dark marble-look PVC wall panel`), width: hero.width, height: hero.height } : undefined
}

/** A JSON-LD script; `<` escaped so no text in the data can close the script element. */
function jsonLdScript(node: JsonLdNode) {
  return { type: 'application/ld+json', children: JSON.stringify({ '@context': 'https://schema.org', ...node }).replace(/</g, '\\u003c') }
}

/**
 * Title, description, canonical and hreflang alternates of a page in the visitor's language: each
 * language's own URL (docs/product.md#language), the canonical this page's, x-default the Spanish.
 * Then its link previews (Open Graph, Twitter card) and its structured data, whose URLs are all
 * canonical ones in the page's language.
 */
export function pageHead(context: HeadContext, page: PageMeta) {
  const language = pageLanguage(context)
  const base = context.site.publicUrl
  const urlIn = (lang: Language, path = page.path) => localizedUrl(base, path, lang)
  const canonical = urlIn(language)
  const company = context.site.company
  const title = page.path === '/' ? page.title : `${page.title} | ${company.name}`
  const picture = page.image ?? defaultImage(context)
  const image = picture ? { url: new URL(picture.src, base).href, alt: picture.alt } : undefined
  const links: PageLinks = { language, canonical, urlOf: (path) => urlIn(language, path), ...(image ? { image } : {}) }
  const imageMeta = image
    ? [
        { property: 'og:image', content: image.url },
        ...(picture?.width && picture.height
          ? [
              { property: 'og:image:width', content: String(picture.width) },
              { property: 'og:image:height', content: String(picture.height) },
            ]
          : []),
        { property: 'og:image:alt', content: image.alt },
        { name: 'twitter:image', content: image.url },
        { name: 'twitter:image:alt', content: image.alt },
      ]
    : []
  return {
    meta: [
      { title },
      { name: 'description', content: page.description },
      { property: 'og:site_name', content: company.name },
      { property: 'og:title', content: title },
      { property: 'og:description', content: page.description },
      { property: 'og:type', content: page.type ?? 'website' },
      { property: 'og:url', content: canonical },
      { property: 'og:locale', content: ogLocales[language] },
      // The router keeps one meta per property: right while the shop has two languages.
      ...languages.filter((lang) => lang !== language).map((lang) => ({ property: 'og:locale:alternate', content: ogLocales[lang] })),
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:title', content: title },
      { name: 'twitter:description', content: page.description },
      ...imageMeta,
    ],
    links: [
      { rel: 'canonical', href: canonical },
      ...languages.map((lang) => ({ rel: 'alternate', hrefLang: lang, href: urlIn(lang) })),
      { rel: 'alternate', hrefLang: 'x-default', href: urlIn(defaultLanguage) },
    ],
    scripts: (page.structuredData?.(links) ?? []).map(jsonLdScript),
  }
}

const pageNotFound = msg`Page not found`

/**
 * The head of a 404 (an unknown path, product or category): titled as one in the page's language,
 * kept out of search results, and with no canonical or alternates, which would name the missing page.
 */
export function notFoundHead(context: HeadContext, title: MessageDescriptor = pageNotFound) {
  return {
    meta: [{ title: `${context.i18n._(title)} | ${context.site.company.name}` }, { name: 'robots', content: 'noindex' }],
    links: [],
    scripts: [],
  }
}

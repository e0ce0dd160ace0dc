import { isLanguage, languages, defaultLanguage, type Language } from '../../core/language.ts'
import { localizedUrl } from '../../core/language-urls.ts'
import type { RouterContext } from '../router.tsx'

export interface PageMeta {
  title: string
  description: string
  /** The route's (Spanish) path without query, e.g. `/product/marmol-carrara-blanco`. */
  path: string
  jsonLd?: Record<string, unknown>
  image?: string
}

/**
 * Title, description, canonical and hreflang alternates of a page in the visitor's language: each
 * language's own URL (docs/product.md#language), the canonical this page's, x-default the Spanish.
 */
export function pageHead(context: Pick<RouterContext, 'i18n' | 'site'>, page: PageMeta) {
  const language = isLanguage(context.i18n.locale) ? context.i18n.locale : defaultLanguage
  const base = context.site.publicUrl
  const urlIn = (lang: Language) => localizedUrl(base, page.path, lang)
  const title = page.path === '/' ? page.title : `${page.title} | ${context.site.company.name}`
  return {
    meta: [
      { title },
      { name: 'description', content: page.description },
      { property: 'og:title', content: title },
      { property: 'og:description', content: page.description },
      { property: 'og:type', content: page.jsonLd ? 'product' : 'website' },
      { property: 'og:url', content: urlIn(language) },
      { property: 'og:locale', content: language === 'en' ? 'en_GB' : 'es_ES' },
      ...(page.image ? [{ property: 'og:image', content: new URL(page.image, base).href }] : []),
    ],
    links: [
      { rel: 'canonical', href: urlIn(language) },
      ...languages.map((lang) => ({ rel: 'alternate', hrefLang: lang, href: urlIn(lang) })),
      { rel: 'alternate', hrefLang: 'x-default', href: urlIn(defaultLanguage) },
    ],
    scripts: page.jsonLd ? [{ type: 'application/ld+json', children: JSON.stringify(page.jsonLd).replace(/</g, '\\u003c') }] : [],
  }
}

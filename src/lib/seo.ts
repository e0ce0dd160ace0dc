import { isLanguage, languages, defaultLanguage } from '../../core/language.ts'
import type { RouterContext } from '../router.tsx'

export interface PageMeta {
  title: string
  description: string
  /** Path without query, e.g. `/product/marmol-carrara-blanco`. */
  path: string
  jsonLd?: Record<string, unknown>
  image?: string
}

/** Title, description, canonical and hreflang alternates of a page in the visitor's language. */
export function pageHead(context: Pick<RouterContext, 'i18n' | 'site'>, page: PageMeta) {
  const language = isLanguage(context.i18n.locale) ? context.i18n.locale : defaultLanguage
  const base = context.site.publicUrl
  const urlIn = (lang: string) => `${base}${page.path}?lang=${lang}`
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
      { rel: 'alternate', hrefLang: 'x-default', href: `${base}${page.path}` },
    ],
    scripts: page.jsonLd ? [{ type: 'application/ld+json', children: JSON.stringify(page.jsonLd).replace(/</g, '\\u003c') }] : [],
  }
}

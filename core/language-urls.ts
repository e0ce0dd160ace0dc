import { defaultLanguage, type Language } from './language.ts'

/**
 * Each language has its own URLs (docs/product.md#language): Spanish at the bare path (the route
 * files' paths), English under `/en/` (`/en/product/…`, home `/en/`). The server, the client router
 * and the emails all build and read page URLs with these rules.
 */
const englishPrefix = '/en'

/** The language a page path is in: `/en` and everything under `/en/` is English, the rest Spanish. */
export function languageOfPath(pathname: string): Language {
  return pathname === englishPrefix || pathname.startsWith(`${englishPrefix}/`) ? 'en' : defaultLanguage
}

/** The route's own (Spanish) path of a page path in any language: `/en/shop` → `/shop`, `/en/` → `/`. */
export function stripLanguagePrefix(pathname: string): string {
  if (languageOfPath(pathname) === defaultLanguage) return pathname
  return pathname.slice(englishPrefix.length) || '/'
}

/**
 * The URL path of a page in `language`; `path` may carry a query and a fragment, and may already be
 * in either language: `localizedPath('/shop?c=marmol', 'en')` → `/en/shop?c=marmol`, `('/', 'en')`
 * → `/en/`, `('/en/faq', 'es')` → `/faq`.
 */
export function localizedPath(path: string, language: Language): string {
  const split = path.search(/[?#]/)
  const pathname = split === -1 ? path : path.slice(0, split)
  const rest = split === -1 ? '' : path.slice(split)
  const routePath = stripLanguagePrefix(pathname)
  if (language === defaultLanguage) return `${routePath}${rest}`
  return `${englishPrefix}${routePath}${rest}`
}

/** The absolute URL of a page in `language` (`publicUrl` without a trailing slash). */
export function localizedUrl(publicUrl: string, path: string, language: Language): string {
  return `${publicUrl}${localizedPath(path, language)}`
}

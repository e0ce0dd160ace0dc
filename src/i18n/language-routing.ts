import type { I18n } from '@lingui/core'
import type { AnyRouter, LocationRewrite, RouterHistory } from '@tanstack/react-router'
import { loadCatalog } from '../../core/i18n/load-catalog.ts'
import { languageCookie, type Language } from '../../core/language.ts'
import { languageOfPath, localizedPath, stripLanguagePrefix } from '../../core/language-urls.ts'

/**
 * The route files are the Spanish paths; an English URL is the same route under `/en/`
 * (docs/product.md#language). Coming in, the router drops the prefix; going out (links, navigate,
 * redirects) it adds the page's language, so every link of an English page stays English.
 * Each call gives a new pair: handing it to `router.update` also clears the router's cached links.
 */
export function languageRewrite(language: Language): LocationRewrite {
  // A new URL each time: the router reads the URL it passed in after the rewrite.
  const withPath = (url: URL, pathname: string) => {
    const next = new URL(url)
    next.pathname = pathname
    return next
  }
  return {
    input: ({ url }) => withPath(url, stripLanguagePrefix(url.pathname)),
    output: ({ url }) => withPath(url, localizedPath(url.pathname, language)),
  }
}

/**
 * Keeps the language of the page the person reads in the `lang` cookie, for what has no path of its
 * own: API messages, emails, and the bare home's redirect. Set by the browser, not on page responses,
 * so pages stay cacheable.
 */
export function rememberLanguage(language: Language) {
  const current = document.cookie.split('; ').find((part) => part.startsWith(`${languageCookie}=`))
  if (current === `${languageCookie}=${language}`) return
  document.cookie = `${languageCookie}=${language}; path=/; max-age=31536000; samesite=lax`
}

/**
 * Shows the page in `language` without a reload: loads and activates its catalog (texts and
 * <html lang>), points the router's links at that language's URLs and, given `href` (the page's URL
 * in that language), moves to it; then page titles and alternates are worked out again.
 */
export async function switchLanguage(router: AnyRouter, i18n: I18n, language: Language, href?: string) {
  if (i18n.locale !== language) i18n.loadAndActivate({ locale: language, messages: await loadCatalog(language) })
  rememberLanguage(language)
  router.update({ ...router.options, rewrite: languageRewrite(language) })
  if (href !== undefined) router.history.push(href)
  await router.invalidate()
}

/** Back and forward between the two languages' URLs bring the page's language along. */
export function followLanguageOfUrl(router: AnyRouter, i18n: I18n) {
  const history: RouterHistory = router.history
  return history.subscribe(({ location }) => {
    const language = languageOfPath(location.pathname)
    if (language !== i18n.locale) void switchLanguage(router, i18n, language)
  })
}

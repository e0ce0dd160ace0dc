import { useLingui } from '@lingui/react/macro'
import { useLocation, useRouter } from '@tanstack/react-router'
import { useState, type MouseEvent } from 'react'
import { languages, type Language } from '../../../core/language.ts'
import { localizedPath } from '../../../core/language-urls.ts'
import { switchLanguage } from '../../i18n/language-routing.ts'
import { visuallyHidden } from '../../styles/utilities.css.ts'
import * as styles from './LanguageToggle.css.ts'

const labels: Record<Language, string> = { es: 'Español', en: 'English' }

/**
 * Links to this page in each language (docs/product.md#language), so the choice works without
 * JavaScript and search engines see both. With JavaScript the switch needs no reload: the catalog
 * loads, texts and <html lang> change, and the address becomes the other language's URL.
 */
export function LanguageToggle({ className }: { className?: string }) {
  const { i18n, t } = useLingui()
  const router = useRouter()
  // The route's own path (without /en) and query; no fragment, which the server never sees, so the
  // hydrated links match the server's.
  const routeHref = useLocation({ select: (location) => location.href.split('#')[0] ?? location.href })
  const [switching, setSwitching] = useState(false)

  /**
   * The page's URL in `language`. The Spanish home alone carries `?lang=es`: the bare `/` follows a
   * remembered English choice, and the server's redirect for `?lang=es` replaces that choice.
   */
  function hrefIn(language: Language) {
    const href = localizedPath(routeHref, language)
    if (language !== 'es' || !/^\/([?#]|$)/.test(href)) return href
    const url = new URL(href, 'http://home')
    url.searchParams.set('lang', 'es')
    return `${url.pathname}${url.search}${url.hash}`
  }

  async function switchTo(event: MouseEvent<HTMLAnchorElement>, language: Language) {
    // A new tab or window follows the link itself.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    if (language === i18n.locale || switching) return
    setSwitching(true)
    try {
      await switchLanguage(router, i18n, language, localizedPath(routeHref, language))
    } finally {
      setSwitching(false)
    }
  }

  return (
    <div className={[styles.group, className].filter(Boolean).join(' ')} role="group" aria-label={t`Language`}>
      {languages.map((language) => (
        <a
          key={language}
          href={hrefIn(language)}
          hrefLang={language}
          lang={language}
          className={styles.option}
          aria-current={i18n.locale === language ? 'page' : undefined}
          onClick={(event) => void switchTo(event, language)}
        >
          {language.toUpperCase()}
          <span className={visuallyHidden}> – {labels[language]}</span>
        </a>
      ))}
    </div>
  )
}

import { useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { loadCatalog } from '../../../core/i18n/load-catalog.ts'
import { languageCookie, languages, type Language } from '../../../core/language.ts'
import { visuallyHidden } from '../../styles/utilities.css.ts'
import * as styles from './LanguageToggle.css.ts'

const labels: Record<Language, string> = { es: 'Español', en: 'English' }

/**
 * Switches the language without a reload: loads the catalog, activates it (texts and <html lang>
 * re-render), keeps the choice in the `lang` cookie and refreshes page titles.
 */
export function LanguageToggle({ className }: { className?: string }) {
  const { i18n, t } = useLingui()
  const router = useRouter()
  const [switching, setSwitching] = useState(false)

  async function switchTo(language: Language) {
    if (language === i18n.locale || switching) return
    setSwitching(true)
    try {
      const messages = await loadCatalog(language)
      i18n.loadAndActivate({ locale: language, messages })
      document.cookie = `${languageCookie}=${language}; path=/; max-age=31536000; samesite=lax`
      const url = new URL(window.location.href)
      if (url.searchParams.has('lang')) {
        url.searchParams.delete('lang')
        await router.navigate({ href: `${url.pathname}${url.search}${url.hash}`, replace: true })
      }
      await router.invalidate()
    } finally {
      setSwitching(false)
    }
  }

  return (
    <div className={[styles.group, className].filter(Boolean).join(' ')} role="group" aria-label={t`Language`}>
      {languages.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className={styles.option}
          aria-pressed={i18n.locale === language}
          onClick={() => void switchTo(language)}
        >
          {language.toUpperCase()}
          <span className={visuallyHidden}> – {labels[language]}</span>
        </button>
      ))}
    </div>
  )
}

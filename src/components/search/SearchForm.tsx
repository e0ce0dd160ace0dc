import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useId } from 'react'
import { localizedPath } from '../../../core/language-urls.ts'
import { searchLimits } from '../../../core/search.ts'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { button } from '../ui/button.css.ts'
import * as form from '../ui/form.css.ts'
import * as styles from './search.css.ts'

/**
 * The results page's search box (docs/product.md#search): a GET form, so it works before and
 * without JavaScript (query strings are never logged); with it, the page changes in place.
 */
export function SearchForm({ query }: { query: string }) {
  const { t } = useLingui()
  const language = useLanguage()
  const navigate = useNavigate()
  const id = useId()
  return (
    <form
      role="search"
      aria-label={t`Search the shop`}
      action={localizedPath('/search', language)}
      method="get"
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault()
        const q = String(new FormData(event.currentTarget).get('q') ?? '').trim()
        void navigate({ to: '/search', search: q ? { q } : {} })
      }}
    >
      <label htmlFor={id} className={form.label}>
        <Trans>What are you looking for?</Trans>
      </label>
      <div className={styles.row}>
        <input
          id={id}
          type="search"
          name="q"
          defaultValue={query}
          maxLength={searchLimits.query}
          autoComplete="off"
          enterKeyHint="search"
          className={form.input}
        />
        <button type="submit" className={button()}>
          <Trans>Search</Trans>
        </button>
      </div>
    </form>
  )
}

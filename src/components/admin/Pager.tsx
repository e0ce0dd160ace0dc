import { Trans } from '@lingui/react/macro'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { formatNumber } from '../../lib/format.ts'
import { button } from '../ui/button.css.ts'
import * as styles from './admin.css.ts'

/** Previous / Next through a paged list; nothing when everything fits on one page. */
export function Pager({ page, pageCount, onPage, label }: { page: number; pageCount: number; onPage: (page: number) => void; label: string }) {
  const language = useLanguage()
  if (pageCount <= 1) return null
  const current = formatNumber(page, language)
  const pages = formatNumber(pageCount, language)
  return (
    <nav className={styles.pager} aria-label={label}>
      <button type="button" className={button({ tone: 'outline', size: 'sm' })} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <Trans>Previous</Trans>
      </button>
      <span aria-live="polite">
        <Trans>
          Page {current} of {pages}
        </Trans>
      </span>
      <button type="button" className={button({ tone: 'outline', size: 'sm' })} disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        <Trans>Next</Trans>
      </button>
    </nav>
  )
}

import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { catalogFilterSearch, noCatalogFilters, type CatalogFilters } from '../../../core/catalog-filters.ts'
import { button } from '../ui/button.css.ts'
import * as styles from './CatalogFilters.css.ts'

/** What a filtered list says when nothing is left, with the way back (the order kept). */
export function NoFilteredPanels({ keep, filters }: { keep: { category?: string }; filters: CatalogFilters }) {
  return (
    <div className={styles.empty}>
      <p>
        <Trans>No panels match these filters.</Trans>
      </p>
      <Link
        to="."
        search={{ ...keep, ...catalogFilterSearch({ ...noCatalogFilters, sort: filters.sort }) }}
        resetScroll={false}
        activeOptions={{ exact: true, includeSearch: true }}
        className={button({ tone: 'outline', size: 'sm' })}
      >
        <Trans>Clear filters</Trans>
      </Link>
    </div>
  )
}

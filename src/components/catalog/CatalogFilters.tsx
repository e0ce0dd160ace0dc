import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useId, useOptimistic, useTransition, type FormEvent } from 'react'
import {
  activeFilterCount,
  catalogFilterSearch,
  catalogSorts,
  noCatalogFilters,
  parseCatalogFilters,
  priceFilterMaxEuros,
  type CatalogFacets,
  type CatalogFilters as Filters,
  type CatalogFilterSearch,
} from '../../../core/catalog-filters.ts'
import { chosenAttributes, facetOptions, toggleAttribute } from '../../../core/catalog-filter-choices.ts'
import { localizedPath } from '../../../core/language-urls.ts'
import { formatEuros } from '../../../core/money.ts'
import { attributeNameLabels, attributeValueLabel, catalogSortLabels } from '../../../core/product-attribute-labels.ts'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { useScriptRunning } from '../../lib/script-running.ts'
import { button } from '../ui/button.css.ts'
import * as form from '../ui/form.css.ts'
import * as styles from './CatalogFilters.css.ts'

// A link that changes the filters is never the current page: without `exact` the router would mark
// one whose search is part of the page's (taking a filter away) as current.
const exactSearch = { exact: true, includeSearch: true } as const

interface Props {
  /** The page's path without its language (`/shop`, `/category/marmol`): where the form without JavaScript goes. */
  path: string
  /** The page's own search values, kept by every filter link (the shop's category). */
  keep: { category?: string }
  filters: Filters
  facets: CatalogFacets
  total: number
}

/**
 * The shop's filters and sort (docs/product.md#filters): a GET form, so that they work before and
 * without JavaScript (a button applies them, links take one away); with it, each choice applies at
 * once and the list changes in place. Each value says how many panels choosing it would show.
 */
export function CatalogFilters({ path, keep, filters: current, facets, total }: Props) {
  const { t, i18n } = useLingui()
  const language = useLanguage()
  const navigate = useNavigate()
  const scriptRunning = useScriptRunning()
  const id = useId()
  const searchOf = (next: Filters): CatalogFilterSearch & { category?: string } => ({ ...keep, ...catalogFilterSearch(next) })
  // A choice shows at once (the box ticked, the order chosen) while the list it asks for loads.
  const [filters, showFilters] = useOptimistic(current)
  const [, startTransition] = useTransition()
  const active = activeFilterCount(filters)
  const apply = (next: Filters) =>
    startTransition(async () => {
      showFilters(next)
      await navigate({ to: '.', search: searchOf(next), resetScroll: false })
    })
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const read = (name: string) => data.getAll(name).map(String)
    apply(
      parseCatalogFilters({
        look: read('look'),
        colour: read('colour'),
        finish: read('finish'),
        texture: read('texture'),
        min: data.get('min') ?? undefined,
        max: data.get('max') ?? undefined,
        sort: data.get('sort') ?? undefined,
      }),
    )
  }
  const euros = (value: number) => formatEuros(value * 100, language)
  const priceChip =
    filters.minEuros !== null && filters.maxEuros !== null
      ? t`${euros(filters.minEuros)} to ${euros(filters.maxEuros)}`
      : filters.minEuros !== null
        ? t`From ${euros(filters.minEuros)}`
        : filters.maxEuros !== null
          ? t`Up to ${euros(filters.maxEuros)}`
          : null
  const lowest = facets.priceCents === null ? undefined : Math.floor(facets.priceCents.min / 100)
  const highest = facets.priceCents === null ? undefined : Math.ceil(facets.priceCents.max / 100)

  return (
    <form method="get" action={localizedPath(path, language)} className={styles.form} onSubmit={onSubmit} aria-label={t`Filter and sort panels`}>
      {keep.category ? <input type="hidden" name="category" value={keep.category} /> : null}
      <div className={styles.toolbar}>
        <p className={styles.count} aria-live="polite" data-testid="catalog-count">
          <Plural value={total} one="# panel" other="# panels" />
        </p>
        <div className={styles.sort}>
          <label htmlFor={`${id}-sort`} className={form.label}>
            <Trans>Sort by</Trans>
          </label>
          <select
            id={`${id}-sort`}
            name="sort"
            className={form.input}
            value={filters.sort}
            onChange={(event) => apply(parseCatalogFilters({ ...catalogFilterSearch(filters), sort: event.target.value }))}
          >
            {catalogSorts.map((sort) => (
              <option key={sort} value={sort}>
                {i18n._(catalogSortLabels[sort])}
              </option>
            ))}
          </select>
          {/* Without the script a choice in the list needs a button to be sent. */}
          {scriptRunning ? null : (
            <button type="submit" className={button({ tone: 'outline', size: 'sm' })}>
              <Trans>Sort</Trans>
            </button>
          )}
        </div>
      </div>

      <div className={styles.filterRow}>
        <details className={styles.panel}>
          <summary className={styles.summary}>
            {active > 0 ? <Trans>Filters ({active})</Trans> : <Trans>Filters</Trans>}
            <svg className={styles.chevron} width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
              <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
            </svg>
          </summary>
          <div className={styles.body}>
            {facetOptions(facets, filters).map(({ name, options }) => {
              // A value no panel has is left out, unless it is chosen (so that it can be taken away).
              const shown = options.filter((option) => option.count > 0 || option.chosen)
              if (shown.length === 0) return null
              return (
                <fieldset key={name} className={styles.fieldset}>
                  <legend className={styles.legend}>{i18n._(attributeNameLabels[name])}</legend>
                  {shown.map(({ choice, count, chosen }) => (
                    <label key={choice.value} className={styles.option}>
                      <input
                        type="checkbox"
                        name={choice.name}
                        value={choice.value}
                        checked={chosen}
                        onChange={() => apply(toggleAttribute(filters, choice))}
                      />
                      <span>
                        {i18n._(attributeValueLabel(choice.name, choice.value))} <span className={styles.optionCount}>({count})</span>
                      </span>
                    </label>
                  ))}
                </fieldset>
              )
            })}
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>
                <Trans>Price per panel (€)</Trans>
              </legend>
              <div className={styles.priceRow}>
                <div className={form.field}>
                  <label htmlFor={`${id}-min`} className={form.label}>
                    <Trans context="price range">From</Trans>
                  </label>
                  <input
                    id={`${id}-min`}
                    key={`min-${filters.minEuros}`}
                    type="number"
                    name="min"
                    inputMode="numeric"
                    min={0}
                    max={priceFilterMaxEuros}
                    step={1}
                    defaultValue={filters.minEuros ?? ''}
                    placeholder={lowest === undefined ? undefined : String(lowest)}
                    className={form.input}
                  />
                </div>
                <div className={form.field}>
                  <label htmlFor={`${id}-max`} className={form.label}>
                    <Trans context="price range">To</Trans>
                  </label>
                  <input
                    id={`${id}-max`}
                    key={`max-${filters.maxEuros}`}
                    type="number"
                    name="max"
                    inputMode="numeric"
                    min={0}
                    max={priceFilterMaxEuros}
                    step={1}
                    defaultValue={filters.maxEuros ?? ''}
                    placeholder={highest === undefined ? undefined : String(highest)}
                    className={form.input}
                  />
                </div>
              </div>
            </fieldset>
            <div className={styles.actions}>
              <button type="submit" className={button({ size: 'sm' })}>
                <Trans>Apply filters</Trans>
              </button>
            </div>
          </div>
        </details>

        {active > 0 ? (
          <>
            <ul className={styles.chips} aria-label={t`Filters applied`}>
              {chosenAttributes(filters).map((choice) => {
                const label = i18n._(attributeValueLabel(choice.name, choice.value))
                return (
                  <li key={`${choice.name}-${choice.value}`}>
                    <Link
                      to="."
                      search={searchOf(toggleAttribute(filters, choice))}
                      resetScroll={false}
                      activeOptions={exactSearch}
                      className={styles.chip}
                      aria-label={t`Remove filter: ${label}`}
                    >
                      {label} <span aria-hidden="true">×</span>
                    </Link>
                  </li>
                )
              })}
              {priceChip === null ? null : (
                <li>
                  <Link
                    to="."
                    search={searchOf({ ...filters, minEuros: null, maxEuros: null })}
                    resetScroll={false}
                    activeOptions={exactSearch}
                    className={styles.chip}
                    aria-label={t`Remove filter: ${priceChip}`}
                  >
                    {priceChip} <span aria-hidden="true">×</span>
                  </Link>
                </li>
              )}
            </ul>
            <Link
              to="."
              search={searchOf({ ...noCatalogFilters, sort: filters.sort })}
              resetScroll={false}
              activeOptions={exactSearch}
              className={styles.clear}
            >
              <Trans>Clear filters</Trans>
            </Link>
          </>
        ) : null}
      </div>
    </form>
  )
}

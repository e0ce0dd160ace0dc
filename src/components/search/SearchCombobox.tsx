import { plural } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useCombobox } from 'downshift'
import { useEffect, useState } from 'react'
import { localizedPath } from '../../../core/language-urls.ts'
import { formatEuros } from '../../../core/money.ts'
import { searchLimits, searchTerms } from '../../../core/search.ts'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { pick } from '../../lib/format.ts'
import { productImage } from '../../lib/images.ts'
import { useTRPC, type ProductView } from '../../lib/trpc.ts'
import { button } from '../ui/button.css.ts'
import * as form from '../ui/form.css.ts'
import * as styles from './search.css.ts'

/** How long typing may pause before the suggestions are asked for (Enter asks for the results page at once). */
const typingPauseMs = 150

/** A suggestion: a product, or the last line, every result on the results page. */
type Suggestion = { kind: 'product'; product: ProductView } | { kind: 'all'; query: string; total: number }

function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return settled
}

/**
 * The header's search box (docs/product.md#search): a combobox (downshift: ARIA 1.2's pattern,
 * announced to screen readers) that suggests panels as one types; arrows and Enter open one,
 * Enter alone (or the last suggestion) opens every result on the results page. It is a GET form
 * to that page all the same. `onDone` closes what holds it once a page is chosen.
 */
export function SearchCombobox({ onDone, onMenuOpenChange }: { onDone: () => void; onMenuOpenChange: (open: boolean) => void }) {
  const { t } = useLingui()
  const language = useLanguage()
  const trpc = useTRPC()
  const navigate = useNavigate()
  const [text, setText] = useState('')
  const settled = useSettled(text.trim(), typingPauseMs)
  const asking = settled.length >= searchLimits.suggestFrom && searchTerms(settled).length > 0
  const { data, isPlaceholderData } = useQuery({
    ...trpc.catalog.search.queryOptions({ q: settled, limit: searchLimits.suggestions }),
    enabled: asking,
    placeholderData: keepPreviousData,
  })
  const answer = asking ? data : undefined
  const items: Suggestion[] = answer
    ? [
        ...answer.products.map((product) => ({ kind: 'product' as const, product })),
        ...(answer.total > 0 ? [{ kind: 'all' as const, query: settled, total: answer.total }] : []),
      ]
    : []
  const nameOf = (product: ProductView) => pick(language, product.nameEs, product.nameEn)
  const showAll = (query: string) => {
    onDone()
    void navigate({ to: '/search', search: query ? { q: query } : {} })
  }
  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps } = useCombobox<Suggestion>({
    items,
    // Downshift keeps what is typed (a controlled value, set back a render later, drops keys typed
    // fast); `text` follows it for the suggestions and the form.
    selectedItem: null,
    itemToString: (item) => (item === null ? '' : item.kind === 'product' ? nameOf(item.product) : item.query),
    onInputValueChange: ({ inputValue }) => setText(inputValue),
    onIsOpenChange: ({ isOpen: open }) => onMenuOpenChange(open),
    onSelectedItemChange: ({ selectedItem }) => {
      if (!selectedItem) return
      if (selectedItem.kind === 'all') return showAll(selectedItem.query)
      onDone()
      void navigate({ to: '/product/$slug', params: { slug: selectedItem.product.slug } })
    },
    getA11yStatusMessage: ({ isOpen: open }) => {
      if (!open || !answer || isPlaceholderData) return ''
      return answer.total === 0
        ? t`No panel matches. Press Enter to see the search page.`
        : t`${plural(answer.products.length, {
            one: '# suggestion: use the up and down arrows to choose it, Enter to open it.',
            other: '# suggestions: use the up and down arrows to choose one, Enter to open it.',
          })}`
    },
  })
  const open = isOpen && items.length > 0
  return (
    <form
      role="search"
      action={localizedPath('/search', language)}
      method="get"
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault()
        showAll(text.trim())
      }}
    >
      <label {...getLabelProps({ className: form.label })}>
        <Trans>Search for panels by name, look, colour or finish</Trans>
      </label>
      <div className={styles.row}>
        <input
          {...getInputProps({
            type: 'search',
            name: 'q',
            maxLength: searchLimits.query,
            autoComplete: 'off',
            enterKeyHint: 'search',
            className: form.input,
            autoFocus: true,
            onKeyDown: (event) => {
              // Enter with no suggestion chosen sends the form (the results page): downshift would
              // swallow it while the suggestions show.
              if (event.key === 'Enter' && highlightedIndex < 0) Object.assign(event.nativeEvent, { preventDownshiftDefault: true })
            },
          })}
        />
        <button type="submit" className={button()}>
          <Trans>Search</Trans>
        </button>
      </div>
      <ul {...getMenuProps({ className: styles.menu, 'aria-label': t`Suggestions` })}>
        {open
          ? items.map((item, index) =>
              item.kind === 'product' ? (
                <li key={item.product.id} {...getItemProps({ item, index, className: styles.option })}>
                  <SuggestionPicture product={item.product} />
                  <span>
                    <span className={styles.optionName}>{nameOf(item.product)}</span>
                    <br />
                    <span className={styles.optionMeta}>
                      {pick(language, item.product.category.nameEs, item.product.category.nameEn)} ·{' '}
                      {formatEuros(item.product.priceWholesaleCents ?? item.product.priceRetailCents, language)}
                    </span>
                  </span>
                </li>
              ) : (
                <li key="all" {...getItemProps({ item, index, className: styles.allOption })}>
                  <AllResults total={item.total} query={item.query} />
                  <span aria-hidden="true"> →</span>
                </li>
              ),
            )
          : null}
      </ul>
      {isOpen && answer?.total === 0 && !isPlaceholderData ? (
        <p className={styles.status}>
          <Trans>No panel matches “{settled}”.</Trans>
        </p>
      ) : null}
    </form>
  )
}

function AllResults({ total, query }: { total: number; query: string }) {
  return <Plural value={total} one={`See the # result for “${query}”`} other={`See all # results for “${query}”`} />
}

/** A suggestion's first photo, small; its name is beside it, so it is decoration. */
function SuggestionPicture({ product }: { product: ProductView }) {
  const image = productImage(product.photo)
  if (!image) return <span className={styles.thumb} aria-hidden="true" />
  return <img src={image.src} srcSet={image.srcSet} sizes="56px" alt="" className={styles.thumb} loading="lazy" decoding="async" />
}

import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Language } from '../../../../core/language.ts'
import { formatEuros } from '../../../../core/money.ts'
import { attributeValueLabel } from '../../../../core/product-attribute-labels.ts'
import { attributeNames, isAttributeValue } from '../../../../core/product-attributes.ts'
import { useLanguage } from '../../../i18n/useLanguage.ts'
import { formatDate, formatNumber, pick } from '../../../lib/format.ts'
import type { RouterOutputs } from '../../../lib/trpc.ts'
import { fieldOfAuditColumn, productFieldLabels } from './product-fields.ts'
import * as styles from './products.css.ts'

type Entry = RouterOutputs['admin']['products']['get']['history'][number]
type AuditValue = Entry['changes'][number]['from']
type Category = RouterOutputs['admin']['categories']['list'][number]

// The audit table is shared with categories, hence moves and deletions.
const actionLabels: Record<Entry['action'], MessageDescriptor> = {
  create: msg`Created`,
  update: msg`Changed`,
  archive: msg`Archived`,
  restore: msg`Restored`,
  move: msg`Moved`,
  delete: msg`Deleted`,
  publish: msg`Published`,
  unpublish: msg`Moved back to drafts`,
}
/** A photo's text alternatives, by the audit's name for them (server/services/media/product-photos.ts). */
const photoTextLabels: Partial<Record<string, MessageDescriptor>> = {
  photoAltEs: msg`Picture's text alternative in Spanish`,
  photoAltEn: msg`Picture's text alternative in English`,
}

/** What happened to the photos, said in words: the audit keeps counts and hashes. Null: no photo change. */
function photoChange(change: Entry['changes'][number]) {
  switch (change.field) {
    // Rows from before photos: the product's one picture.
    case 'imageId':
      return change.from ? <Trans>Picture replaced</Trans> : <Trans>Picture uploaded</Trans>
    case 'photoAdded':
      return <Trans>Picture added</Trans>
    case 'photoRemoved':
      return <Trans>Picture removed</Trans>
    case 'photoOrder':
      return <Trans>Pictures put in a new order</Trans>
    default:
      return null
  }
}

const yes = msg`Yes`
const no = msg`No`
const none = msg`(empty)`
const inStock = msg`In stock`

/** Long texts (descriptions) are cut here: the form shows them whole. */
const shownChars = 160
const clip = (text: string) => ([...text].length > shownChars ? `${[...text].slice(0, shownChars).join('')}…` : text)

interface Shown {
  i18n: I18n
  language: Language
  categoryName: (id: string) => string
}

/**
 * A saved value as the admin reads it: prices in euros, Yes/No, a category's name, sizes with their
 * unit, an attribute's label, in stock or the working days to make it.
 */
function shownValue(column: string, value: AuditValue, { i18n, language, categoryName }: Shown): string {
  const field = fieldOfAuditColumn(column)
  // No days is a choice here (in stock), not an empty field.
  if (field === 'leadTimeDays' && value === null) return i18n._(inStock)
  if (field === 'leadTimeDays' && typeof value === 'number') return i18n._(msg`${plural(value, { one: '# working day', other: '# working days' })}`)
  if (value === null || value === '') return i18n._(none)
  if (typeof value === 'boolean') return i18n._(value ? yes : no)
  if ((field === 'priceRetail' || field === 'priceWholesale') && typeof value === 'number') return formatEuros(value, language)
  if ((field === 'widthCm' || field === 'heightCm') && typeof value === 'number') return `${formatNumber(value, language)} cm`
  if (field === 'weightKg' && Number.isFinite(Number(value))) return `${formatNumber(Number(value), language, 2)} kg`
  if (field === 'categoryId' && typeof value === 'string') return categoryName(value)
  const attribute = attributeNames.find((name) => name === field)
  if (attribute && isAttributeValue(attribute, value)) return i18n._(attributeValueLabel(attribute, value))
  return clip(String(value))
}

/** Every change made to the product, newest first: when, who, what, and each field's old and new value. */
export function ProductHistory({ history, categories }: { history: readonly Entry[]; categories: readonly Category[] }) {
  const { i18n } = useLingui()
  const language = useLanguage()
  if (history.length === 0) {
    return (
      <p className={styles.muted}>
        <Trans>No changes recorded yet.</Trans>
      </p>
    )
  }
  const shown: Shown = {
    i18n,
    language,
    // A category deleted since keeps its id: better than nothing.
    categoryName: (id) => {
      const category = categories.find((c) => c.id === id)
      return category ? pick(language, category.nameEs, category.nameEn) : id
    },
  }
  return (
    <ol className={styles.history} data-testid="product-history">
      {history.map((entry) => {
        const who = entry.actorEmail
        const created = entry.action === 'create'
        return (
          <li key={entry.id} className={styles.entry}>
            <p className={styles.entryHead}>
              <strong>{i18n._(actionLabels[entry.action])}</strong>
              <time dateTime={entry.createdAt}>{formatDate(entry.createdAt, language, true)}</time>
              <span className={styles.muted}>
                <Trans>by {who}</Trans>
              </span>
            </p>
            {entry.changes.length > 0 ? (
              <ul className={styles.changes}>
                {entry.changes.map((change) => {
                  // A picture is named by its hash: the history says what happened to it instead.
                  const happened = photoChange(change)
                  if (happened) return <li key={change.field}>{happened}</li>
                  const photoText = photoTextLabels[change.field]
                  const field = fieldOfAuditColumn(change.field)
                  if (photoText) {
                    return (
                      <li key={change.field}>
                        {i18n._(photoText)}: <span className={styles.value}>{shownValue(change.field, change.from, shown)}</span> →{' '}
                        <span className={styles.value}>{shownValue(change.field, change.to, shown)}</span>
                      </li>
                    )
                  }
                  return (
                    <li key={change.field}>
                      {field ? i18n._(productFieldLabels[field]) : change.field}: {/* A new product's values had no "before". */}
                      {created ? null : (
                        <>
                          <span className={styles.value}>{shownValue(change.field, change.from, shown)}</span> →{' '}
                        </>
                      )}
                      <span className={styles.value}>{shownValue(change.field, change.to, shown)}</span>
                    </li>
                  )
                })}
              </ul>
            ) : null}
          </li>
        )
      })}
    </ol>
  )
}

import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useSuspenseQuery } from '@tanstack/react-query'
import { useForm, useStore } from '@tanstack/react-form'
import { useId, useRef, useState, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import {
  deliveryMethodLabels,
  deliveryZoneLabels,
  deliveryZones,
  type DeliverySettings as Settings,
  type DeliveryZone,
} from '../../../../core/delivery.ts'
import { maxBands } from '../../../../core/delivery-settings.ts'
import { useLanguage } from '../../../i18n/useLanguage.ts'
import { firstInvalidField, focusField, serverFieldErrors } from '../../../lib/form-errors.ts'
import { useTRPC } from '../../../lib/trpc.ts'
import { visuallyHidden } from '../../../styles/utilities.css.ts'
import { button } from '../../ui/button.css.ts'
import { Form } from '../../ui/Form.tsx'
import * as formStyles from '../../ui/form.css.ts'
import { SubmitButton } from '../../ui/SubmitButton.tsx'
import { TextField } from '../../ui/TextField.tsx'
import { decimalSeparator } from '../products/product-fields.ts'
import { useAdminAction } from '../use-admin-action.ts'
import {
  bandField,
  bandsField,
  deliveryFieldMessages,
  deliveryFieldOrder,
  deliveryFormValues,
  deliverySettingsOf,
  emptyBand,
  fieldOfIssuePath,
  isDeliveryField,
  rateKinds,
  tableField,
  type DeliveryField,
  type DeliveryFormValues,
  type RateKind,
} from './delivery-form.ts'
import * as styles from './delivery.css.ts'
import { FormError } from '../../ui/FormError.tsx'

/**
 * The settings the checkout uses (admin.delivery): read once, saved as the version this page
 * edits — the one it loaded, then each one it saved. When someone else saved meanwhile the server
 * refuses (CONFLICT) until the page is reloaded and shows their change.
 */
export function DeliverySettings() {
  const trpc = useTRPC()
  const language = useLanguage()
  const { data } = useSuspenseQuery(trpc.admin.delivery.get.queryOptions())
  const update = useMutation(trpc.admin.delivery.update.mutationOptions())
  const version = useRef(data.updatedAt)
  const [initial] = useState(() => deliveryFormValues(data.settings, language))

  const save = async (settings: Settings) => {
    const saved = await update.mutateAsync({ expectedUpdatedAt: version.current, settings })
    version.current = saved.updatedAt
  }
  return <DeliveryForm initial={initial} onSave={save} />
}

/** What a refused save says: messages beside their fields, or one for the whole form. */
interface SaveRefusal {
  fields: Partial<Record<string, string>>
  /** A reason with no field (someone saved meanwhile, a failure of ours). */
  message: string | null
}

const firstString = (errors: readonly unknown[]) => errors.find((e): e is string => typeof e === 'string')
/** A band's panels as typed, when they are a number to name in its price's label. */
const panelsOf = (typed: string) => (/^\d{1,6}$/.test(typed.trim()) ? Number(typed.trim()) : null)

/** The keyboard to a field to fix; a table's rule (the order of its bands) to its first band. */
function focusDeliveryField(field: string) {
  if (!field.endsWith('.bands')) return focusField(field)
  if (document.querySelector(`form [name="${CSS.escape(`${field}[0].upToPanels`)}"]`)) focusField(`${field}[0].upToPanels`)
  else focusField(`${field}[0].price`)
}

/**
 * Pickup at the showroom, and home delivery by zone: its window in working days and, for retail
 * and for wholesale customers, its price by order size (bands of panels) and the order total from
 * which it is free. Checked by the schema the server uses, so a message here is the server's.
 */
function DeliveryForm({ initial, onSave }: { initial: DeliveryFormValues; onSave: (settings: Settings) => Promise<void> }) {
  const { t, i18n } = useLingui()
  const language = useLanguage()
  const { act } = useAdminAction()
  const [refusal, setRefusal] = useState<SaveRefusal>({ fields: {}, message: null })
  const form = useForm({
    defaultValues: initial,
    validators: { onSubmit: ({ value }) => deliveryFieldMessages(value, i18n) },
    onSubmitInvalid: ({ formApi }) => {
      setRefusal({ fields: {}, message: null })
      const fields = { getFieldMeta: (field: string) => formApi.getFieldMeta(field as DeliveryField) }
      const first = firstInvalidField(fields, deliveryFieldOrder(formApi.state.values))
      if (first) focusDeliveryField(first.field)
    },
    onSubmit: async ({ value }) => {
      setRefusal({ fields: {}, message: null })
      await act(() => onSave(deliverySettingsOf(value)), {
        success: t`Delivery saved`,
        onRefusal: (message, error) => {
          const fields = serverFieldErrors(error, isDeliveryField, fieldOfIssuePath)
          const first = deliveryFieldOrder(value).find((field) => fields[field as DeliveryField] !== undefined)
          setRefusal(first ? { fields, message: null } : { fields: {}, message })
          if (first) focusDeliveryField(first)
        },
      })
    },
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  const example = `24${decimalSeparator(language)}90`

  /** A field's server message goes once it changes; a table's, once its bands are added or removed. */
  const forget = (prefix: string) =>
    setRefusal((current) => {
      const kept = Object.entries(current.fields).filter(([field]) => field !== prefix && !field.startsWith(`${prefix}[`))
      return kept.length === Object.keys(current.fields).length ? current : { ...current, fields: Object.fromEntries(kept) }
    })
  const errorOf = (field: string, errors: readonly unknown[]) => firstString(errors) ?? refusal.fields[field]

  const text = (name: DeliveryField, label: string, extra: { inputMode: 'decimal' | 'numeric'; hint?: string }) => (
    <form.Field name={name} listeners={{ onChange: () => forget(name) }}>
      {(api) => (
        <TextField
          label={label}
          name={name}
          value={api.state.value as string}
          onChange={(event) => api.handleChange(event.target.value as never)}
          onBlur={api.handleBlur}
          error={errorOf(name, api.state.meta.errors)}
          autoComplete="off"
          spellCheck={false}
          inputMode={extra.inputMode}
          {...(extra.hint ? { hint: extra.hint } : {})}
        />
      )}
    </form.Field>
  )

  const rateTable = (zone: DeliveryZone, kind: RateKind) => (
    <form.Field key={kind} name={bandsField(zone, kind)} mode="array">
      {(bandsApi) => {
        const bands = bandsApi.state.value
        const last = bands.length - 1
        const tableError = errorOf(bandsField(zone, kind), bandsApi.state.meta.errors)
        const errorId = `${tableField(zone, kind)}-error`
        const add = () => {
          forget(bandsField(zone, kind))
          // On screen at once, to give it the keyboard.
          flushSync(() => bandsApi.insertValue(last, { ...emptyBand }))
          focusField(bandField(zone, kind, last, 'upToPanels'))
        }
        const remove = (index: number) => {
          forget(bandsField(zone, kind))
          flushSync(() => bandsApi.removeValue(index))
          // The keyboard to the band now in its place: another with panels, or the open one.
          focusField(bandField(zone, kind, index, index < last - 1 ? 'upToPanels' : 'price'))
        }
        return (
          <fieldset className={styles.table} aria-describedby={tableError ? errorId : undefined}>
            <legend className={styles.tableLegend}>{kind === 'retail' ? <Trans>Retail customers</Trans> : <Trans>Wholesale customers</Trans>}</legend>
            <ol className={styles.bands}>
              {bands.map((_, i) => {
                // The price's label names the band's panels as typed: the array's field renders again only when bands come or go.
                const priceLabel = (panels: number | null) =>
                  i < last
                    ? panels === null
                      ? t`Price (€)`
                      : t`${plural(panels, { one: 'Up to # panel (€)', other: 'Up to # panels (€)' })}`
                    : last === 0
                      ? t`Any number of panels (€)`
                      : t`More panels (€)`
                return (
                  <li key={i} className={styles.band}>
                    {i < last ? (
                      text(bandField(zone, kind, i, 'upToPanels'), t`Up to (panels)`, { inputMode: 'numeric' })
                    ) : (
                      <p className={styles.openBand}>{last === 0 ? <Trans>Any order</Trans> : <Trans>More panels</Trans>}</p>
                    )}
                    <form.Subscribe selector={(state) => panelsOf(state.values.home[zone][kind].bands[i]?.upToPanels ?? '')}>
                      {(panels) => text(bandField(zone, kind, i, 'price'), priceLabel(panels), { inputMode: 'decimal' })}
                    </form.Subscribe>
                    {i < last ? (
                      <button type="button" className={`${button({ tone: 'ghost', size: 'sm' })} ${styles.remove}`} onClick={() => remove(i)}>
                        <Trans>
                          Remove <span className={visuallyHidden}>band {i + 1}</span>
                        </Trans>
                      </button>
                    ) : null}
                  </li>
                )
              })}
            </ol>
            {tableError ? (
              <p id={errorId} className={formStyles.error}>
                {tableError}
              </p>
            ) : null}
            <div className={styles.tableActions}>
              <button type="button" className={button({ tone: 'outline', size: 'sm' })} onClick={add} disabled={bands.length >= maxBands}>
                <Trans>Add a band</Trans>
              </button>
              <p className={styles.note}>
                <Trans>Up to {maxBands} bands: each one up to a number of panels, the last one for larger orders.</Trans>
              </p>
            </div>
            {text(`${tableField(zone, kind)}.freeFrom`, t`Free delivery from (€)`, {
              inputMode: 'decimal',
              hint: t`Leave it empty if delivery is never free.`,
            })}
          </fieldset>
        )
      }}
    </form.Field>
  )

  return (
    <Form onSubmit={form.handleSubmit} aria-label={t`Delivery settings`}>
      <fieldset className={styles.method}>
        <legend className={styles.methodLegend}>{i18n._(deliveryMethodLabels.pickup)}</legend>
        <form.Field name="pickup.enabled">
          {(api) => <OfferPickup checked={api.state.value} onChange={api.handleChange} onBlur={api.handleBlur} />}
        </form.Field>
        <div className={styles.numbers}>
          {text('pickup.readyInDays', t`Ready in (working days)`, { inputMode: 'numeric', hint: t`0: the same day` })}
        </div>
      </fieldset>

      <fieldset className={styles.method}>
        <legend className={styles.methodLegend}>{i18n._(deliveryMethodLabels.home)}</legend>
        <p className={styles.note}>
          <Trans>Prices include VAT. Type amounts in euros, for example {example}.</Trans>
        </p>
        {deliveryZones.map((zone) => (
          <ZoneFieldset key={zone} legend={i18n._(deliveryZoneLabels[zone])}>
            {(windowLabelId) => (
              <>
                <div className={styles.numbers} role="group" aria-labelledby={windowLabelId}>
                  <p id={windowLabelId} className={styles.groupLabel}>
                    <Trans>Delivery time</Trans>
                  </p>
                  {text(`home.${zone}.minDays`, t`From (working days)`, { inputMode: 'numeric' })}
                  {text(`home.${zone}.maxDays`, t`To (working days)`, { inputMode: 'numeric' })}
                </div>
                <div className={styles.tables}>{rateKinds.map((kind) => rateTable(zone, kind))}</div>
              </>
            )}
          </ZoneFieldset>
        ))}
      </fieldset>

      <FormError message={refusal.message} />
      <div className={styles.formActions}>
        <SubmitButton working={submitting} workingLabel={<Trans>Saving...</Trans>}>
          <Trans>Save</Trans>
        </SubmitButton>
      </div>
    </Form>
  )
}

/** A zone's fieldset, named by its legend; its window's label gets an id of its own. */
function ZoneFieldset({ legend, children }: { legend: string; children: (windowLabelId: string) => ReactNode }) {
  const id = useId()
  return (
    <fieldset className={styles.zone}>
      <legend className={styles.zoneLegend}>{legend}</legend>
      {children(`${id}-window`)}
    </fieldset>
  )
}

/** "Offer pickup": a checkbox with its label and what it does. */
function OfferPickup({ checked, onChange, onBlur }: { checked: boolean; onChange: (checked: boolean) => void; onBlur: () => void }) {
  const id = useId()
  return (
    <div className={formStyles.checkbox}>
      <input
        type="checkbox"
        id={id}
        name="pickup.enabled"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={onBlur}
        aria-describedby={`${id}-hint`}
      />
      <label htmlFor={id} className={formStyles.checkboxLabel}>
        <Trans>Offer pickup</Trans>
      </label>
      <p id={`${id}-hint`} className={formStyles.checkboxHint}>
        <Trans>Customers can collect their order at the showroom in Torrevieja, free of charge.</Trans>
      </p>
    </div>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { useForm, useStore } from '@tanstack/react-form'
import { useId, useRef, useState, type ReactNode } from 'react'
import { leadTimeLimits } from '../../../../core/availability.ts'
import {
  catalogLimits,
  isProductField,
  productAvailabilities,
  productSchema,
  slugify,
  type ProductField,
  type ProductInput,
} from '../../../../core/catalog-admin.ts'
import { fieldMessages } from '../../../../core/form-issues.ts'
import { localizedPath } from '../../../../core/language-urls.ts'
import { attributeValueLabel } from '../../../../core/product-attribute-labels.ts'
import { attributeNames, productAttributes, type AttributeName } from '../../../../core/product-attributes.ts'
import { useLanguage } from '../../../i18n/useLanguage.ts'
import { firstInvalidField, focusField, serverFieldErrors } from '../../../lib/form-errors.ts'
import { pick } from '../../../lib/format.ts'
import type { RouterOutputs } from '../../../lib/trpc.ts'
import { Form } from '../../ui/Form.tsx'
import * as formStyles from '../../ui/form.css.ts'
import { SelectField } from '../../ui/SelectField.tsx'
import { SubmitButton } from '../../ui/SubmitButton.tsx'
import { TextArea } from '../../ui/TextArea.tsx'
import { TextField } from '../../ui/TextField.tsx'
import { decimalSeparator, productFieldLabels, productFieldOrder } from './product-fields.ts'
import * as styles from './products.css.ts'
import { AdminCard } from '../AdminSection.tsx'
import { useAdminAction } from '../use-admin-action.ts'
import { FormError } from '../../ui/FormError.tsx'

type Category = RouterOutputs['admin']['categories']['list'][number]
type TextFieldName = Exclude<ProductField, 'featured' | 'categoryId' | 'descriptionEs' | 'descriptionEn' | AttributeName | 'availability'>

/** What a refused save says: messages beside their fields, or one for the whole form. */
interface SaveRefusal {
  fields: Partial<Record<ProductField, string>>
  /** A reason with no field (someone changed the product meanwhile, a failure of ours). */
  message: string | null
}

interface Props {
  /** What the fields hold at first: an empty product, or the saved one as typed. */
  initial: ProductInput
  categories: readonly Category[]
  /** A new product's address follows its Spanish name until the admin types one. */
  slugFollowsName: boolean
  submitLabel: ReactNode
  /** Sends the values (and says so); a refusal is thrown (the server's error) and shown beside its fields. */
  onSave: (values: ProductInput) => Promise<void>
  labelledBy: string
  /** More fields before the submit button (a new product's photos), kept by their owner. */
  extraFields?: ReactNode
}

/** The form in its card, named by the card's heading (a new product's page and a saved one's). */
export function ProductDetails(props: Omit<Props, 'labelledBy'>) {
  return (
    <AdminCard headingId="product-form-heading" title={<Trans>Product details</Trans>}>
      <ProductForm {...props} labelledBy="product-form-heading" />
    </AdminCard>
  )
}

const firstString = (errors: readonly unknown[]) => errors.find((e): e is string => typeof e === 'string')
const availabilityOf = (value: string) => productAvailabilities.find((choice) => choice === value)

/**
 * A product in both languages (docs/product.md#owner): one form for new and saved products, validated by the
 * schema the procedures use, so a message shown here is the one the server would give.
 */
export function ProductForm({ initial, categories, slugFollowsName, submitLabel, onSave, labelledBy, extraFields }: Props) {
  const { t, i18n } = useLingui()
  const language = useLanguage()
  const { act } = useAdminAction()
  const [defaults] = useState(initial)
  // The server's reasons: beside their fields until those change, or for the whole form.
  const [refusal, setRefusal] = useState<SaveRefusal>({ fields: {}, message: null })
  const slugFromName = useRef(slugFollowsName)
  const form = useForm({
    defaultValues: defaults,
    validators: { onSubmit: ({ value }) => fieldMessages(productSchema, value, i18n, isProductField) },
    onSubmitInvalid: ({ formApi }) => {
      setRefusal({ fields: {}, message: null })
      const first = firstInvalidField(formApi, productFieldOrder)
      if (first) focusField(first.field)
    },
    onSubmit: async ({ value }) => {
      setRefusal({ fields: {}, message: null })
      await act(() => onSave(value), {
        onRefusal: (message, error) => {
          const fields = serverFieldErrors(error, isProductField)
          const first = productFieldOrder.find((field) => fields[field] !== undefined)
          setRefusal(first ? { fields, message: null } : { fields: {}, message })
          if (first) focusField(first)
        },
      })
    },
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  const label = (field: ProductField) => i18n._(productFieldLabels[field])
  const forget = (field: ProductField) =>
    setRefusal((current) => {
      if (current.fields[field] === undefined) return current
      const { [field]: _, ...fields } = current.fields
      return { ...current, fields }
    })
  const errorOf = (field: ProductField, errors: readonly unknown[]) => firstString(errors) ?? refusal.fields[field]
  const example = `24${decimalSeparator(language)}90`
  const { min: leadMin, max: leadMax } = leadTimeLimits
  const attributesHintId = useId()

  const text = (name: TextFieldName, extra: { hint?: string; inputMode?: 'decimal' | 'numeric'; maxLength?: number; wide?: boolean } = {}) => (
    <form.Field
      name={name}
      listeners={{
        onChange: ({ value }) => {
          forget(name)
          // The address follows the Spanish name until the admin writes one (or empties it again).
          if (name === 'nameEs' && slugFromName.current) form.setFieldValue('slug', slugify(value))
          if (name === 'slug') slugFromName.current = value === ''
        },
      }}
    >
      {(api) => (
        <div className={extra.wide ? styles.wide : undefined}>
          <TextField
            label={label(name)}
            name={name}
            value={api.state.value}
            onChange={(event) => api.handleChange(event.target.value)}
            onBlur={api.handleBlur}
            error={errorOf(name, api.state.meta.errors)}
            autoComplete="off"
            // The names are read and spell-checked in their own language, whatever the admin's.
            {...(name === 'nameEs' ? { lang: 'es', spellCheck: true } : name === 'nameEn' ? { lang: 'en', spellCheck: true } : { spellCheck: false })}
            {...(extra.hint ? { hint: extra.hint } : {})}
            {...(extra.inputMode ? { inputMode: extra.inputMode } : {})}
            {...(extra.maxLength ? { maxLength: extra.maxLength } : {})}
          />
        </div>
      )}
    </form.Field>
  )

  const description = (name: 'descriptionEs' | 'descriptionEn', lang: 'es' | 'en') => (
    <form.Field name={name} listeners={{ onChange: () => forget(name) }}>
      {(api) => (
        <div className={styles.wide}>
          <TextArea
            label={label(name)}
            name={name}
            lang={lang}
            value={api.state.value}
            onChange={(event) => api.handleChange(event.target.value)}
            onBlur={api.handleBlur}
            error={errorOf(name, api.state.meta.errors)}
            maxLength={catalogLimits.description.max}
            rows={5}
          />
        </div>
      )}
    </form.Field>
  )

  // One of the attribute's values, or none: the shop's filters offer the same list.
  const attribute = (name: AttributeName) => (
    <form.Field key={name} name={name} listeners={{ onChange: () => forget(name) }}>
      {(api) => (
        <SelectField
          label={label(name)}
          name={name}
          options={[
            { value: '', label: t`Not set` },
            ...productAttributes[name].map((value) => ({ value, label: i18n._(attributeValueLabel(name, value)) })),
          ]}
          value={api.state.value}
          onChange={api.handleChange}
          onBlur={api.handleBlur}
          error={errorOf(name, api.state.meta.errors)}
        />
      )}
    </form.Field>
  )

  return (
    <Form onSubmit={form.handleSubmit} aria-labelledby={labelledBy}>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>
          <Trans>Name and address</Trans>
        </legend>
        {text('nameEs', { maxLength: catalogLimits.name.max })}
        {text('nameEn', { maxLength: catalogLimits.name.max })}
        <form.Subscribe selector={(state) => state.values.slug}>
          {(slug) => {
            const path = localizedPath(`/product/${slug.trim().toLowerCase()}`, language)
            return text('slug', { maxLength: catalogLimits.slug.max, wide: true, hint: t`Its page in the shop: ${path}` })
          }}
        </form.Subscribe>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>
          <Trans>Descriptions</Trans>
        </legend>
        {description('descriptionEs', 'es')}
        {description('descriptionEn', 'en')}
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>
          <Trans>Prices per panel</Trans>
        </legend>
        {text('priceRetail', { inputMode: 'decimal', hint: t`VAT included, e.g. ${example}` })}
        {text('priceWholesale', { inputMode: 'decimal', hint: t`What approved wholesale customers pay; not above the retail price` })}
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>
          <Trans>Size and weight</Trans>
        </legend>
        {text('widthCm', { inputMode: 'numeric' })}
        {text('heightCm', { inputMode: 'numeric' })}
        {text('weightKg', { inputMode: 'decimal' })}
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>
          <Trans>Category and visibility</Trans>
        </legend>
        <form.Field name="categoryId" listeners={{ onChange: () => forget('categoryId') }}>
          {(api) => (
            <SelectField
              label={label('categoryId')}
              name="categoryId"
              options={[
                { value: '', label: t`Choose a category` },
                ...categories.map((category) => ({ value: category.id, label: pick(language, category.nameEs, category.nameEn) })),
              ]}
              value={api.state.value}
              onChange={api.handleChange}
              onBlur={api.handleBlur}
              error={errorOf('categoryId', api.state.meta.errors)}
            />
          )}
        </form.Field>
        <form.Field name="featured">
          {(api) => <FeaturedBox label={label('featured')} checked={api.state.value} onChange={api.handleChange} onBlur={api.handleBlur} />}
        </form.Field>
      </fieldset>

      <fieldset className={styles.fieldset} aria-describedby={attributesHintId}>
        <legend className={styles.legend}>
          <Trans>What shoppers filter by</Trans>
        </legend>
        <p id={attributesHintId} className={`${styles.wide} ${formStyles.hint}`}>
          <Trans>A panel without a value is not found by that filter.</Trans>
        </p>
        {attributeNames.map((name) => attribute(name))}
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>
          <Trans>Availability</Trans>
        </legend>
        <form.Field name="availability" listeners={{ onChange: () => forget('availability') }}>
          {(api) => (
            <SelectField
              label={label('availability')}
              name="availability"
              options={[
                { value: 'in_stock', label: t`In stock` },
                { value: 'made_to_order', label: t`Made to order` },
              ]}
              value={api.state.value}
              onChange={(value) => {
                const chosen = availabilityOf(value)
                if (chosen) api.handleChange(chosen)
              }}
              onBlur={api.handleBlur}
              error={errorOf('availability', api.state.meta.errors)}
            />
          )}
        </form.Field>
        {/* An in-stock product has no days: the field waits, with what was typed, until made to order is chosen again. */}
        <form.Subscribe selector={(state) => state.values.availability}>
          {(availability) =>
            availability === 'made_to_order'
              ? text('leadTimeDays', {
                  inputMode: 'numeric',
                  hint: t`Working days, from ${leadMin} to ${leadMax}: added to the delivery window shoppers are told`,
                })
              : null
          }
        </form.Subscribe>
      </fieldset>

      {extraFields}
      <FormError message={refusal.message} />
      <div>
        <SubmitButton working={submitting} workingLabel={<Trans>Saving...</Trans>}>
          {submitLabel}
        </SubmitButton>
      </div>
    </Form>
  )
}

/** "Featured": a checkbox with its label and what it does. */
function FeaturedBox({
  label,
  checked,
  onChange,
  onBlur,
}: {
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
  onBlur: () => void
}) {
  const id = useId()
  return (
    <div className={formStyles.checkbox}>
      <input
        type="checkbox"
        id={id}
        name="featured"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={onBlur}
        aria-describedby={`${id}-hint`}
      />
      <label htmlFor={id} className={formStyles.checkboxLabel}>
        {label}
      </label>
      <p id={`${id}-hint`} className={formStyles.checkboxHint}>
        <Trans>Featured panels come first in the shop and can appear on the home page.</Trans>
      </p>
    </div>
  )
}

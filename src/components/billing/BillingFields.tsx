import { useLingui } from '@lingui/react/macro'
import { useMemo, type ReactNode } from 'react'
import { SelectField } from '../ui/SelectField.tsx'
import { TextField } from '../ui/TextField.tsx'
import { keepTypedValue } from '../ui/typed-early.ts'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { numberLocales } from '../../../core/money.ts'
import { billingFields, billingInputNames, billingLimits, countryCodes, type BillingField, type BillingIdKind } from '../../../core/billing-fields.ts'
import { firstInvalidField, focusField } from '../../lib/form-errors.ts'
import * as styles from './BillingFields.css.ts'

/** Draws one billing field with what its form gives it: the form wraps `render` in its own `<form.Field>`. */
export type BillingFieldSlot = (name: BillingField, render: (props: BillingFieldProps) => ReactNode) => ReactNode

/** What each field gets from its form (TanStack Form's field, through `billingFieldProps`). */
export interface BillingFieldProps {
  value: string
  error?: string | undefined
  /** The first field to fix in a form the server refused (lib/posted-form.ts): it gets the keyboard. */
  autoFocus?: boolean
  onChange: (value: string) => void
  onBlur: () => void
}

interface FieldApi {
  state: { value: string; meta: { errors: readonly unknown[] } }
  handleChange(value: string): void
  handleBlur(): void
}

/** Wires a TanStack Form field to one of the billing fields. */
export function billingFieldProps(field: FieldApi): BillingFieldProps {
  return {
    value: field.state.value,
    onChange: field.handleChange,
    onBlur: field.handleBlur,
    error: field.state.meta.errors.find((e): e is string => typeof e === 'string'),
  }
}

/**
 * Takes the keyboard to the first billing field to fix, given the form's names for the fields
 * (`billing.taxId` in checkout's form, `taxId` in a form of its own). False when none needs it.
 */
export function focusFirstInvalidBilling(form: { getFieldMeta(field: string): { errors: readonly unknown[] } | undefined }, prefix = ''): boolean {
  const first = firstInvalidField({ getFieldMeta: (field: BillingField) => form.getFieldMeta(`${prefix}${field}`) }, billingFields)
  if (first) focusField(billingInputNames[first.field])
  return first !== null
}

/** The countries in the reader's language, by name (Intl knows every ISO code's name in both languages). */
function useCountries() {
  const language = useLanguage()
  return useMemo(() => {
    const names = new Intl.DisplayNames([numberLocales[language]], { type: 'region' })
    const collator = new Intl.Collator(numberLocales[language])
    return countryCodes.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) => collator.compare(a.label, b.label))
  }, [language])
}

/**
 * Who a full invoice is made out to (docs/product.md#invoices): the name or company, then a tax id
 * (a Spanish NIF, NIE or CIF, or an EU VAT number) or a foreign passport or document with its
 * country. One set of fields for checkout, /account and the admin's replacement of a simplified
 * invoice; each form holds the values and checks them with core/billing.ts.
 */
export function BillingFields({ idKind, field }: { idKind: string; field: BillingFieldSlot }) {
  const { t } = useLingui()
  const countries = useCountries()
  const foreign = idKind !== 'tax_id'
  const kindOptions: Array<{ value: BillingIdKind; label: string }> = [
    { value: 'tax_id', label: t`NIF, NIE, CIF or EU VAT number` },
    { value: 'passport', label: t`Passport` },
    { value: 'foreign_id', label: t`Other foreign identity document` },
  ]
  return (
    <div className={styles.fields}>
      <div className={styles.wide}>
        {field('name', (name) => (
          <TextField
            label={t`Name or company on the invoice`}
            name={billingInputNames.name}
            autoComplete="organization"
            required
            maxLength={billingLimits.name.max}
            ref={keepTypedValue(name.value, name.onChange)}
            value={name.value}
            error={name.error}
            autoFocus={name.autoFocus}
            onBlur={name.onBlur}
            onChange={(event) => name.onChange(event.target.value)}
          />
        ))}
      </div>
      {field('idKind', (kind) => (
        <SelectField
          label={t`Identified by`}
          name={billingInputNames.idKind}
          options={kindOptions}
          value={kind.value}
          error={kind.error}
          autoFocus={kind.autoFocus}
          onBlur={kind.onBlur}
          onChange={kind.onChange}
        />
      ))}
      {field('taxId', (taxId) => (
        <TextField
          label={foreign ? t`Document number` : t`Tax id`}
          name={billingInputNames.taxId}
          required
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={billingLimits.taxId.max}
          {...(foreign ? {} : { hint: t`For example B12345678, or DE123456789 for a company in another EU country` })}
          ref={keepTypedValue(taxId.value, taxId.onChange)}
          value={taxId.value}
          error={taxId.error}
          autoFocus={taxId.autoFocus}
          onBlur={taxId.onBlur}
          onChange={(event) => taxId.onChange(event.target.value)}
        />
      ))}
      {foreign
        ? field('country', (country) => (
            <SelectField
              label={t`Country of the document`}
              name={billingInputNames.country}
              required
              options={[{ value: '', label: t`Choose a country` }, ...countries]}
              value={country.value}
              error={country.error}
              autoFocus={country.autoFocus}
              onBlur={country.onBlur}
              onChange={country.onChange}
            />
          ))
        : null}
    </div>
  )
}

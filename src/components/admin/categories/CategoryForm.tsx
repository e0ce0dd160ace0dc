import { useLingui } from '@lingui/react/macro'
import { useForm, useStore } from '@tanstack/react-form'
import { useId, type ReactNode } from 'react'
import type { z } from 'zod'
import { toast } from '../../../lib/toast.ts'
import { firstInvalidField, serverFieldErrors } from '../../../lib/form-errors.ts'
import { fieldProps } from '../../ui/field-props.ts'
import { Form } from '../../ui/Form.tsx'
import { SubmitButton } from '../../ui/SubmitButton.tsx'
import { TextArea } from '../../ui/TextArea.tsx'
import { TextField } from '../../ui/TextField.tsx'
import { catalogLimits, categorySchema, isCategoryField, type CategoryField, type CategoryInput } from '../../../../core/catalog-admin.ts'
import { fieldMessages } from '../../../../core/form-issues.ts'
import { useAdminAction } from '../use-admin-action.ts'
import * as styles from './categories.css.ts'

export type CategoryValues = z.output<typeof categorySchema>

const fieldOrder: readonly CategoryField[] = ['nameEs', 'nameEn', 'descriptionEs', 'descriptionEn']
/** Each field's language, so a screen reader reads the Spanish texts as Spanish on the English page. */
const fieldLanguage: Record<CategoryField, 'es' | 'en'> = { nameEs: 'es', nameEn: 'en', descriptionEs: 'es', descriptionEn: 'en' }

interface Props {
  initial: CategoryInput
  /** Sends the checked values (and says so); throws the server's refusal, which the form shows beside its field. */
  save: (values: CategoryValues) => Promise<unknown>
  submitLabel: ReactNode
  workingLabel: ReactNode
  /** What names the form: the id of a heading on the page, or a label (the dialog's title has no id to point at). */
  labelledBy?: string
  label?: string
  /** Empties the fields once saved (the new-category form); the edit dialog closes instead. */
  resetOnSave?: boolean
  /** Buttons beside Save (the dialog's Cancel). */
  extraActions?: ReactNode
  /** Spanish beside English (the page); one column in the narrower dialog. */
  twoColumns?: boolean
}

/** A category's names and descriptions in both languages, checked by the shared schema before sending. */
export function CategoryForm({
  initial,
  save,
  submitLabel,
  workingLabel,
  labelledBy,
  label,
  resetOnSave = false,
  extraActions,
  twoColumns = false,
}: Props) {
  const { t, i18n } = useLingui()
  const { act } = useAdminAction()
  const formId = useId()
  // The page can hold two of these forms (the new one and the edit dialog's): look inside this one.
  const focusField = (field: CategoryField) => {
    const element = document.getElementById(formId)?.querySelector<HTMLElement>(`[name="${field}"]`)
    element?.focus()
  }
  const form = useForm({
    defaultValues: initial,
    validators: { onSubmit: ({ value }) => fieldMessages(categorySchema, value, i18n, isCategoryField) },
    onSubmitInvalid: ({ formApi }) => {
      const first = firstInvalidField(formApi, fieldOrder)
      if (first) focusField(first.field)
    },
    onSubmit: async ({ value, formApi }) => {
      const outcome = await act(() => save(categorySchema.parse(value)), {
        // Beside their fields when the server names them; otherwise a toast.
        onRefusal: (message, error) => {
          const fields = serverFieldErrors(error, isCategoryField)
          const named = fieldOrder.filter((field) => fields[field] !== undefined)
          for (const field of named) formApi.setFieldMeta(field, (meta) => ({ ...meta, errorMap: { onSubmit: fields[field] } }))
          const first = named[0]
          if (first) focusField(first)
          else toast.error(message)
        },
      })
      if (outcome.ok && resetOnSave) formApi.reset()
    },
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  const labels: Record<CategoryField, string> = {
    nameEs: t`Name in Spanish`,
    nameEn: t`Name in English`,
    descriptionEs: t`Description in Spanish`,
    descriptionEn: t`Description in English`,
  }
  return (
    <Form id={formId} onSubmit={form.handleSubmit} aria-labelledby={labelledBy} aria-label={label}>
      <div className={twoColumns ? `${styles.fields} ${styles.twoColumns}` : styles.fields}>
        {(['nameEs', 'nameEn'] as const).map((name) => (
          <form.Field key={name} name={name}>
            {(field) => (
              <TextField
                label={labels[name]}
                name={name}
                lang={fieldLanguage[name]}
                autoComplete="off"
                required
                maxLength={catalogLimits.name.max}
                {...fieldProps(field)}
              />
            )}
          </form.Field>
        ))}
        {(['descriptionEs', 'descriptionEn'] as const).map((name) => (
          <form.Field key={name} name={name}>
            {(field) => (
              <TextArea
                label={labels[name]}
                name={name}
                lang={fieldLanguage[name]}
                required
                rows={4}
                maxLength={catalogLimits.description.max}
                value={field.state.value}
                onChange={(event) => field.handleChange(event.target.value)}
                onBlur={field.handleBlur}
                error={field.state.meta.errors.find((e): e is string => typeof e === 'string')}
              />
            )}
          </form.Field>
        ))}
      </div>
      <div className={styles.formActions}>
        {extraActions}
        <SubmitButton working={submitting} workingLabel={workingLabel}>
          {submitLabel}
        </SubmitButton>
      </div>
    </Form>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { useForm, useStore } from '@tanstack/react-form'
import { useMutation } from '@tanstack/react-query'
import { toast } from '../../lib/toast.ts'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { useTRPC } from '../../lib/trpc.ts'
import { focusFirstInvalid } from '../../lib/form-errors.ts'
import { fieldProps } from '../ui/field-props.ts'
import { Form } from '../ui/Form.tsx'
import { SubmitButton } from '../ui/SubmitButton.tsx'
import { TextField } from '../ui/TextField.tsx'
import { Honeypot } from './Honeypot.tsx'
import { catalogRequestSchema, contactLimits, isCatalogRequestField } from '../../../core/forms.ts'
import { fieldMessages } from '../../../core/form-issues.ts'

/** The PDF catalog by email (docs/product.md#forms): 'Enviando...' while it works, then the PDF opens in a new tab. */
export function CatalogRequestForm() {
  const { t, i18n } = useLingui()
  const trpc = useTRPC()
  const language = useLanguage()
  const request = useMutation(trpc.forms.requestCatalog.mutationOptions())
  const form = useForm({
    defaultValues: { name: '', email: '', website: '' },
    validators: { onSubmit: ({ value }) => fieldMessages(catalogRequestSchema, { ...value, language }, i18n, isCatalogRequestField) },
    onSubmitInvalid: focusFirstInvalid(['name', 'email']),
    onSubmit: async ({ value, formApi }) => {
      try {
        const { downloadUrl } = await request.mutateAsync(catalogRequestSchema.parse({ ...value, language }))
        toast.success(t`Catalog sent! Check your email.`)
        formApi.reset()
        // Within the click's activation window (a few seconds), so pop-up blockers let it through.
        window.open(downloadUrl, '_blank', 'noopener')
      } catch {
        toast.error(t`Error requesting catalog. Please try again.`)
      }
    },
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  return (
    <Form onSubmit={form.handleSubmit} aria-labelledby="catalog-form-title">
      <form.Field name="name">
        {(field) => <TextField label={t`Name`} name="name" autoComplete="name" required maxLength={contactLimits.name.max} {...fieldProps(field)} />}
      </form.Field>
      <form.Field name="email">
        {(field) => (
          <TextField
            label={t`Email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={contactLimits.email.max}
            {...fieldProps(field)}
          />
        )}
      </form.Field>
      <form.Field name="website">{(field) => <Honeypot value={field.state.value} onChange={field.handleChange} />}</form.Field>
      <SubmitButton tone="accent" working={submitting} workingLabel={<Trans>Sending...</Trans>}>
        <Trans>Send me the catalog</Trans>
      </SubmitButton>
    </Form>
  )
}

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
import { formError } from '../ui/form.css.ts'
import { postedRefusal, postedValues, usePostedForm } from '../../lib/posted-form.ts'
import { catalogRequestSchema, contactLimits, isCatalogRequestField } from '../../../core/forms.ts'
import { fieldMessages } from '../../../core/form-issues.ts'

const fields = ['name', 'email'] as const

/** The PDF catalog by email (docs/product.md#forms): 'Enviando...' while it works, then the PDF opens in a new tab. */
export function CatalogRequestForm() {
  const { t, i18n } = useLingui()
  const trpc = useTRPC()
  const language = useLanguage()
  const request = useMutation(trpc.forms.requestCatalog.mutationOptions())
  // Posted before the page's script ran and refused: the form starts from what was typed and why.
  const posted = usePostedForm('catalog')
  const fresh = { name: '', email: '', website: '' }
  const form = useForm({
    defaultValues: { ...fresh, ...postedValues(posted, fields) },
    validators: { onSubmit: ({ value }) => fieldMessages(catalogRequestSchema, { ...value, language }, i18n, isCatalogRequestField) },
    onSubmitInvalid: focusFirstInvalid(fields),
    onSubmit: async ({ value, formApi }) => {
      try {
        const { downloadUrl } = await request.mutateAsync(catalogRequestSchema.parse({ ...value, language }))
        toast.success(t`Catalog sent! Check your email.`)
        // A fresh form, not the refused post's values (kept as the defaults: the form's options stay as rendered).
        formApi.reset(fresh, { keepDefaultValues: true })
        // Within the click's activation window (a few seconds), so pop-up blockers let it through.
        window.open(downloadUrl, '_blank', 'noopener')
      } catch {
        toast.error(t`Error requesting catalog. Please try again.`)
      }
    },
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0)
  const refusal = postedRefusal(posted, fields, submitted)
  return (
    <Form onSubmit={form.handleSubmit} aria-labelledby="catalog-form-title">
      {refusal.message ? (
        <p className={formError} role="alert">
          {refusal.message}
        </p>
      ) : null}
      <form.Field name="name">
        {(field) => (
          <TextField
            label={t`Name`}
            name="name"
            autoComplete="name"
            required
            maxLength={contactLimits.name.max}
            autoFocus={refusal.firstInvalid === 'name'}
            {...fieldProps(field, refusal.error('name'))}
          />
        )}
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
            autoFocus={refusal.firstInvalid === 'email'}
            {...fieldProps(field, refusal.error('email'))}
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

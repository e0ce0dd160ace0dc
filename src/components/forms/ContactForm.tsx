import { Trans, useLingui } from '@lingui/react/macro'
import { useForm, useStore } from '@tanstack/react-form'
import { useMutation } from '@tanstack/react-query'
import { toast } from '../../lib/toast.ts'
import { serverMessage } from '../../lib/server-message.ts'
import { useTRPC } from '../../lib/trpc.ts'
import { focusFirstInvalid } from '../../lib/form-errors.ts'
import { contactInputType, fieldProps } from '../ui/field-props.ts'
import { Form } from '../ui/Form.tsx'
import { SubmitButton } from '../ui/SubmitButton.tsx'
import { TextArea } from '../ui/TextArea.tsx'
import { TextField } from '../ui/TextField.tsx'
import { Honeypot } from './Honeypot.tsx'
import { formError } from '../ui/form.css.ts'
import { postedRefusal, postedValues, usePostedForm } from '../../lib/posted-form.ts'
import { contactFields, contactLimits, contactSchema, emptyContact, isContactField, type ContactField } from '../../../core/forms.ts'
import { fieldMessages } from '../../../core/form-issues.ts'

/** The contact form (docs/product.md#forms): stored, emailed to the company, cleared on success. */
export function ContactForm({ initialMessage = '' }: { initialMessage?: string }) {
  const { t, i18n } = useLingui()
  const trpc = useTRPC()
  const send = useMutation(trpc.forms.contact.mutationOptions())
  const labels: Record<ContactField, string> = {
    name: t`Name`,
    company: t`Company (optional)`,
    email: t`Email`,
    phone: t`Phone (optional)`,
    message: t`Message`,
  }
  // Posted before the page's script ran and refused: the form starts from what was typed and why.
  const posted = usePostedForm('contact')
  const fresh = { ...emptyContact, message: initialMessage }
  const form = useForm({
    defaultValues: { ...fresh, ...postedValues(posted, contactFields) },
    validators: { onSubmit: ({ value }) => fieldMessages(contactSchema, value, i18n, isContactField) },
    onSubmitInvalid: focusFirstInvalid(contactFields),
    onSubmit: async ({ value, formApi }) => {
      try {
        await send.mutateAsync(contactSchema.parse(value))
        toast.success(t`Message sent successfully. We'll contact you soon.`)
        // A fresh form, not the refused post's values (kept as the defaults: the form's options stay as rendered).
        formApi.reset(fresh, { keepDefaultValues: true })
      } catch (error) {
        // What was typed stays, to send again.
        toast.error(serverMessage(error, t`The message could not be sent. Please try again.`))
      }
    },
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  // The server's messages count until the form is sent again with its script.
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0)
  const refusal = postedRefusal(posted, contactFields, submitted)
  return (
    <Form onSubmit={form.handleSubmit} aria-labelledby="contact-form-title">
      {refusal.message ? (
        <p className={formError} role="alert">
          {refusal.message}
        </p>
      ) : null}
      {(['name', 'company', 'email', 'phone'] as const).map((name) => (
        <form.Field key={name} name={name}>
          {(field) => (
            <TextField
              label={labels[name]}
              name={name}
              type={contactInputType(name)}
              autoComplete={name === 'company' ? 'organization' : name === 'phone' ? 'tel' : name}
              required={name === 'name' || name === 'email'}
              maxLength={contactLimits[name].max}
              autoFocus={name === refusal.firstInvalid}
              {...fieldProps(field, refusal.error(name))}
            />
          )}
        </form.Field>
      ))}
      <form.Field name="message">
        {(field) => (
          <TextArea
            label={labels.message}
            name="message"
            required
            maxLength={contactLimits.message.max}
            autoFocus={refusal.firstInvalid === 'message'}
            {...fieldProps(field, refusal.error('message'))}
          />
        )}
      </form.Field>
      <form.Field name="website">{(field) => <Honeypot value={field.state.value} onChange={field.handleChange} />}</form.Field>
      <SubmitButton tone="accent" working={submitting} workingLabel={<Trans>Sending...</Trans>}>
        <Trans>Send message</Trans>
      </SubmitButton>
    </Form>
  )
}

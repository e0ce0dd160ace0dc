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
  const form = useForm({
    defaultValues: { ...emptyContact, message: initialMessage },
    validators: { onSubmit: ({ value }) => fieldMessages(contactSchema, value, i18n, isContactField) },
    onSubmitInvalid: focusFirstInvalid(contactFields),
    onSubmit: async ({ value, formApi }) => {
      try {
        await send.mutateAsync(contactSchema.parse(value))
        toast.success(t`Message sent successfully. We'll contact you soon.`)
        formApi.reset()
      } catch (error) {
        // What was typed stays, to send again.
        toast.error(serverMessage(error, t`The message could not be sent. Please try again.`))
      }
    },
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  return (
    <Form onSubmit={form.handleSubmit} aria-labelledby="contact-form-title">
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
              {...fieldProps(field)}
            />
          )}
        </form.Field>
      ))}
      <form.Field name="message">
        {(field) => <TextArea label={labels.message} name="message" required maxLength={contactLimits.message.max} {...fieldProps(field)} />}
      </form.Field>
      <form.Field name="website">{(field) => <Honeypot value={field.state.value} onChange={field.handleChange} />}</form.Field>
      <SubmitButton tone="accent" working={submitting} workingLabel={<Trans>Sending...</Trans>}>
        <Trans>Send message</Trans>
      </SubmitButton>
    </Form>
  )
}

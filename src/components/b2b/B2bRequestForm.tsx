import * as Dialog from '@radix-ui/react-dialog'
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm, useStore } from '@tanstack/react-form'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { toast } from '../../lib/toast.ts'
import { button } from '../ui/button.css.ts'
import { DialogFormActions, DialogPanel } from '../ui/DialogPanel.tsx'
import * as dialog from '../ui/dialog.css.ts'
import { contactInputType, fieldProps } from '../ui/field-props.ts'
import { Form } from '../ui/Form.tsx'
import { SubmitButton } from '../ui/SubmitButton.tsx'
import { TextField } from '../ui/TextField.tsx'
import { useFocusOnHandoff, type Handoff } from '../../lib/on-demand.ts'
import { postedRefusal, postedValues, usePostedForm } from '../../lib/posted-form.ts'
import { serverMessage } from '../../lib/server-message.ts'
import { useTRPC } from '../../lib/trpc.ts'
import {
  b2bRequestFields,
  b2bRequestLimits,
  b2bRequestSchema,
  isB2bRequestField,
  type B2bRequestField,
  type B2bRequestInput,
} from '../../../core/b2b.ts'
import { fieldMessages } from '../../../core/form-issues.ts'
import { focusFirstInvalid } from '../../lib/form-errors.ts'
import { FormError } from '../ui/FormError.tsx'

/**
 * The wholesale request form in a dialog (docs/product.md#b2b), prefilled from the profile; in place
 * of B2bRequestDialog's stand-in button once its code is there.
 */
export function B2bRequestForm({ prefill, handoff }: { prefill: B2bRequestInput; handoff: Handoff }) {
  const { t } = useLingui()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(handoff.defaultOpen)
  const trigger = useRef<HTMLButtonElement>(null)
  useFocusOnHandoff(trigger, handoff)
  return (
    // Closed, the dialog's content (and what was typed) is gone: it opens afresh next time.
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger ref={trigger} className={button({ tone: 'accent', size: 'lg' })}>
        <Trans>Request B2B access</Trans>
      </Dialog.Trigger>
      <DialogPanel title={<Trans>Wholesale access request</Trans>}>
        <Dialog.Description className={dialog.description}>
          <Trans>Tell us about your business. All fields are required.</Trans>
        </Dialog.Description>
        <B2bRequestFields
          prefill={prefill}
          inDialog
          onSent={async () => {
            toast.success(t`Request sent. We'll contact you soon.`)
            setOpen(false)
            await queryClient.invalidateQueries({ queryKey: trpc.b2b.status.queryKey() })
          }}
        />
      </DialogPanel>
    </Dialog.Root>
  )
}

/**
 * The request's fields, rules and sending through `b2b.request` (one schema with the server,
 * core/b2b.ts): in /b2b's dialog, or on `/b2b/request`, where it is posted before or without
 * JavaScript (server/http/b2b-request-form.ts) and a refusal comes back with what was typed and why.
 */
export function B2bRequestFields({
  prefill,
  onSent,
  inDialog = false,
}: {
  prefill: B2bRequestInput
  onSent: () => Promise<void>
  inDialog?: boolean
}) {
  const { t, i18n } = useLingui()
  const trpc = useTRPC()
  const request = useMutation(trpc.b2b.request.mutationOptions())
  const posted = usePostedForm('b2b-request')
  const labels: Record<B2bRequestField, string> = {
    name: t`Full name`,
    company: t`Company`,
    email: t`Email`,
    taxId: t`Tax ID (NIF, NIE, CIF or EU VAT)`,
    phone: t`Phone`,
  }
  const autoComplete: Record<B2bRequestField, string> = {
    name: 'name',
    company: 'organization',
    email: 'email',
    taxId: 'off',
    phone: 'tel',
  }
  const form = useForm({
    defaultValues: { ...prefill, ...postedValues(posted, b2bRequestFields) },
    validators: {
      // One rule for the form and b2b.request (core/b2b.ts); each message beside its field.
      onSubmit: ({ value }) => fieldMessages(b2bRequestSchema, value, i18n, isB2bRequestField),
    },
    onSubmitInvalid: focusFirstInvalid(b2bRequestFields),
    onSubmit: async ({ value, formApi }) => {
      try {
        await request.mutateAsync(b2bRequestSchema.parse(value))
        formApi.reset()
        await onSent()
      } catch (error) {
        toast.error(serverMessage(error, t`Something went wrong`))
      }
    },
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0)
  const refusal = postedRefusal(posted, b2bRequestFields, submitted)
  const submit = (
    <SubmitButton working={submitting} workingLabel={<Trans>Sending...</Trans>}>
      <Trans>Submit</Trans>
    </SubmitButton>
  )
  return (
    <Form onSubmit={form.handleSubmit} aria-label={t`Wholesale access request`}>
      <FormError message={refusal.message} />
      {b2bRequestFields.map((name) => (
        <form.Field key={name} name={name}>
          {(field) => (
            <TextField
              label={labels[name]}
              name={name}
              type={contactInputType(name)}
              autoComplete={autoComplete[name]}
              required
              maxLength={b2bRequestLimits[name].max}
              autoFocus={refusal.firstInvalid === name}
              {...(name === 'taxId' ? { hint: t`For example B12345674, X1234567L or DE136695976` } : {})}
              {...fieldProps(field, refusal.error(name))}
            />
          )}
        </form.Field>
      ))}
      {inDialog ? <DialogFormActions>{submit}</DialogFormActions> : <div>{submit}</div>}
    </Form>
  )
}

import * as Dialog from '@radix-ui/react-dialog'
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm, useStore } from '@tanstack/react-form'
import { useMutation } from '@tanstack/react-query'
import { billingFields, billingInputNames, emptyBilling } from '../../../../core/billing-fields.ts'
import { fieldOf } from '../../../../core/form-issues.ts'
import type { InvoiceType } from '../../../../core/invoices.ts'
import { billingMessages } from '../../../lib/billing-messages.ts'
import { firstInvalidField } from '../../../lib/form-errors.ts'
import { useTRPC } from '../../../lib/trpc.ts'
import { BillingFields, billingFieldProps } from '../../billing/BillingFields.tsx'
import { button } from '../../ui/button.css.ts'
import * as dialog from '../../ui/dialog.css.ts'
import { DialogFormActions, DialogPanel } from '../../ui/DialogPanel.tsx'
import { Form } from '../../ui/Form.tsx'
import { SubmitButton } from '../../ui/SubmitButton.tsx'
import { useFormDialog } from './use-form-dialog.tsx'

const isBillingField = fieldOf(emptyBilling)

/**
 * The simplified invoice (F2) an admin may replace by a full one (F3), as the server allows it: a
 * paid order with an F2 that was not voided, and neither a full invoice replacing it nor a
 * corrective invoice. Null when there is none.
 */
export function replaceableInvoice(order: {
  paymentStatus: string
  invoices: readonly { number: string; kind: 'invoice' | 'corrective'; type: InvoiceType; voided: boolean }[]
}): string | null {
  if (order.paymentStatus !== 'paid') return null
  if (order.invoices.some((invoice) => invoice.type === 'F3' || invoice.kind === 'corrective')) return null
  return order.invoices.find((invoice) => invoice.type === 'F2' && !invoice.voided)?.number ?? null
}

/**
 * "Issue a full invoice": a customer asks for a full invoice after buying (docs/product.md#invoices).
 * A dialog with who it is made out to (the billing fields checkout uses, checked by the same rules
 * on submit); `admin.orders.replaceInvoice` issues the F3, which replaces the simplified invoice
 * `number`, and emails it. A refusal about a field stays beside it; any other closes the dialog with
 * the server's reason (the order changed meanwhile). Once closed after sending, `onFinished`
 * refreshes the page and places the focus (this button is gone then).
 */
export function ReplaceInvoiceDialog({
  orderId,
  number,
  customerEmail,
  onFinished,
}: {
  orderId: string
  /** The simplified invoice's number. */
  number: string
  customerEmail: string
  onFinished: () => void
}) {
  const { t, i18n } = useLingui()
  const trpc = useTRPC()
  const replace = useMutation(trpc.admin.orders.replaceInvoice.mutationOptions())
  const dialogForm = useFormDialog({ order: billingFields, isField: isBillingField, inputName: (field) => billingInputNames[field] }, onFinished)
  const form = useForm({
    defaultValues: emptyBilling,
    validators: { onSubmit: ({ value }) => billingMessages(value, i18n, '') },
    onSubmitInvalid: ({ formApi }) => dialogForm.focusFirst(firstInvalidField(formApi, billingFields)),
    onSubmit: async ({ value, formApi }) => {
      // Checked above with the server's own rules; the server parses and checks them again.
      await dialogForm.send(
        formApi,
        () => replace.mutateAsync({ id: orderId, billing: value }),
        ({ invoice }) => t`Full invoice ${invoice} issued: the customer has been emailed`,
      )
    },
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  const idKind = useStore(form.store, (state) => state.values.idKind)
  return (
    <Dialog.Root {...dialogForm.root(submitting)}>
      <Dialog.Trigger className={button({ tone: 'outline' })}>
        <Trans>Issue a full invoice</Trans>
      </Dialog.Trigger>
      <DialogPanel title={<Trans>Replace invoice {number} by a full invoice?</Trans>} onCloseAutoFocus={dialogForm.onCloseAutoFocus}>
        <Dialog.Description className={dialog.description}>
          <Trans>
            The customer gets a full invoice made out to the name and tax id below, which replaces the simplified invoice. It is emailed to them at{' '}
            {customerEmail}.
          </Trans>
        </Dialog.Description>
        {dialogForm.refusal}
        <Form id={dialogForm.formId} onSubmit={form.handleSubmit} aria-label={t`Full invoice`}>
          <BillingFields
            idKind={idKind}
            field={(name, render) => <form.Field name={name}>{(field) => render(billingFieldProps(field))}</form.Field>}
          />
          <DialogFormActions>
            <SubmitButton tone="accent" working={submitting} workingLabel={<Trans>Issuing...</Trans>}>
              <Trans>Issue full invoice</Trans>
            </SubmitButton>
          </DialogFormActions>
        </Form>
      </DialogPanel>
    </Dialog.Root>
  )
}

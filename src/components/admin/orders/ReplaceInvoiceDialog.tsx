import * as Dialog from '@radix-ui/react-dialog'
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm, useStore } from '@tanstack/react-form'
import { useMutation } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import { billingFields, emptyBilling, type BillingField } from '../../../../core/billing-fields.ts'
import { fieldOf } from '../../../../core/form-issues.ts'
import type { InvoiceType } from '../../../../core/invoices.ts'
import { billingMessages } from '../../../lib/billing-messages.ts'
import { firstInvalidField, serverFieldErrors } from '../../../lib/form-errors.ts'
import { toast } from '../../../lib/toast.ts'
import { httpStatusOf, useTRPC } from '../../../lib/trpc.ts'
import { useAdminAction } from '../use-admin-action.ts'
import { BillingFields, billingFieldProps, billingInputNames } from '../../billing/BillingFields.tsx'
import { button } from '../../ui/button.css.ts'
import * as dialog from '../../ui/dialog.css.ts'
import { DialogFormActions, DialogPanel } from '../../ui/DialogPanel.tsx'
import { Form } from '../../ui/Form.tsx'
import { SubmitButton } from '../../ui/SubmitButton.tsx'
import * as styles from './OrderPage.css.ts'

const isBillingField = fieldOf(emptyBilling)

/**
 * The simplified invoice (F2) an admin may replace by a full one (F3), as the server allows it: a
 * paid order with an F2, and neither a full invoice replacing it nor a corrective invoice. Null when
 * there is none.
 */
export function replaceableInvoice(order: {
  paymentStatus: string
  invoices: readonly { number: string; kind: 'invoice' | 'corrective'; type: InvoiceType }[]
}): string | null {
  if (order.paymentStatus !== 'paid') return null
  if (order.invoices.some((invoice) => invoice.type === 'F3' || invoice.kind === 'corrective')) return null
  return order.invoices.find((invoice) => invoice.type === 'F2')?.number ?? null
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
  const { act } = useAdminAction()
  const formId = useId()
  const [open, setOpen] = useState(false)
  // A bad request that names no field: said above the fields.
  const [refusal, setRefusal] = useState<string | null>(null)
  const finished = useRef(false)
  const focusField = (field: BillingField) =>
    document.getElementById(formId)?.querySelector<HTMLElement>(`[name="${billingInputNames[field]}"]`)?.focus()
  const close = () => {
    finished.current = true
    setOpen(false)
  }
  const form = useForm({
    defaultValues: emptyBilling,
    validators: { onSubmit: ({ value }) => billingMessages(value, i18n, '') },
    onSubmitInvalid: ({ formApi }) => {
      const first = firstInvalidField(formApi, billingFields)
      if (first) focusField(first.field)
    },
    onSubmit: async ({ value, formApi }) => {
      setRefusal(null)
      // Checked above with the server's own rules; the server parses and checks them again.
      const outcome = await act(() => replace.mutateAsync({ id: orderId, billing: value }), {
        success: ({ invoice }) => t`Full invoice ${invoice} issued: the customer has been emailed`,
        // Closed first, then `onFinished` refreshes: this button goes with the refetch.
        refresh: false,
        onRefusal: (message, error) => {
          const fields = serverFieldErrors(error, isBillingField)
          const named = billingFields.filter((field) => fields[field] !== undefined)
          for (const field of named) formApi.setFieldMeta(field, (meta) => ({ ...meta, errorMap: { onSubmit: fields[field] } }))
          if (named[0]) {
            focusField(named[0])
          } else if (httpStatusOf(error) === 400) {
            setRefusal(message)
          } else {
            toast.error(message)
            close()
          }
        },
      })
      if (!outcome.ok) return
      formApi.reset()
      close()
    },
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  const idKind = useStore(form.store, (state) => state.values.idKind)
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (submitting) return
        if (next) setRefusal(null)
        setOpen(next)
      }}
    >
      <Dialog.Trigger className={button({ tone: 'outline' })}>
        <Trans>Issue a full invoice</Trans>
      </Dialog.Trigger>
      <DialogPanel
        title={<Trans>Replace invoice {number} by a full invoice?</Trans>}
        onCloseAutoFocus={(event) => {
          if (!finished.current) return
          finished.current = false
          event.preventDefault()
          onFinished()
        }}
      >
        <Dialog.Description className={dialog.description}>
          <Trans>
            The customer gets a full invoice made out to the name and tax id below, which replaces the simplified invoice. It is emailed to them at{' '}
            {customerEmail}.
          </Trans>
        </Dialog.Description>
        {refusal ? (
          <p className={styles.dialogError} role="alert">
            {refusal}
          </p>
        ) : null}
        <Form id={formId} onSubmit={form.handleSubmit} aria-label={t`Full invoice`}>
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

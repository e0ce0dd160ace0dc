import * as Dialog from '@radix-ui/react-dialog'
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm, useStore } from '@tanstack/react-form'
import { useMutation } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import { fieldMessages, fieldOf } from '../../../../core/form-issues.ts'
import { shipmentFieldMaxLength } from '../../../../core/order-flow.ts'
import { shipmentSchema } from '../../../../core/shipment.ts'
import { firstInvalidField, serverFieldErrors } from '../../../lib/form-errors.ts'
import { toast } from '../../../lib/toast.ts'
import { httpStatusOf, useTRPC } from '../../../lib/trpc.ts'
import { useAdminAction } from '../use-admin-action.ts'
import { button } from '../../ui/button.css.ts'
import * as dialog from '../../ui/dialog.css.ts'
import { DialogFormActions, DialogPanel } from '../../ui/DialogPanel.tsx'
import { fieldProps } from '../../ui/field-props.ts'
import { Form } from '../../ui/Form.tsx'
import { SubmitButton } from '../../ui/SubmitButton.tsx'
import { TextField } from '../../ui/TextField.tsx'
import * as styles from './OrderPage.css.ts'
import { useTransitionToast } from './use-transition-toast.ts'

const empty = { carrier: '', tracking: '' }
const isShipmentField = fieldOf(empty)
type ShipmentField = keyof typeof empty
const fieldOrder: readonly ShipmentField[] = ['carrier', 'tracking']

/**
 * "Mark as shipped": a dialog with the carrier and the tracking number, both optional, checked by
 * the schema `admin.orders.ship` uses. A refusal the admin can fix stays in the dialog (beside its
 * field); any other (the order changed meanwhile) closes it with the server's reason. Once closed
 * after sending, `onFinished` refreshes the page and places the focus (this button is gone then).
 */
export function ShipDialog({ orderId, number, onFinished }: { orderId: string; number: string; onFinished: () => void }) {
  const { t, i18n } = useLingui()
  const trpc = useTRPC()
  const ship = useMutation(trpc.admin.orders.ship.mutationOptions())
  const { act } = useAdminAction()
  const toastOf = useTransitionToast()
  const formId = useId()
  const [open, setOpen] = useState(false)
  // A bad request that names no field: said above the fields.
  const [refusal, setRefusal] = useState<string | null>(null)
  const finished = useRef(false)
  const focusField = (field: ShipmentField) => document.getElementById(formId)?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus()
  const close = () => {
    finished.current = true
    setOpen(false)
  }
  const form = useForm({
    defaultValues: empty,
    validators: { onSubmit: ({ value }) => fieldMessages(shipmentSchema, value, i18n, isShipmentField) },
    onSubmitInvalid: ({ formApi }) => {
      const first = firstInvalidField(formApi, fieldOrder)
      if (first) focusField(first.field)
    },
    onSubmit: async ({ value, formApi }) => {
      setRefusal(null)
      const { carrier, tracking } = shipmentSchema.parse(value)
      const outcome = await act(() => ship.mutateAsync({ id: orderId, ...(carrier ? { carrier } : {}), ...(tracking ? { tracking } : {}) }), {
        success: toastOf(t`Order ${number} marked as shipped: the customer has been emailed`),
        // Closed first, then `onFinished` refreshes: this button may go with the refetch.
        refresh: false,
        onRefusal: (message, error) => {
          const fields = serverFieldErrors(error, isShipmentField)
          const named = fieldOrder.filter((field) => fields[field] !== undefined)
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
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (submitting) return
        if (next) setRefusal(null)
        setOpen(next)
      }}
    >
      <Dialog.Trigger className={button({ tone: 'accent' })}>
        <Trans>Mark as shipped</Trans>
      </Dialog.Trigger>
      <DialogPanel
        title={<Trans>Ship order {number}</Trans>}
        onCloseAutoFocus={(event) => {
          if (!finished.current) return
          finished.current = false
          event.preventDefault()
          onFinished()
        }}
      >
        <Dialog.Description className={dialog.description}>
          <Trans>The order shows as shipped and the customer is emailed, with the carrier and the tracking number if you give them.</Trans>
        </Dialog.Description>
        {refusal ? (
          <p className={styles.dialogError} role="alert">
            {refusal}
          </p>
        ) : null}
        <Form id={formId} onSubmit={form.handleSubmit} aria-label={t`Shipment`}>
          <form.Field name="carrier">
            {(field) => (
              <TextField
                label={t`Carrier (optional)`}
                name="carrier"
                autoComplete="off"
                maxLength={shipmentFieldMaxLength}
                hint={t`For example SEUR, Correos Express or MRW.`}
                {...fieldProps(field)}
              />
            )}
          </form.Field>
          <form.Field name="tracking">
            {(field) => (
              <TextField
                label={t`Tracking number (optional)`}
                name="tracking"
                autoComplete="off"
                spellCheck={false}
                maxLength={shipmentFieldMaxLength}
                {...fieldProps(field)}
              />
            )}
          </form.Field>
          <DialogFormActions>
            <SubmitButton tone="accent" working={submitting} workingLabel={<Trans>Saving...</Trans>}>
              <Trans>Mark as shipped</Trans>
            </SubmitButton>
          </DialogFormActions>
        </Form>
      </DialogPanel>
    </Dialog.Root>
  )
}

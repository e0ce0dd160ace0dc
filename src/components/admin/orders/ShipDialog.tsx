import * as Dialog from '@radix-ui/react-dialog'
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm, useStore } from '@tanstack/react-form'
import { useMutation } from '@tanstack/react-query'
import { fieldMessages, fieldOf } from '../../../../core/form-issues.ts'
import { shipmentFieldMaxLength } from '../../../../core/order-flow.ts'
import { shipmentSchema } from '../../../../core/shipment.ts'
import { firstInvalidField } from '../../../lib/form-errors.ts'
import { useTRPC } from '../../../lib/trpc.ts'
import { button } from '../../ui/button.css.ts'
import * as dialog from '../../ui/dialog.css.ts'
import { DialogFormActions, DialogPanel } from '../../ui/DialogPanel.tsx'
import { fieldProps } from '../../ui/field-props.ts'
import { Form } from '../../ui/Form.tsx'
import { SubmitButton } from '../../ui/SubmitButton.tsx'
import { TextField } from '../../ui/TextField.tsx'
import { useFormDialog } from './use-form-dialog.tsx'
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
  const toastOf = useTransitionToast()
  const dialogForm = useFormDialog({ order: fieldOrder, isField: isShipmentField, inputName: (field) => field }, onFinished)
  const form = useForm({
    defaultValues: empty,
    validators: { onSubmit: ({ value }) => fieldMessages(shipmentSchema, value, i18n, isShipmentField) },
    onSubmitInvalid: ({ formApi }) => dialogForm.focusFirst(firstInvalidField(formApi, fieldOrder)),
    onSubmit: async ({ value, formApi }) => {
      const { carrier, tracking } = shipmentSchema.parse(value)
      await dialogForm.send(
        formApi,
        () => ship.mutateAsync({ id: orderId, ...(carrier ? { carrier } : {}), ...(tracking ? { tracking } : {}) }),
        toastOf(t`Order ${number} marked as shipped: the customer has been emailed`),
      )
    },
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  return (
    <Dialog.Root {...dialogForm.root(submitting)}>
      <Dialog.Trigger className={button({ tone: 'accent' })}>
        <Trans>Mark as shipped</Trans>
      </Dialog.Trigger>
      <DialogPanel title={<Trans>Ship order {number}</Trans>} onCloseAutoFocus={dialogForm.onCloseAutoFocus}>
        <Dialog.Description className={dialog.description}>
          <Trans>The order shows as shipped and the customer is emailed, with the carrier and the tracking number if you give them.</Trans>
        </Dialog.Description>
        {dialogForm.refusal}
        <Form id={dialogForm.formId} onSubmit={form.handleSubmit} aria-label={t`Shipment`}>
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

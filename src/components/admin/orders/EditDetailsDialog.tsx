import * as Dialog from '@radix-ui/react-dialog'
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm, useStore } from '@tanstack/react-form'
import { useMutation } from '@tanstack/react-query'
import { addressFields } from '../../../../core/address.ts'
import type { DeliveryMethod } from '../../../../core/delivery.ts'
import { fieldMessages, fieldOf } from '../../../../core/form-issues.ts'
import { checkoutShippingSchema, shippingLimits, type ShippingInput } from '../../../../core/shipping.ts'
import { firstInvalidField } from '../../../lib/form-errors.ts'
import { useTRPC } from '../../../lib/trpc.ts'
import { button } from '../../ui/button.css.ts'
import * as dialog from '../../ui/dialog.css.ts'
import { DialogFormActions, DialogPanel } from '../../ui/DialogPanel.tsx'
import { fieldProps } from '../../ui/field-props.ts'
import { Form } from '../../ui/Form.tsx'
import { SubmitButton } from '../../ui/SubmitButton.tsx'
import { TextField } from '../../ui/TextField.tsx'
import type { AdminOrder } from './OrderPage.tsx'
import { useFormDialog } from './use-form-dialog.tsx'
import { AddressConfirm, usePostcodeCheck, usePostcodeObjection } from '../../address/AddressFields.tsx'

/** What the dialog needs of the order. */
export type OrderDetails = Pick<
  AdminOrder,
  'id' | 'orderNumber' | 'deliveryMethod' | 'customerName' | 'customerEmail' | 'customerPhone' | 'shippingAddress'
>

type DetailsField = 'full_name' | 'email' | 'phone' | 'address_line1' | 'address_line2' | 'postal_code' | 'city'
const contactOrder: readonly DetailsField[] = ['full_name', 'email', 'phone']
const homeOrder: readonly DetailsField[] = [...contactOrder, 'address_line1', 'address_line2', 'postal_code', 'city']

/** The order's details as the form's values: its contact and, for home delivery, its address. */
function valuesOf(order: OrderDetails): ShippingInput {
  const address = order.shippingAddress ? addressFields(order.shippingAddress) : null
  return {
    full_name: order.customerName,
    email: order.customerEmail,
    phone: order.customerPhone,
    address_line1: address?.address_line1 ?? '',
    address_line2: address?.address_line2 ?? '',
    postal_code: address?.postal_code ?? '',
    city: address?.city ?? '',
    state: '',
    country: 'ES',
  }
}

/** Whether the postal code or town differs from the order's: only a new one is checked against Spain's list (as the server does). */
const placeChanged = (initial: ShippingInput, value: ShippingInput) =>
  initial.postal_code.trim() !== value.postal_code.trim() || initial.city.trim().toLowerCase() !== value.city.trim().toLowerCase()

/** Whether the order's details can still change: the panels have not left (the server says the same). */
export const detailsEditable = (order: Pick<AdminOrder, 'status'>) => order.status === 'pending' || order.status === 'confirmed'

/**
 * "Edit contact and address": the admin fixes the customer's name, email, phone and, for home
 * delivery, the delivery address before the order ships (docs/product.md#fulfilment), checked by
 * checkout's rules. The zone stays (the server refuses a postal code of another zone beside its
 * field); the customer is emailed; the timeline keeps the old values.
 */
export function EditDetailsDialog({ order, onFinished }: { order: OrderDetails; onFinished: () => void }) {
  const { t, i18n } = useLingui()
  const trpc = useTRPC()
  const update = useMutation(trpc.admin.orders.updateDetails.mutationOptions())
  const delivery: DeliveryMethod = order.deliveryMethod
  const fieldOrder = delivery === 'home' ? homeOrder : contactOrder
  const initial = valuesOf(order)
  const isField = (key: unknown): key is DetailsField => fieldOf(initial)(key) && fieldOrder.some((field) => field === key)
  const dialogForm = useFormDialog({ order: fieldOrder, isField, inputName: (field) => field }, onFinished)
  const number = order.orderNumber
  const postcodeCheck = usePostcodeCheck()
  const form = useForm({
    defaultValues: { ...initial, address_confirmed: false },
    validators: {
      onSubmit: ({ value }) => {
        const schema = fieldMessages(checkoutShippingSchema(delivery, false), value, i18n, isField)
        const postcode = delivery === 'home' && placeChanged(initial, value) ? postcodeCheck(value, value.address_confirmed) : {}
        return schema || Object.keys(postcode).length > 0 ? { fields: { ...postcode, ...schema?.fields } } : undefined
      },
    },
    onSubmitInvalid: ({ formApi }) => dialogForm.focusFirst(firstInvalidField<DetailsField>(formApi, fieldOrder)),
    onSubmit: async ({ value, formApi }) => {
      await dialogForm.send(
        formApi,
        () => {
          const { address_confirmed: addressConfirmed, ...shipping } = value
          return update.mutateAsync({ id: order.id, delivery, shipping, addressConfirmed })
        },
        (done) =>
          done.changed ? t`Order ${number} updated: the customer has been emailed` : t`Nothing changed: these already were the order's details.`,
      )
    },
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  const place = useStore(form.store, (state) => ({ postal_code: state.values.postal_code, city: state.values.city }))
  const confirmed = useStore(form.store, (state) => state.values.address_confirmed)
  const changed = delivery === 'home' && placeChanged(initial, { ...initial, ...place })
  const objection = usePostcodeObjection(changed ? place.postal_code : '', place.city)
  const text = (name: DetailsField, label: string, props: { autoComplete: string; type?: string; inputMode?: 'numeric' | 'tel' | 'email' }) => (
    <form.Field name={name}>
      {(field) => (
        <TextField
          label={label}
          name={name}
          maxLength={shippingLimits[name].max}
          {...props}
          {...fieldProps(field)}
          onChange={(event) => {
            field.handleChange(event.target.value)
            // A new postal code or town is checked afresh.
            if (name === 'postal_code' || name === 'city') form.setFieldValue('address_confirmed', false)
          }}
        />
      )}
    </form.Field>
  )
  return (
    <Dialog.Root {...dialogForm.root(submitting)}>
      <Dialog.Trigger className={button({ tone: 'outline', size: 'sm' })}>
        {delivery === 'home' ? <Trans>Edit contact and address</Trans> : <Trans>Edit contact</Trans>}
      </Dialog.Trigger>
      <DialogPanel title={<Trans>Details of order {number}</Trans>} onCloseAutoFocus={dialogForm.onCloseAutoFocus}>
        <Dialog.Description className={dialog.description}>
          {delivery === 'home' ? (
            <Trans>
              Fix the customer's contact or the delivery address before the order ships. The address stays in the same delivery zone; the customer is
              emailed and the order's history keeps the old details.
            </Trans>
          ) : (
            <Trans>
              Fix the customer's contact before they collect the order. The customer is emailed and the order's history keeps the old details.
            </Trans>
          )}
        </Dialog.Description>
        {dialogForm.refusal}
        <Form id={dialogForm.formId} onSubmit={form.handleSubmit} aria-label={t`Contact and address`}>
          {text('full_name', t`Full name`, { autoComplete: 'off' })}
          {text('email', t`Email`, { autoComplete: 'off', type: 'email', inputMode: 'email' })}
          {text('phone', t`Phone`, { autoComplete: 'off', type: 'tel', inputMode: 'tel' })}
          {delivery === 'home' ? (
            <>
              {text('address_line1', t`Address`, { autoComplete: 'off' })}
              {text('address_line2', t`Address line 2 (optional)`, { autoComplete: 'off' })}
              {text('postal_code', t`Postal code`, { autoComplete: 'off', inputMode: 'numeric' })}
              {text('city', t`City`, { autoComplete: 'off' })}
              <AddressConfirm
                objection={objection}
                confirmed={confirmed}
                onConfirmedChange={(value) => {
                  form.setFieldValue('address_confirmed', value)
                  // Once submitted, the objection beside the postal code or town goes with the tick.
                  if (form.state.submissionAttempts > 0) void form.validate('submit')
                }}
              />
            </>
          ) : null}
          <DialogFormActions>
            <SubmitButton working={submitting} workingLabel={<Trans>Saving...</Trans>}>
              <Trans>Save and tell the customer</Trans>
            </SubmitButton>
          </DialogFormActions>
        </Form>
      </DialogPanel>
    </Dialog.Root>
  )
}

import * as Dialog from '@radix-ui/react-dialog'
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm, useStore } from '@tanstack/react-form'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { carrierChoices, carriers, isKnownCarrier, type CarrierChoice } from '../../../../core/carriers.ts'
import { messages } from '../../../../core/messages.ts'
import { shipmentFieldMaxLength } from '../../../../core/order-flow.ts'
import { planShipment, shipmentRefusalMessages, shipmentSchema, type LineQuantity } from '../../../../core/shipment.ts'
import { useTRPC } from '../../../lib/trpc.ts'
import { button } from '../../ui/button.css.ts'
import * as dialog from '../../ui/dialog.css.ts'
import { DialogFormActions, DialogPanel } from '../../ui/DialogPanel.tsx'
import { fieldProps } from '../../ui/field-props.ts'
import { Form } from '../../ui/Form.tsx'
import * as formStyles from '../../ui/form.css.ts'
import { SelectField } from '../../ui/SelectField.tsx'
import { SubmitButton } from '../../ui/SubmitButton.tsx'
import { TextField } from '../../ui/TextField.tsx'
import type { AdminOrder } from './OrderPage.tsx'
import * as styles from './OrderPage.css.ts'
import { useFormDialog } from './use-form-dialog.tsx'
import { useTransitionToast } from './use-transition-toast.ts'

interface ShipValues {
  /** A carrier on the list, `other` (named below), or '' for none (the shop's own van). */
  carrier: CarrierChoice | ''
  carrierName: string
  tracking: string
  quantities: string[]
}
type ShipField = 'quantities' | 'carrierName' | 'tracking'
const fieldOrder: readonly ShipField[] = ['quantities', 'carrierName', 'tracking']
const isShipField = (key: unknown): key is ShipField => fieldOrder.some((field) => field === key)
const isCarrierChoice = (value: string): value is CarrierChoice => carrierChoices.some((choice) => choice === value)

/** What the dialog needs of the order: its lines and what is left of each to ship. */
export type ShippableOrder = Pick<AdminOrder, 'id' | 'orderNumber' | 'status' | 'items' | 'leftToShip'>

/**
 * "Mark as shipped": the panels this shipment carries (everything left, unless the admin ships part
 * of the order now and the rest later), the carrier from the list (or another, by name; or none)
 * and the tracking number (docs/product.md#fulfilment), checked by the rules `admin.orders.ship`
 * applies (core/shipment.ts). One request key per opening: a double click or a retry ships once. A
 * refusal the admin can fix stays in the dialog (beside its field); any other (the order changed
 * meanwhile) closes it with the server's reason. Once closed after sending, `onFinished` refreshes
 * the page and places the focus (this button may be gone then).
 */
export function ShipDialog({ order, onFinished }: { order: ShippableOrder; onFinished: () => void }) {
  const { t, i18n } = useLingui()
  const trpc = useTRPC()
  const ship = useMutation(trpc.admin.orders.ship.mutationOptions())
  const toastOf = useTransitionToast()
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID())
  const dialogForm = useFormDialog({ order: fieldOrder, isField: isShipField, inputName: (field) => field }, onFinished)
  const number = order.orderNumber
  const leftOf = (itemId: string) => order.leftToShip.find((line) => line.itemId === itemId)?.quantity ?? 0
  // Part of it has left already: the button ships the rest.
  const partial = order.status === 'partially_shipped'
  const linesOf = (value: ShipValues): LineQuantity[] | null => {
    const lines = order.items.map((item, index) => ({ itemId: item.id, quantity: Number(value.quantities[index] ?? '0') }))
    return lines.some((line) => !Number.isInteger(line.quantity) || line.quantity < 0) ? null : lines.filter((line) => line.quantity > 0)
  }
  const planOf = (value: ShipValues) => {
    const lines = linesOf(value)
    return lines ? planShipment(order.leftToShip, lines) : null
  }
  const carrierNameOf = (value: ShipValues) =>
    value.carrier === 'other' ? value.carrierName : isKnownCarrier(value.carrier) ? carriers[value.carrier].name : ''
  const defaultValues: ShipValues = { carrier: '', carrierName: '', tracking: '', quantities: order.items.map((item) => String(leftOf(item.id))) }
  const form = useForm({
    defaultValues,
    validators: {
      onSubmit: ({ value }) => {
        const fields: Partial<Record<ShipField, string>> = {}
        const plan = planOf(value)
        if (plan === null) fields.quantities = i18n._(messages.shipmentTooManyPanels)
        else if ('refused' in plan) fields.quantities = i18n._(shipmentRefusalMessages[plan.refused])
        const texts = shipmentSchema.pick({ carrier: true, tracking: true }).safeParse({ carrier: carrierNameOf(value), tracking: value.tracking })
        for (const issue of texts.success ? [] : texts.error.issues) {
          const field = issue.path[0] === 'carrier' ? 'carrierName' : 'tracking'
          fields[field] ??= i18n._(issue.message, { maximum: shipmentFieldMaxLength })
        }
        if (value.carrier === 'other' && !value.carrierName.trim()) fields.carrierName ??= i18n._(messages.shipmentCarrierNameRequired)
        return Object.keys(fields).length > 0 ? { fields } : undefined
      },
    },
    onSubmitInvalid: ({ formApi }) => {
      const first = fieldOrder.find((field) => formApi.getFieldMeta(field)?.errors.length)
      if (first) dialogForm.focusField(first)
    },
    onSubmit: async ({ value, formApi }) => {
      const plan = planOf(value)
      if (!plan || 'refused' in plan) return
      const carrier = carrierNameOf(value).trim()
      const tracking = value.tracking.trim()
      await dialogForm.send(
        formApi,
        () => ship.mutateAsync({ id: order.id, requestKey, lines: plan.lines, ...(carrier ? { carrier } : {}), ...(tracking ? { tracking } : {}) }),
        toastOf(
          plan.completes
            ? t`Order ${number} marked as shipped: the customer has been emailed`
            : t`Part of order ${number} shipped: the customer has been emailed`,
        ),
      )
    },
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  const values = useStore(form.store, (state) => state.values)
  const plan = planOf(values)
  const completes = plan !== null && !('refused' in plan) && plan.completes
  const carrierOptions = [
    { value: '', label: t`None (our own delivery)` },
    ...carrierChoices.map((choice) => ({ value: choice, label: choice === 'other' ? t`Other` : carriers[choice].name })),
  ]
  return (
    <Dialog.Root
      {...dialogForm.root(submitting)}
      onOpenChange={(next) => {
        // A new opening is a new shipment: its own key.
        if (next) setRequestKey(crypto.randomUUID())
        dialogForm.root(submitting).onOpenChange(next)
      }}
    >
      <Dialog.Trigger className={button({ tone: 'accent' })}>
        {partial ? <Trans>Ship the rest</Trans> : <Trans>Mark as shipped</Trans>}
      </Dialog.Trigger>
      <DialogPanel title={<Trans>Ship order {number}</Trans>} onCloseAutoFocus={dialogForm.onCloseAutoFocus}>
        <Dialog.Description className={dialog.description}>
          <Trans>
            The customer is emailed what this shipment carries, with the carrier's tracking link if you give them. Send part of the order now by
            lowering the quantities: the rest stays to ship.
          </Trans>
        </Dialog.Description>
        {dialogForm.refusal}
        <Form id={dialogForm.formId} onSubmit={form.handleSubmit} aria-label={t`Shipment`}>
          <fieldset className={styles.refundLines} data-testid="shipment-lines">
            <legend className={formStyles.label}>
              <Trans>Panels in this shipment</Trans>
            </legend>
            {order.items.map((item, index) => (
              <form.Field key={item.id} name={`quantities[${index}]`}>
                {(field) => (
                  <TextField
                    label={t`${item.productName}: ${leftOf(item.id)} of ${item.quantity} left to ship`}
                    name={index === 0 ? 'quantities' : `quantities-${index}`}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={leftOf(item.id)}
                    step={1}
                    disabled={leftOf(item.id) === 0}
                    {...fieldProps(field)}
                    error={index === 0 ? form.getFieldMeta('quantities')?.errors.find((e): e is string => typeof e === 'string') : undefined}
                  />
                )}
              </form.Field>
            ))}
          </fieldset>
          <form.Field name="carrier">
            {(field) => (
              <SelectField
                label={t`Carrier`}
                name="carrier"
                options={carrierOptions}
                value={field.state.value}
                onChange={(value) => field.handleChange(isCarrierChoice(value) ? value : '')}
              />
            )}
          </form.Field>
          {values.carrier === 'other' ? (
            <form.Field name="carrierName">
              {(field) => (
                <TextField
                  label={t`Carrier's name`}
                  name="carrierName"
                  autoComplete="off"
                  maxLength={shipmentFieldMaxLength}
                  {...fieldProps(field)}
                />
              )}
            </form.Field>
          ) : null}
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
              {completes ? <Trans>Mark as shipped</Trans> : <Trans>Record this shipment</Trans>}
            </SubmitButton>
          </DialogFormActions>
        </Form>
      </DialogPanel>
    </Dialog.Root>
  )
}

import * as Dialog from '@radix-ui/react-dialog'
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm, useStore } from '@tanstack/react-form'
import { useMutation } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { eurosToCents } from '../../../../core/catalog-admin.ts'
import { messages } from '../../../../core/messages.ts'
import { formatEuros, messageEuros } from '../../../../core/money.ts'
import {
  planFromLeft,
  refundReasonMaxLength,
  refundRefusalMessages,
  refundRequestSchema,
  type PaidOrder,
  type RefundWhat,
} from '../../../../core/refunds.ts'
import { useLanguage } from '../../../i18n/useLanguage.ts'
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

type Mode = 'lines' | 'amount' | 'remainder'
interface RefundValues {
  mode: Mode
  quantities: string[]
  delivery: boolean
  amount: string
  reason: string
}
type RefundField = 'quantities' | 'amount' | 'reason'
const fieldOrder: readonly RefundField[] = ['quantities', 'amount', 'reason']
const isRefundField = (key: unknown): key is RefundField => fieldOrder.some((field) => field === key)
const modeValues: readonly Mode[] = ['lines', 'amount', 'remainder']
const isMode = (value: string): value is Mode => modeValues.some((mode) => mode === value)

/** What the dialog needs of the order: its lines, delivery, totals and what is left to refund. */
export type RefundableOrder = Pick<
  AdminOrder,
  'id' | 'orderNumber' | 'customerEmail' | 'items' | 'shippingCostCents' | 'totalCents' | 'surchargeRateBasisPoints'
> & {
  refundable: NonNullable<AdminOrder['refundable']>
}

/**
 * "Refund": part of the payment (panels by line and quantity, the delivery), an amount, or all that
 * is left, with a reason (docs/product.md#fulfilment). The total shows as it is chosen, by the rule the
 * server applies (core/refunds.ts); the server decides the amount. One request key per opening: a
 * double click or a retry gives back once.
 */
export function RefundDialog({ order, onFinished }: { order: RefundableOrder; onFinished: () => void }) {
  const { t, i18n } = useLingui()
  const trpc = useTRPC()
  const language = useLanguage()
  const refund = useMutation(trpc.admin.orders.refund.mutationOptions())
  const toastOf = useTransitionToast()
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID())
  const dialogForm = useFormDialog({ order: fieldOrder, isField: isRefundField, inputName: (field) => field }, onFinished)
  const { refundable: left } = order
  const number = order.orderNumber
  const paid: PaidOrder = {
    lines: order.items.map((item) => ({ id: item.id, name: item.productName, quantity: item.quantity, unitPriceCents: item.unitPriceCents })),
    shippingCostCents: order.shippingCostCents,
    totalCents: order.totalCents,
    taxRateBasisPoints: left.taxRateBasisPoints,
    surchargeRateBasisPoints: order.surchargeRateBasisPoints,
  }
  const leftOf = (itemId: string) => left.lines.find((line) => line.itemId === itemId)?.quantity ?? 0
  const whatOf = (value: RefundValues): RefundWhat | null => {
    if (value.mode === 'remainder') return { kind: 'remainder' }
    if (value.mode === 'amount') {
      const cents = eurosToCents(value.amount)
      return cents === null || cents === 0 ? null : { kind: 'amount', amountCents: cents }
    }
    const lines = paid.lines.map((line, index) => ({ itemId: line.id, quantity: Number(value.quantities[index] ?? '0') }))
    if (lines.some((line) => !Number.isInteger(line.quantity) || line.quantity < 0)) return null
    return { kind: 'lines', lines: lines.filter((line) => line.quantity > 0), delivery: value.delivery }
  }
  const planOf = (value: RefundValues) => {
    const what = whatOf(value)
    return what ? planFromLeft(paid, left, what) : null
  }
  const defaultValues: RefundValues = { mode: 'lines', quantities: paid.lines.map(() => '0'), delivery: false, amount: '', reason: '' }
  const form = useForm({
    defaultValues,
    validators: {
      onSubmit: ({ value }) => {
        const fields: Partial<Record<RefundField, string>> = {}
        const reason = refundRequestSchema.shape.reason.safeParse(value.reason)
        if (!reason.success) fields.reason = i18n._(reason.error.issues[0]?.message ?? messages.refundReasonRequired.id)
        const plan = planOf(value)
        const field: RefundField = value.mode === 'amount' ? 'amount' : 'quantities'
        if (value.mode !== 'remainder') {
          if (plan === null) fields[field] = i18n._(value.mode === 'amount' ? messages.refundAmountInvalid : messages.refundTooManyPanels)
          else if ('refused' in plan) fields[field] = i18n._(refundRefusalMessages[plan.refused].id, { max: messageEuros(left.amountCents) })
        }
        return Object.keys(fields).length > 0 ? { fields } : undefined
      },
    },
    onSubmitInvalid: ({ formApi }) => {
      const first = fieldOrder.find((field) => formApi.getFieldMeta(field)?.errors.length)
      if (first) dialogForm.focusField(first)
    },
    onSubmit: async ({ value, formApi }) => {
      const what = whatOf(value)
      const plan = planOf(value)
      if (!what || !plan || 'refused' in plan) return
      const amount = formatEuros(plan.amountCents, language)
      await dialogForm.send(
        formApi,
        () => refund.mutateAsync({ id: order.id, requestKey, reason: value.reason, what }),
        toastOf(t`${amount} of order ${number} refunded: the customer has been emailed`),
      )
    },
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  const values = useStore(form.store, (state) => state.values)
  const plan = planOf(values)
  const total = plan && !('refused' in plan) ? plan.amountCents : null
  const deliveryId = useId()
  const modes = [
    { value: 'lines', label: t`Panels (and the delivery)` },
    { value: 'amount', label: t`An amount` },
    { value: 'remainder', label: t`Everything left (${formatEuros(left.amountCents, language)})` },
  ]
  return (
    <Dialog.Root
      {...dialogForm.root(submitting)}
      onOpenChange={(next) => {
        // A new opening is a new refund: its own key.
        if (next) setRequestKey(crypto.randomUUID())
        dialogForm.root(submitting).onOpenChange(next)
      }}
    >
      <Dialog.Trigger className={button({ tone: 'outline' })}>
        <Trans>Refund</Trans>
      </Dialog.Trigger>
      <DialogPanel title={<Trans>Refund order {number}</Trans>} onCloseAutoFocus={dialogForm.onCloseAutoFocus}>
        <Dialog.Description className={dialog.description}>
          <Trans>
            The money goes back through the payment provider, a corrective invoice is issued for exactly that amount, and the customer is emailed at{' '}
            {order.customerEmail}. Left to refund: {formatEuros(left.amountCents, language)}. This cannot be undone.
          </Trans>
        </Dialog.Description>
        {dialogForm.refusal}
        <Form id={dialogForm.formId} onSubmit={form.handleSubmit} aria-label={t`Refund`}>
          <form.Field name="mode">
            {(field) => (
              <SelectField
                label={t`What to refund`}
                name="mode"
                options={modes}
                value={field.state.value}
                onChange={(value) => field.handleChange(isMode(value) ? value : 'lines')}
              />
            )}
          </form.Field>
          {values.mode === 'lines' ? (
            <fieldset className={styles.refundLines} data-testid="refund-lines">
              <legend className={formStyles.label}>
                <Trans>Panels to refund</Trans>
              </legend>
              {paid.lines.map((line, index) => (
                <form.Field key={line.id} name={`quantities[${index}]`}>
                  {(field) => (
                    <TextField
                      label={t`${line.name}: ${leftOf(line.id)} of ${line.quantity} left, ${formatEuros(line.unitPriceCents, language)} each`}
                      name={index === 0 ? 'quantities' : `quantities-${index}`}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={leftOf(line.id)}
                      step={1}
                      disabled={leftOf(line.id) === 0}
                      {...fieldProps(field)}
                      error={index === 0 ? form.getFieldMeta('quantities')?.errors.find((e): e is string => typeof e === 'string') : undefined}
                    />
                  )}
                </form.Field>
              ))}
              {order.shippingCostCents > 0 ? (
                <form.Field name="delivery">
                  {(field) => (
                    <div className={formStyles.checkbox}>
                      <input
                        type="checkbox"
                        id={deliveryId}
                        name="delivery"
                        checked={field.state.value}
                        disabled={left.deliveryCents === 0}
                        onChange={(event) => field.handleChange(event.target.checked)}
                      />
                      <label htmlFor={deliveryId} className={formStyles.checkboxLabel}>
                        {left.deliveryCents === 0 ? (
                          <Trans>The delivery (already refunded)</Trans>
                        ) : (
                          <Trans>The delivery ({formatEuros(order.shippingCostCents, language)})</Trans>
                        )}
                      </label>
                    </div>
                  )}
                </form.Field>
              ) : null}
            </fieldset>
          ) : null}
          {values.mode === 'amount' ? (
            <form.Field name="amount">
              {(field) => (
                <TextField
                  label={t`Amount to refund (€)`}
                  name="amount"
                  inputMode="decimal"
                  autoComplete="off"
                  hint={t`IVA included; at most ${formatEuros(left.amountCents, language)}.`}
                  {...fieldProps(field)}
                />
              )}
            </form.Field>
          ) : null}
          <form.Field name="reason">
            {(field) => (
              <TextField
                label={t`Reason`}
                name="reason"
                autoComplete="off"
                maxLength={refundReasonMaxLength}
                hint={t`For example: two panels arrived broken. The corrective invoice and the order's history keep it.`}
                {...fieldProps(field)}
              />
            )}
          </form.Field>
          <p className={styles.refundTotal} aria-live="polite" data-testid="refund-total">
            {total === null ? <Trans>Choose what to refund.</Trans> : <Trans>To refund: {formatEuros(total, language)}</Trans>}
          </p>
          <DialogFormActions>
            <SubmitButton tone="danger" working={submitting} workingLabel={<Trans>Refunding...</Trans>}>
              {total === null ? <Trans>Refund</Trans> : <Trans>Refund {formatEuros(total, language)}</Trans>}
            </SubmitButton>
          </DialogFormActions>
        </Form>
      </DialogPanel>
    </Dialog.Root>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { useForm, useStore } from '@tanstack/react-form'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { z } from 'zod'
import { useLanguage } from '../../i18n/useLanguage.ts'
import type { Cart } from '../../lib/cart.ts'
import { serverFieldErrors } from '../../lib/form-errors.ts'
import { serverMessage } from '../../lib/server-message.ts'
import { useTRPC } from '../../lib/trpc.ts'
import { button } from '../ui/button.css.ts'
import { fieldProps } from '../ui/field-props.ts'
import { TextField } from '../ui/TextField.tsx'
import * as styles from './CartDrawer.css.ts'
import { deliveryMethodLabels, deliveryWindow, deliveryZoneLabels } from '../../../core/delivery.ts'
import { fieldMessages } from '../../../core/form-issues.ts'
import { formatEuros } from '../../../core/money.ts'
import { anySpanishPostalCode } from '../../../core/shipping.ts'

const postalCodeForm = z.object({ postalCode: anySpanishPostalCode })
const isPostalCodeField = (key: unknown): key is 'postalCode' => key === 'postalCode'

/**
 * The cart's delivery row (docs/product.md#cart): "from X €" until the shopper gives a postal code,
 * then home delivery to it (price, zone, window), which the cart remembers; checkout starts from it.
 */
export function DeliveryEstimate({ cart }: { cart: Cart }) {
  const { i18n } = useLingui()
  const language = useLanguage()
  const { postalCode, estimate } = cart.delivery
  const [editing, setEditing] = useState(false)
  const price = (cents: number) => (cents === 0 ? <Trans>Free</Trans> : formatEuros(cents, language))
  const asking = editing || postalCode === null
  return (
    <div className={styles.delivery}>
      <p className={styles.row} data-testid="cart-shipping">
        <span>
          <Trans>Delivery</Trans>
        </span>
        <span>
          {estimate ? price(estimate.priceCents) : cart.delivery.free ? <Trans>Free</Trans> : <DeliveryFrom cents={cart.delivery.fromCents} />}
        </span>
      </p>
      {asking ? (
        <PostalCodeForm initial={postalCode ?? ''} onDone={() => setEditing(false)} canCancel={postalCode !== null} />
      ) : (
        <div className={styles.estimate} role="status" data-testid="cart-delivery-estimate">
          {estimate ? (
            <p>
              {`${i18n._(deliveryMethodLabels.home)} (${i18n._(deliveryZoneLabels[estimate.zone])}) · ${windowText(i18n, estimate)} · ${postalCode}`}
            </p>
          ) : (
            <p>
              <Trans>
                Home delivery does not reach {postalCode}. You can collect your panels at our showroom in Torrevieja, or{' '}
                <Link to="/contact">ask us for a quote</Link>.
              </Trans>
            </p>
          )}
          <button type="button" className={styles.change} onClick={() => setEditing(true)}>
            <Trans>Change postal code</Trans>
          </button>
        </div>
      )}
    </div>
  )
}

function windowText(i18n: ReturnType<typeof useLingui>['i18n'], estimate: { minDays: number; maxDays: number }) {
  const { message, values } = deliveryWindow({ method: 'home', ...estimate })
  return i18n._(message.id, values, { message: message.message })
}

/** Asks for the postal code the cart estimates for; the cart answers with the estimate. */
function PostalCodeForm({ initial, onDone, canCancel }: { initial: string; onDone: () => void; canCancel: boolean }) {
  const { t, i18n } = useLingui()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const [failure, setFailure] = useState<string | null>(null)
  const remember = useMutation(trpc.cart.setPostalCode.mutationOptions())
  const form = useForm({
    defaultValues: { postalCode: initial },
    validators: { onSubmit: ({ value }) => fieldMessages(postalCodeForm, value, i18n, isPostalCodeField) },
    onSubmit: async ({ value, formApi }) => {
      setFailure(null)
      try {
        const cart = await remember.mutateAsync({ postalCode: value.postalCode.trim() })
        queryClient.setQueryData(trpc.cart.get.queryKey(), cart)
        onDone()
      } catch (error) {
        const fields = serverFieldErrors(error, isPostalCodeField)
        if (fields.postalCode) formApi.setFieldMeta('postalCode', (meta) => ({ ...meta, errorMap: { onSubmit: fields.postalCode } }))
        else setFailure(serverMessage(error, t`The delivery could not be estimated. Please try again.`))
      }
    },
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  return (
    <form
      className={styles.postalCodeForm}
      noValidate
      aria-label={t`Estimate delivery`}
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
    >
      <form.Field name="postalCode">
        {(field) => (
          <TextField
            label={t`Postal code`}
            name="postalCode"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            hint={t`Home delivery's price and days to your address.`}
            {...fieldProps(field)}
          />
        )}
      </form.Field>
      <div className={styles.postalCodeActions}>
        <button type="submit" className={button({ tone: 'primary', size: 'sm' })} disabled={submitting}>
          <Trans>Estimate</Trans>
        </button>
        {canCancel ? (
          <button type="button" className={styles.change} onClick={onDone}>
            <Trans>Cancel</Trans>
          </button>
        ) : null}
      </div>
      {failure ? (
        <p className={styles.noticeError} role="alert">
          {failure}
        </p>
      ) : null}
    </form>
  )
}

/** Home delivery's lowest rate: the address, given at checkout, decides the price (pickup at the showroom is free). */
function DeliveryFrom({ cents }: { cents: number }) {
  const from = formatEuros(cents, useLanguage())
  return cents === 0 ? <Trans>By address, at checkout</Trans> : <Trans>From {from}, at checkout</Trans>
}

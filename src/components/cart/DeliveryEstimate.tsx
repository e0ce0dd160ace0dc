import type { I18n } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm, useStore } from '@tanstack/react-form'
import { Link } from '@tanstack/react-router'
import { useId, useRef, useState } from 'react'
import { z } from 'zod'
import { useLanguage } from '../../i18n/useLanguage.ts'
import type { Cart } from '../../lib/cart.ts'
import { serverFieldErrors } from '../../lib/form-errors.ts'
import { serverMessage } from '../../lib/server-message.ts'
import { button } from '../ui/button.css.ts'
import { fieldProps } from '../ui/field-props.ts'
import { Form } from '../ui/Form.tsx'
import { TextField } from '../ui/TextField.tsx'
import * as styles from './CartDrawer.css.ts'
import { deliveryLineLabel, deliveryWindow, deliveryZoneLabels } from '../../../core/delivery.ts'
import { fieldMessages, fieldOf } from '../../../core/form-issues.ts'
import { formatEuros } from '../../../core/money.ts'
import { anySpanishPostalCode } from '../../../core/shipping.ts'

const postalCodeSchema = z.object({ postalCode: anySpanishPostalCode })

type Estimate = NonNullable<Cart['delivery']['estimate']>

/**
 * The cart's delivery row (docs/product.md#cart): "from X €" until the shopper gives a postal code,
 * then home delivery to it (price, zone, window), which the cart remembers; checkout starts from it.
 * Where home delivery does not reach (the Canary Islands, Ceuta, Melilla) it offers pickup or a quote.
 * `remember` sends the postal code and answers with the cart (useCartActions' setPostalCode).
 */
export function DeliveryEstimate({ cart, remember }: { cart: Cart; remember: (postalCode: string) => Promise<Cart> }) {
  const { t, i18n } = useLingui()
  const language = useLanguage()
  const { postalCode, estimate } = cart.delivery
  const [editing, setEditing] = useState(false)
  // The keyboard goes back to "Change" once the form closes (estimated or cancelled), never on opening the drawer.
  const focusChange = useRef(false)
  const asking = editing || postalCode === null
  const price = (cents: number) => (cents === 0 ? <Trans>Free</Trans> : formatEuros(cents, language))
  const close = () => {
    focusChange.current = true
    setEditing(false)
  }
  // The answer may show the estimate (and "Change") before the form hears of it: the keyboard is promised to "Change" first.
  const send = async (code: string) => {
    focusChange.current = true
    try {
      return await remember(code)
    } catch (error) {
      focusChange.current = false
      throw error
    }
  }
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
      <div className={styles.estimate}>
        {/* Always there, so a new estimate is announced when it arrives (and stays in view while the code is changed). */}
        <div className={styles.estimateText} role="status" data-testid="cart-delivery-estimate">
          {postalCode === null ? null : estimate ? (
            <p>{estimateLine(i18n, estimate, postalCode)}</p>
          ) : (
            <p>
              <Trans>
                Home delivery does not reach {postalCode}. You can collect your panels at our showroom in Torrevieja, or{' '}
                <Link to="/contact">ask us for a quote</Link>.
              </Trans>
            </p>
          )}
        </div>
        {asking ? null : (
          <button
            type="button"
            className={styles.change}
            ref={(element) => {
              if (element && focusChange.current) {
                focusChange.current = false
                element.focus()
              }
            }}
            // The name says what changes; it starts with the visible word, which voice control users say.
            aria-label={t`Change postal code`}
            onClick={() => setEditing(true)}
          >
            <Trans>Change</Trans>
          </button>
        )}
      </div>
      {asking ? (
        <PostalCodeForm
          initial={postalCode ?? ''}
          remember={send}
          onDone={close}
          // Cancelling and taking the keyboard to the field only when the shopper asked to change the code.
          changing={postalCode !== null}
        />
      ) : null}
    </div>
  )
}

/** "Home delivery (Peninsula) · 3–5 working days · 46001", in the reader's language. */
function estimateLine(i18n: I18n, estimate: Estimate, postalCode: string): string {
  const zone = i18n._(deliveryZoneLabels[estimate.zone])
  const method = i18n._(deliveryLineLabel.id, { zone }, { message: deliveryLineLabel.message })
  const { message, values } = deliveryWindow({ method: 'home', minDays: estimate.minDays, maxDays: estimate.maxDays })
  return [method, i18n._(message.id, values, { message: message.message }), postalCode].join(' · ')
}

/**
 * Asks for the postal code the cart estimates for. The shared rule is checked here first; the
 * server's refusal of the field is shown beside it too, anything else under the form.
 */
function PostalCodeForm({
  initial,
  remember,
  onDone,
  changing,
}: {
  initial: string
  remember: (postalCode: string) => Promise<Cart>
  onDone: () => void
  changing: boolean
}) {
  const { t, i18n } = useLingui()
  const formId = useId()
  const [failure, setFailure] = useState<string | null>(null)
  const focusInput = () => document.getElementById(formId)?.querySelector<HTMLInputElement>('[name="postalCode"]')?.focus()
  const form = useForm({
    defaultValues: { postalCode: initial },
    validators: { onSubmit: ({ value }) => fieldMessages(postalCodeSchema, value, i18n, fieldOf(value)) },
    onSubmitInvalid: focusInput,
    onSubmit: async ({ value, formApi }) => {
      setFailure(null)
      try {
        await remember(postalCodeSchema.parse(value).postalCode)
        onDone()
      } catch (error) {
        const said = serverFieldErrors(error, fieldOf(value)).postalCode
        if (said) formApi.setFieldMeta('postalCode', (meta) => ({ ...meta, errorMap: { onSubmit: said } }))
        else setFailure(serverMessage(error, t`The delivery could not be estimated. Please try again.`))
        focusInput()
      }
    },
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  return (
    <Form id={formId} className={styles.postalCodeForm} onSubmit={form.handleSubmit} aria-label={t`Estimate delivery`}>
      <form.Field name="postalCode">
        {(field) => (
          <TextField
            label={t`Postal code`}
            name="postalCode"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            hint={t`Home delivery's price and days to your address.`}
            // The shopper pressed "Change": the field they came for (the drawer's own opening focuses its first control).
            autoFocus={changing}
            {...fieldProps(field)}
          />
        )}
      </form.Field>
      <div className={styles.postalCodeActions}>
        <button type="submit" className={button({ tone: 'primary', size: 'sm' })} disabled={submitting}>
          <Trans>Estimate</Trans>
        </button>
        {changing ? (
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
    </Form>
  )
}

/** Home delivery's lowest rate: the address, given at checkout, decides the price (pickup at the showroom is free). */
function DeliveryFrom({ cents }: { cents: number }) {
  const from = formatEuros(cents, useLanguage())
  return cents === 0 ? <Trans>By address, at checkout</Trans> : <Trans>From {from}, at checkout</Trans>
}

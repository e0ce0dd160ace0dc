import { Trans, useLingui } from '@lingui/react/macro'
import { useForm, useStore } from '@tanstack/react-form'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useId } from 'react'
import { toast } from '../../lib/toast.ts'
import { NothingToOrder, OrderSummary } from './OrderSummary.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { Form } from '../ui/Form.tsx'
import { SubmitButton } from '../ui/SubmitButton.tsx'
import { SelectField } from '../ui/SelectField.tsx'
import { TextField } from '../ui/TextField.tsx'
import { fieldProps } from '../ui/field-props.ts'
import { fieldMessages } from '../../../core/form-issues.ts'
import { messages } from '../../../core/messages.ts'
import { isUnservedPostalCode, provinceOf } from '../../../core/provinces.ts'
import { useAccount } from '../../lib/account.ts'
import { orderableLines } from '../../lib/cart.ts'
import { checkoutKey, readCheckoutDraft, renewCheckoutKey, saveCheckoutDraftField } from '../../lib/checkout-draft.ts'
import { focusFirstInvalid } from '../../lib/form-errors.ts'
import { shippingAutoComplete, useCountryOptions, useShippingLabels } from '../../lib/shipping-fields.ts'
import { serverMessage } from '../../lib/server-message.ts'
import { httpStatusOf, useTRPC } from '../../lib/trpc.ts'
import { isShippingField, shippingLimits, shippingSchema, type ShippingField, type ShippingInput } from '../../../core/shipping.ts'
import * as styles from './CheckoutPage.css.ts'

const route = getRouteApi('/checkout')

export function CheckoutPage() {
  const trpc = useTRPC()
  const { cancelled } = route.useSearch()
  const { data: cart } = useSuspenseQuery(trpc.cart.get.queryOptions())
  return (
    <>
      <PageHeader title={<Trans>Checkout</Trans>} />
      <div className={styles.page}>
        {cancelled ? (
          <p className={styles.notice} role="status">
            <Trans>The payment was cancelled. Your cart is still here whenever you are ready.</Trans>
          </p>
        ) : null}
        {orderableLines(cart).length === 0 ? (
          <NothingToOrder cart={cart} />
        ) : (
          <div className={styles.layout}>
            <ShippingForm />
            <OrderSummary cart={cart} />
          </div>
        )}
      </div>
    </>
  )
}

/** The form's order, the schema's: the postal code comes before the city and fills the province. */
const fieldOrder: ShippingField[] = ['full_name', 'email', 'phone', 'address_line1', 'address_line2', 'postal_code', 'city', 'state', 'country']
const wideFields: ReadonlySet<ShippingField> = new Set(['full_name', 'address_line1', 'address_line2'])
const optionalFields: ReadonlySet<ShippingField> = new Set(['address_line2', 'state'])
const inputTypes: Partial<Record<ShippingField, string>> = { email: 'email', phone: 'tel' }

function ShippingForm() {
  const { t, i18n } = useLingui()
  const trpc = useTRPC()
  const { data: prefill } = useSuspenseQuery(trpc.checkout.prefill.queryOptions())
  const create = useMutation(trpc.checkout.create.mutationOptions())
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const labels = useShippingLabels()
  const countryOptions = useCountryOptions()
  const quoteId = useId()
  const form = useForm({
    defaultValues: prefill satisfies ShippingInput,
    validators: {
      // docs/product.md#checkout: checked on submit, every field trimmed; each message beside its field.
      onSubmit: ({ value }) => fieldMessages(shippingSchema, value, i18n, isShippingField),
    },
    onSubmitInvalid: focusFirstInvalid(fieldOrder),
    onSubmit: async ({ value }) => {
      try {
        const shipping = shippingSchema.parse(value)
        // The draft's key: the same after a trip to the payment page, so the server resumes that order.
        let order = await create.mutateAsync({ shipping, checkoutKey: checkoutKey() }).catch((error: unknown) => {
          // The key is someone else's now (a sign-out or sign-in on this tab): this form gets a new one.
          if (httpStatusOf(error) === 412) return create.mutateAsync({ shipping, checkoutKey: renewCheckoutKey() })
          throw error
        })
        // The key's order was cancelled (from My orders, or when its payment time ran out): a new order.
        if (order.status === 'cancelled') order = await create.mutateAsync({ shipping, checkoutKey: renewCheckoutKey() })
        if (order.paymentUrl) {
          toast.success(t`Order created successfully`)
          // The same tab: a new tab is blocked by pop-up blockers and loses the shopper.
          window.location.assign(order.paymentUrl)
          return
        }
        // This checkout's order is no longer waiting for payment: show where it stands instead.
        if (order.paymentStatus === 'paid') await navigate({ to: '/payment-success', search: { order_id: order.orderId } })
        else await navigate({ to: '/orders' })
      } catch (error) {
        const status = httpStatusOf(error)
        // A price changed since the summary was shown: show the new one before anything is charged.
        if (status === 409) await queryClient.invalidateQueries({ queryKey: trpc.cart.get.queryKey() })
        toast.error(serverMessage(error, t`Error processing order`))
      }
    },
  })
  const busy = create.isPending || create.isSuccess
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  const unserved = useStore(form.store, (state) => isUnservedPostalCode(state.values.postal_code))

  /** A typed value: kept in the tab's draft; a postal code also fills the province. */
  const remember = (name: ShippingField, value: string) => {
    saveCheckoutDraftField(name, value)
    if (name === 'postal_code') form.setFieldValue('state', provinceOf(value) ?? '')
  }

  // What the shopper typed in this tab wins over the prefill. sessionStorage exists only in the
  // browser, so the draft comes back after hydration (the server's HTML is the prefill).
  useEffect(() => {
    const draft = readCheckoutDraft()
    for (const name of fieldOrder) {
      const value = draft[name]
      if (value !== undefined && name !== 'state') form.setFieldValue(name, value)
    }
    if (draft.postal_code !== undefined) form.setFieldValue('state', provinceOf(draft.postal_code) ?? '')
  }, [form])

  return (
    <section className={styles.formCard} aria-labelledby="shipping-heading">
      <h2 id="shipping-heading" className={styles.cardTitle}>
        <Trans>Shipping details</Trans>
      </h2>
      <SignInOffer />
      <Form onSubmit={form.handleSubmit}>
        <div className={styles.fields}>
          {fieldOrder.map((name) => (
            <form.Field key={name} name={name}>
              {(field) => {
                const props = fieldProps(field)
                if (name === 'country') {
                  return (
                    // A box of its own, as the text fields have: the grid row stretches it, not the select.
                    <div>
                      <SelectField
                        label={labels.country}
                        name={name}
                        autoComplete={shippingAutoComplete.country}
                        required
                        options={countryOptions}
                        value={props.value}
                        error={props.error}
                        onBlur={props.onBlur}
                        onChange={(value) => {
                          field.handleChange(value)
                          remember(name, value)
                        }}
                      />
                    </div>
                  )
                }
                // The islands and cities not served: the notice below says why and where to ask, once.
                const quote = name === 'postal_code' && unserved
                return (
                  <div className={wideFields.has(name) ? styles.wide : undefined}>
                    <TextField
                      label={labels[name]}
                      name={name}
                      type={inputTypes[name] ?? 'text'}
                      autoComplete={shippingAutoComplete[name]}
                      required={!optionalFields.has(name)}
                      maxLength={shippingLimits[name].max}
                      {...(name === 'postal_code' ? { inputMode: 'numeric' } : {})}
                      {...(name === 'state' ? { readOnly: true, hint: t`Filled in from the postal code` } : {})}
                      {...props}
                      {...(quote ? { error: undefined, 'aria-invalid': true, 'aria-describedby': quoteId } : {})}
                      onChange={(event) => {
                        props.onChange(event)
                        remember(name, event.target.value)
                      }}
                    />
                    {name === 'postal_code' ? (
                      <p id={quoteId} className={quote ? styles.quote : undefined} role="status">
                        {quote ? (
                          <>
                            {i18n._(messages.postalCodeNotServed)}{' '}
                            <Link to="/contact" search={{ quote: field.state.value.trim() }} className={styles.quoteLink}>
                              <Trans>Ask for a quote</Trans>
                            </Link>
                          </>
                        ) : null}
                      </p>
                    ) : null}
                  </div>
                )
              }}
            </form.Field>
          ))}
        </div>
        <SubmitButton tone="accent" size="lg" working={submitting || busy} workingLabel={<Trans>Processing...</Trans>}>
          <Trans>Proceed to payment</Trans>
        </SubmitButton>
        <p className={styles.secure}>
          <Trans>You will pay by card on a secure payment page. Your order is confirmed once the payment is verified.</Trans>
        </p>
      </Form>
    </section>
  )
}

/** Guests can sign in and come back here, to the form as they left it (the draft keeps it). */
function SignInOffer() {
  const { me } = useAccount()
  if (me) return null
  return (
    <p className={styles.signIn}>
      <Trans>
        Already have an account?{' '}
        <Link to="/auth" search={{ redirect: '/checkout' }} className={styles.signInLink}>
          Sign in
        </Link>
      </Trans>
    </p>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { useForm, useStore } from '@tanstack/react-form'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link, useNavigate, useRouteContext } from '@tanstack/react-router'
import { useEffect, useId, useState, type ReactNode } from 'react'
import { toast } from '../../lib/toast.ts'
import { NothingToOrder, OrderSummary } from './OrderSummary.tsx'
import { chosenQuote, DeliveryChoice, useDeliveryQuotes, type DeliveryQuote } from './DeliveryChoice.tsx'
import type { DeliveryMethod } from '../../../core/delivery.ts'
import { PageHeader } from '../ui/PageHeader.tsx'
import { Form } from '../ui/Form.tsx'
import { SubmitButton } from '../ui/SubmitButton.tsx'
import { TextField } from '../ui/TextField.tsx'
import { AddressFields, addressFieldOrder, addressFieldProps, usePostcodeCheck, type AddressFieldSlot } from '../address/AddressFields.tsx'
import * as formStyles from '../ui/form.css.ts'
import { BillingFields, billingFieldProps, focusFirstInvalidBilling, type BillingFieldSlot } from '../billing/BillingFields.tsx'
import { fieldProps } from '../ui/field-props.ts'
import { keepTypedCheck, keepTypedValue } from '../ui/typed-early.ts'
import { fieldMessages } from '../../../core/form-issues.ts'
import { messages } from '../../../core/messages.ts'
import { billingFormValues, type Billing } from '../../../core/billing.ts'
import { emptyBilling, isBillingIdKind, type BillingFormValues } from '../../../core/billing-fields.ts'
import { checkoutFormFields, type CheckoutFormField } from '../../../core/checkout-form.ts'
import { postedRefusal, usePostedForm } from '../../lib/posted-form.ts'
import { fullInvoiceRequired, simplifiedInvoiceLimitCents } from '../../../core/invoices.ts'
import { formatEuros } from '../../../core/money.ts'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { billingMessages } from '../../lib/billing-messages.ts'
import { isUnservedPostalCode, provinceOf } from '../../../core/provinces.ts'
import { useAccount } from '../../lib/account.ts'
import { orderableLines } from '../../lib/cart.ts'
import { checkoutKey, readCheckoutDraft, renewCheckoutKey, saveCheckoutDraftField } from '../../lib/checkout-draft.ts'
import { firstInvalidField, focusFirstInvalid } from '../../lib/form-errors.ts'
import { shippingAutoComplete, useShippingLabels } from '../../lib/shipping-fields.ts'
import { serverMessage } from '../../lib/server-message.ts'
import { httpStatusOf, useTRPC } from '../../lib/trpc.ts'
import { checkoutShippingSchema, isShippingField, shippingLimits, type ShippingField, type ShippingInput } from '../../../core/shipping.ts'
import * as styles from './CheckoutPage.css.ts'
import { FormError } from '../ui/FormError.tsx'

const route = getRouteApi('/checkout')

export function CheckoutPage() {
  const trpc = useTRPC()
  const { cancelled } = route.useSearch()
  const { data: cart } = useSuspenseQuery(trpc.cart.get.queryOptions())
  // The delivery chosen in the form, priced by the server: the summary shows it and the total it makes.
  const [delivery, setDelivery] = useState<DeliveryQuote | null>(null)
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
            {/* The summary first: folded at the top on a phone, beside the form on a wide screen. */}
            <OrderSummary cart={cart} delivery={delivery} />
            <ShippingForm totalCents={cart.totalCents} homeFree={cart.delivery.free} onDelivery={setDelivery} />
          </div>
        )}
      </div>
    </>
  )
}

/** The form's order, the schema's: the contact, then the address (the postal code before the city: it fills the province). */
const contactOrder: ShippingField[] = ['full_name', 'email', 'phone']
const fieldOrder: ShippingField[] = [...contactOrder, ...addressFieldOrder]
const wideFields: ReadonlySet<ShippingField> = new Set(['full_name'])
const inputTypes: Partial<Record<ShippingField, string>> = { email: 'email', phone: 'tel' }

/** The checkout form's values: the shipping details, the delivery method, and who a full invoice is made out to when asked for. */
type CheckoutValues = ShippingInput & { delivery: DeliveryMethod; full_invoice: boolean; billing: BillingFormValues; address_confirmed: boolean }

function ShippingForm({
  totalCents,
  homeFree,
  onDelivery,
}: {
  totalCents: number
  homeFree: boolean
  onDelivery: (quote: DeliveryQuote | null) => void
}) {
  const { t, i18n } = useLingui()
  const trpc = useTRPC()
  const { data: prefill } = useSuspenseQuery(trpc.checkout.prefill.queryOptions())
  const { data: billingDetails } = useSuspenseQuery(trpc.checkout.billing.queryOptions())
  const create = useMutation(trpc.checkout.create.mutationOptions())
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const labels = useShippingLabels()
  const postcodeCheck = usePostcodeCheck()
  const quoteId = useId()
  const formKey = useRouteContext({ from: '__root__', select: (context) => context.site.formKey })
  // Posted before the page's script ran and refused by the server: the form as it was sent, and why.
  const posted = usePostedForm('checkout')
  const defaults: CheckoutValues = posted
    ? postedCheckout(posted.values)
    : {
        ...prefill,
        delivery: 'home',
        full_invoice: billingDetails.saved !== null,
        billing: billingDetails.saved ? billingFormValues(billingDetails.saved) : emptyBilling,
        address_confirmed: false,
      }
  const form = useForm({
    defaultValues: defaults,
    validators: {
      // docs/product.md#checkout: checked on submit, every field trimmed; each message beside its field.
      onSubmit: ({ value }) => {
        const shipping = fieldMessages(checkoutShippingSchema(value.delivery, addressNeeded(value)), value, i18n, isShippingField)
        const billing = value.full_invoice || invoiceRequired ? billingMessages(value.billing, i18n) : undefined
        // The postal code and town against Spain's list, where the schema's own rules passed (AddressFields).
        const postcode = addressNeeded(value) ? postcodeCheck(value, value.address_confirmed) : {}
        const failed = shipping || billing || Object.keys(postcode).length > 0
        return failed ? { fields: { ...postcode, ...shipping?.fields, ...billing?.fields } } : undefined
      },
    },
    // The shipping fields first, then who the invoice is made out to.
    onSubmitInvalid: ({ formApi }) => {
      if (firstInvalidField(formApi, fieldOrder)) focusFirstInvalid(fieldOrder)({ formApi })
      else focusFirstInvalidBilling(formApi, 'billing.')
    },
    onSubmit: async ({ value }) => {
      try {
        // Checked above with the server's own rules; the server parses and checks them again. A pickup
        // without a full invoice sends no address (whatever was typed before choosing it).
        const delivery = value.delivery
        const shipping = checkoutShippingSchema(delivery, addressNeeded(value)).parse(value)
        const billing = billingDetails.wholesale === null && (value.full_invoice || invoiceRequired) ? value.billing : null
        const addressConfirmed = value.address_confirmed
        // The draft's key: the same after a trip to the payment page, so the server resumes that order.
        let order = await create
          .mutateAsync({ shipping, delivery, billing, addressConfirmed, checkoutKey: checkoutKey() })
          .catch((error: unknown) => {
            // The key is someone else's now (a sign-out or sign-in on this tab): this form gets a new one.
            if (httpStatusOf(error) === 412)
              return create.mutateAsync({ shipping, delivery, billing, addressConfirmed, checkoutKey: renewCheckoutKey() })
            throw error
          })
        // The key's order was cancelled (from My orders, or when its payment time ran out): a new order.
        if (order.status === 'cancelled')
          order = await create.mutateAsync({ shipping, delivery, billing, addressConfirmed, checkoutKey: renewCheckoutKey() })
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
        // A method no longer offered (the owner changed the settings): the choices are asked for again.
        if (status === 400) await queryClient.invalidateQueries({ queryKey: trpc.checkout.delivery.queryKey() })
        toast.error(serverMessage(error, t`Error processing order`))
      }
    },
  })
  const postalCode = useStore(form.store, (state) => state.values.postal_code)
  const method = useStore(form.store, (state) => state.values.delivery)
  const { data: quotes } = useDeliveryQuotes(postalCode)
  const quote = chosenQuote(quotes, method)
  useEffect(() => onDelivery(quote), [quote, onDelivery])
  // The law wants a full invoice above 3.000 € (delivery counted); a wholesale customer's always names their approved company.
  const invoiceRequired = billingDetails.wholesale === null && fullInvoiceRequired(quote?.totalCents ?? totalCents)
  // The address: where home delivery goes, or for a pickup the buyer's when a full invoice names them
  // (a wholesale customer's always does).
  const addressNeeded = (values: CheckoutValues) =>
    values.delivery === 'home' || billingDetails.wholesale !== null || values.full_invoice || invoiceRequired
  const showAddress = useStore(form.store, (state) => addressNeeded(state.values))
  const busy = create.isPending || create.isSuccess
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  const unserved = useStore(form.store, (state) => isUnservedPostalCode(state.values.postal_code))
  const city = useStore(form.store, (state) => state.values.city)
  const addressConfirmed = useStore(form.store, (state) => state.values.address_confirmed)
  const wantsInvoice = useStore(form.store, (state) => state.values.full_invoice)
  const billingIdKind = useStore(form.store, (state) => state.values.billing.idKind)
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0)
  const refusal = postedRefusal(posted, checkoutFormFields, submitted)

  /** A typed value: kept in the tab's draft (AddressFields fills the province from the postal code). */
  const remember = (name: ShippingField, value: string) => saveCheckoutDraftField(name, value)

  // What the shopper typed in this tab wins over the prefill. sessionStorage exists only in the
  // browser, so the draft comes back after hydration (the server's HTML is the prefill).
  useEffect(() => {
    // A form the server refused is what was just sent: it stands as it is, and the draft keeps it.
    if (posted) {
      for (const name of fieldOrder) saveCheckoutDraftField(name, form.getFieldValue(name))
      return
    }
    const draft = readCheckoutDraft()
    for (const name of fieldOrder) {
      const value = draft[name]
      if (value !== undefined && name !== 'state') form.setFieldValue(name, value)
    }
    if (draft.postal_code !== undefined) form.setFieldValue('state', provinceOf(draft.postal_code) ?? '')
  }, [form, posted])

  /** One contact field, with its label, rules and message. */
  const renderField = (name: ShippingField) => (
    <form.Field key={name} name={name}>
      {(field) => {
        const props = fieldProps(field, refusal.error(name))
        return (
          <div className={wideFields.has(name) ? styles.wide : undefined}>
            <TextField
              autoFocus={refusal.firstInvalid === name}
              label={labels[name]}
              name={name}
              type={inputTypes[name] ?? 'text'}
              autoComplete={shippingAutoComplete[name]}
              required
              maxLength={shippingLimits[name].max}
              {...props}
              // Typed before the script ran: kept in the draft too, so the draft read below does not undo it.
              ref={keepTypedValue(field.state.value, (value) => {
                field.handleChange(value)
                remember(name, value)
              })}
              onChange={(event) => {
                props.onChange(event)
                remember(name, event.target.value)
              }}
            />
          </div>
        )
      }}
    </form.Field>
  )

  /** The address's fields (AddressFields, as /account's): each kept in the tab's draft as typed. */
  const addressField: AddressFieldSlot = (name, render) => (
    <form.Field key={name} name={name}>
      {(field) => {
        const props = addressFieldProps(field)
        return render({
          ...props,
          error: props.error ?? refusal.error(name),
          autoFocus: refusal.firstInvalid === name,
          onChange: (value) => {
            props.onChange(value)
            remember(name, value)
          },
        })
      }}
    </form.Field>
  )
  // The islands and cities not served: the notice under the postal code says why and where to ask, once.
  const askQuote = unserved && method === 'home'
  const postalCodeNotice = {
    id: quoteId,
    active: askQuote,
    content: (
      <p id={quoteId} className={askQuote ? styles.quote : undefined} role="status">
        {askQuote ? (
          <>
            {i18n._(messages.postalCodeNotServed)}{' '}
            <Link to="/contact" search={{ quote: postalCode.trim() }} className={styles.quoteLink}>
              <Trans>Ask for a quote</Trans>
            </Link>
          </>
        ) : null}
      </p>
    ),
  }

  return (
    <section className={styles.formCard} aria-labelledby="shipping-heading">
      <h2 id="shipping-heading" className={styles.cardTitle}>
        <Trans>Your details</Trans>
      </h2>
      <SignInOffer />
      <Form onSubmit={form.handleSubmit}>
        <FormError message={refusal.message} />
        {/* This checkout's key when the form is posted without the script (the script sends the tab's own). */}
        <input type="hidden" name="checkoutKey" value={posted?.values.checkoutKey || formKey} />
        <div className={styles.fields}>{contactOrder.map(renderField)}</div>
        <form.Field name="delivery">
          {(field) => (
            <DeliveryChoice quotes={quotes} postalCode={postalCode} homeFree={homeFree} value={field.state.value} onChange={field.handleChange} />
          )}
        </form.Field>
        {showAddress ? (
          <fieldset className={styles.invoice}>
            <legend className={styles.invoiceLegend}>{method === 'pickup' ? <Trans>Billing address</Trans> : <Trans>Delivery address</Trans>}</legend>
            <AddressFields
              field={addressField}
              postalCode={postalCode}
              city={city}
              fill={(name, value) => {
                form.setFieldValue(name, value)
                if (name === 'city') remember(name, value)
              }}
              confirmed={addressConfirmed}
              onConfirmedChange={(value) => {
                form.setFieldValue('address_confirmed', value)
                // Once submitted, the objection beside the postal code or town goes with the tick.
                if (form.state.submissionAttempts > 0) void form.validate('submit')
              }}
              required
              postalCodeNotice={postalCodeNotice}
            />
          </fieldset>
        ) : null}
        <InvoiceChoice
          required={invoiceRequired}
          wholesale={billingDetails.wholesale}
          wanted={wantsInvoice}
          idKind={billingIdKind}
          choice={(render) => <form.Field name="full_invoice">{(field) => render(field.state.value, field.handleChange)}</form.Field>}
          field={(name, render) => (
            <form.Field name={`billing.${name}`}>
              {(field) => {
                const props = billingFieldProps(field)
                return render({
                  ...props,
                  error: props.error ?? refusal.error(`billing.${name}`),
                  autoFocus: refusal.firstInvalid === `billing.${name}`,
                })
              }}
            </form.Field>
          )}
        />
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

/** The checkout's values as a refused post brought them back (core/checkout-form.ts's names). */
function postedCheckout(values: Record<string, string>): CheckoutValues {
  const value = (name: CheckoutFormField) => values[name] ?? ''
  const idKind = value('billing.idKind')
  return {
    full_name: value('full_name'),
    email: value('email'),
    phone: value('phone'),
    address_line1: value('address_line1'),
    address_line2: value('address_line2'),
    postal_code: value('postal_code'),
    city: value('city'),
    state: provinceOf(value('postal_code')) ?? '',
    country: value('country') || 'ES',
    delivery: value('delivery') === 'pickup' ? 'pickup' : 'home',
    full_invoice: value('full_invoice') !== '',
    billing: {
      name: value('billing.name'),
      idKind: isBillingIdKind(idKind) ? idKind : 'tax_id',
      taxId: value('billing.taxId'),
      country: value('billing.country'),
    },
    address_confirmed: value('address_confirmed') !== '',
  }
}

/**
 * The invoice (docs/product.md#invoices): a simplified one unless the buyer asks for a full one
 * ("I need a full invoice", with who it is made out to); required above 3.000 €, saying why; a
 * wholesale customer's always names the company they were approved with.
 */
function InvoiceChoice(props: {
  required: boolean
  wholesale: Billing | null
  wanted: boolean
  idKind: string
  choice: (render: (checked: boolean, onChange: (checked: boolean) => void) => ReactNode) => ReactNode
  field: BillingFieldSlot
}) {
  const { required, wholesale, wanted, idKind, choice, field } = props
  const id = useId()
  const limit = formatEuros(simplifiedInvoiceLimitCents, useLanguage())
  if (wholesale) {
    return (
      <fieldset className={styles.invoice}>
        <legend className={styles.invoiceLegend}>
          <Trans>Invoice</Trans>
        </legend>
        <p className={styles.invoiceNote}>
          <Trans>
            Your full invoice is made out to {wholesale.name} ({wholesale.taxId}), as your wholesale account was approved.
          </Trans>
        </p>
      </fieldset>
    )
  }
  return (
    <fieldset className={styles.invoice}>
      <legend className={styles.invoiceLegend}>
        <Trans>Invoice</Trans>
      </legend>
      {choice((checked, onChange) => (
        <div className={formStyles.checkbox}>
          <input
            type="checkbox"
            id={id}
            name="full_invoice"
            ref={keepTypedCheck(required || checked, onChange)}
            checked={required || checked}
            disabled={required}
            onChange={(event) => onChange(event.target.checked)}
            aria-describedby={`${id}-hint`}
          />
          <label htmlFor={id} className={formStyles.checkboxLabel}>
            <Trans>I need a full invoice</Trans>
          </label>
          <p id={`${id}-hint`} className={formStyles.checkboxHint}>
            {required ? (
              <Trans>Spanish law requires a full invoice for orders above {limit}: tell us who it is made out to.</Trans>
            ) : (
              <Trans>With your tax id, for a company or a self-employed professional. Otherwise you get a simplified invoice.</Trans>
            )}
          </p>
        </div>
      ))}
      {required || wanted ? <BillingFields idKind={idKind} field={field} /> : null}
    </fieldset>
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
